import type { Frame } from 'playwright-core';

/** A student's details as the class booking form asks them. */
export interface FramedGuest {
  firstName: string;
  lastName: string;
  email: string;
}

/** Fills the class booking form shown in a frame (a booking dialog) and agrees to the terms, as a student does. */
export async function fillBookingForm(frame: Frame, guest: FramedGuest): Promise<void> {
  await frame.getByLabel('First name', { exact: true }).fill(guest.firstName);
  await frame.getByLabel('Last name', { exact: true }).fill(guest.lastName);
  await frame.getByLabel('Email', { exact: true }).fill(guest.email);
  await frame.getByRole('checkbox', { name: /^I agree/ }).check();
}

/** Books the class shown in the frame: the form filled, Book now, and the frame on the booking's own page. */
export async function bookInFrame(frame: Frame, guest: FramedGuest): Promise<void> {
  await fillBookingForm(frame, guest);
  await Promise.all([frame.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/), frame.getByRole('button', { name: 'Book now' }).click()]);
}
