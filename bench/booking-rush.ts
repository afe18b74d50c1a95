import { Browser, readPostForm, type PageResponse } from '../test/support/booking-form';

/**
 * Students booking one class at the same moment through the hosted booking page, over real HTTP:
 * each is a browser of its own (the tests' minimal one, test/support/booking-form.ts: plain
 * node:http, nothing of jest; it keeps its cookies and opens a connection per request), GETs
 * `/book/{classId}`, fills in the form (its hidden `_csrf` and `idempotencyKey` kept) and posts it.
 * A student refused because the class filled up meanwhile does what the answer offers: posts its
 * waitlist form (`intent=waitlist`) as it is shown.
 */

/** Far above what a healthy run takes: a hung request fails the bench instead of stalling it. */
const RUSH_TIMEOUT_MS = 180_000;

export interface StudentOutcome {
  email: string;
  /** the access token of the booking (from the 303's Location) */
  accessToken: string;
  /** confirmed at the first post, or on the waitlist after the class filled up */
  joinedWaitlist: boolean;
  /** ms from sending each POST to its whole answer, in order */
  postMs: number[];
}

export interface RushResult {
  students: StudentOutcome[];
  /** from the first GET to the last answer, ms */
  wallMs: number;
  /** students answered 303: a seat, or a place in line (a failure of any throws) */
  bookings: number;
  posts: number;
  /** POSTs answered 409 because the class had filled up meanwhile (each followed by a waitlist POST) */
  refusedFull: number;
  postLatenciesMs: number[];
}

const studentEmail = (label: string, index: number) => `student-${label}-${index}@bench.example`;

export async function rushClass(baseUrl: string, classId: string, students: number, label: string): Promise<RushResult> {
  const began = performance.now();
  const rush = Promise.all(Array.from({ length: students }, (_, index) => bookAsStudent(baseUrl, classId, studentEmail(label, index), index)));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${students} students booking ${classId} did not finish within ${RUSH_TIMEOUT_MS / 1000} s`)), RUSH_TIMEOUT_MS);
  });
  const outcomes = await Promise.race([rush, timeout]).finally(() => clearTimeout(timer));
  const wallMs = performance.now() - began;
  const postLatenciesMs = outcomes.flatMap((outcome) => outcome.postMs);
  return {
    students: outcomes,
    wallMs,
    bookings: outcomes.length,
    posts: postLatenciesMs.length,
    refusedFull: outcomes.filter((outcome) => outcome.joinedWaitlist).length,
    postLatenciesMs,
  };
}

async function bookAsStudent(baseUrl: string, classId: string, email: string, index: number): Promise<StudentOutcome> {
  const browser = new Browser(baseUrl, { 'Accept-Language': 'en' });
  const guest = { firstName: `Student${index}`, lastName: 'Bench', email, terms: 'yes' };
  const postMs: number[] = [];
  const timed = async (post: () => Promise<PageResponse>) => {
    const sent = performance.now();
    const answer = await post();
    postMs.push(performance.now() - sent);
    return answer;
  };

  const form = await browser.openForm(`/book/${classId}`);
  let answer = await timed(() => browser.submit(form, guest));
  let joinedWaitlist = false;
  if (answer.status === 409) {
    // The class filled up between the GET and the POST: the answer is the page of a full class.
    const waitlistForm = readPostForm(answer.html);
    if (waitlistForm?.hidden.intent !== 'waitlist') throw new Error(`${email}: POST /book/${classId} answered 409 without a waitlist form:\n${answer.html.slice(0, 1500)}`);
    joinedWaitlist = true;
    answer = await timed(() => browser.post(waitlistForm.action ?? `/book/${classId}`, { ...waitlistForm.hidden, ...waitlistForm.chosen, ...guest }));
  }
  const accessToken = /^\/booking\/([A-Za-z0-9_-]+)$/.exec(answer.location ?? '')?.[1];
  if (answer.status !== 303 || !accessToken) {
    throw new Error(`${email}: POST /book/${classId} answered ${answer.status} (Location ${String(answer.location)}), not a 303 to a new booking:\n${answer.html.slice(0, 1500)}`);
  }
  return { email, accessToken, joinedWaitlist, postMs };
}
