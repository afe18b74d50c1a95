import fs from 'node:fs';
import path from 'node:path';
import { addDays, dateToUtcMidnight, weekdayIndex } from '../domain/time/calendar';
import { todayIn } from '../domain/time/zoned-time';

/** The demo studio document shipped with the project. */
const DEMO_DOCUMENT_PATH = path.resolve(__dirname, '../../demo/demo-studio.json');

/**
 * The demo's logo and photos ship with the server (server/demo/images, our own drawings), served at
 * DEMO_ASSETS_PATH, so a newcomer's first look has no broken image. The API serves images as
 * absolute URLs, and the server's address is only known when it runs: the document names them on a
 * reserved placeholder host (`.invalid`, RFC 2606), replaced by PUBLIC_BASE_URL when the demo is loaded.
 */
export const DEMO_IMAGES_DIR = path.resolve(__dirname, '../../demo/images');
/** The demo studio's page of terms of booking and privacy notice (server/demo/pages), served at DEMO_ASSETS_PATH too: its booking forms link it. */
export const DEMO_PAGES_DIR = path.resolve(__dirname, '../../demo/pages');
export const DEMO_ASSETS_PATH = '/demo-assets';
const DEMO_ASSET_PLACEHOLDER = `https://studio-data.invalid${DEMO_ASSETS_PATH}/`;

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function readDemoDocument(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(DEMO_DOCUMENT_PATH, 'utf8')) as Record<string, unknown>;
}

export function demoStudioId(document: Record<string, unknown> = readDemoDocument()): string {
  return (document.studio as { id: string }).id;
}

/**
 * The demo document moved on so that its first week becomes last week in the studio's zone, and the
 * demo always shows a current schedule (and a year ahead), whenever it is started. Its classes move
 * by whole weeks, so weekdays stay weekdays and each week shows what its week of the document shows
 * (the client's suite counts the classes of the current week, the document's second). A one-off
 * event keeps its day of the year instead (the New Year's Eve party stays on 31 December, the
 * Christmas showcase in December), in the year that puts it among the moved weeks.
 */
export function rollDemoDocument(document: Record<string, unknown>, nowMs: number): Record<string, unknown> {
  const zone = (document.studio as { timezone: string }).timezone;
  const dates = collectDates(document);
  if (dates.length === 0) return document;
  const earliest = dates.reduce((a, b) => (a < b ? a : b));
  const documentMonday = mondayOf(earliest);
  const targetMonday = addDays(mondayOf(todayIn(zone, nowMs)), -7);
  const shiftDays = Math.round((dateToUtcMidnight(targetMonday) - dateToUtcMidnight(documentMonday)) / DAY_MS);
  const byWeeks = (date: string) => addDays(date, shiftDays);
  // 53 weeks from last Monday: every day of the year has a date in them.
  const span = { first: targetMonday, last: addDays(targetMonday, 53 * 7 - 1) };
  const rolled = mapDates(document, byWeeks) as Record<string, unknown>;
  if (!Array.isArray(document.classes)) return rolled;
  rolled.classes = (document.classes as DemoEntry[]).map((entry, index) => {
    const moved = (rolled.classes as DemoEntry[])[index] as DemoEntry;
    const isOneOffEvent = typeof entry.date === 'string' && entry.danceType === null;
    return isOneOffEvent ? { ...moved, date: sameDayOfYearAmong(entry.date as string, byWeeks(entry.date as string), span) } : moved;
  });
  return rolled;
}

interface DemoEntry {
  date?: string;
  danceType?: string | null;
}

/**
 * `date`'s month and day (28 February for a 29th in a common year) in the year nearest to `near`
 * that falls within `span`, or nearest to `near` when no year does.
 */
function sameDayOfYearAmong(date: string, near: string, span: { first: string; last: string }): string {
  const year = Number(near.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((candidate) => onDayOfYear(candidate, date.slice(5)));
  const within = candidates.filter((candidate) => candidate >= span.first && candidate <= span.last);
  const distance = (candidate: string) => Math.abs(dateToUtcMidnight(candidate) - dateToUtcMidnight(near));
  return (within.length > 0 ? within : candidates).reduce((best, candidate) => (distance(candidate) < distance(best) ? candidate : best));
}

function onDayOfYear(year: number, monthDay: string): string {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/**
 * Whether an address is one the demo loader wrote: its assets named on a server's address, not on the
 * document's placeholder host (a document pushed as the file is) nor anywhere else (a studio's own).
 */
export function isLoadedDemoAddress(url: string | null): boolean {
  return url !== null && url.includes(`${DEMO_ASSETS_PATH}/`) && !url.startsWith(DEMO_ASSET_PLACEHOLDER);
}

/** The demo document with its images (and its terms and privacy notice) named on the server's public address (`PUBLIC_BASE_URL`, no trailing slash). */
export function pointDemoImagesAt(document: Record<string, unknown>, publicBaseUrl: string): Record<string, unknown> {
  return mapStrings(document, (value) =>
    value.startsWith(DEMO_ASSET_PLACEHOLDER) ? `${publicBaseUrl}${DEMO_ASSETS_PATH}/${value.slice(DEMO_ASSET_PLACEHOLDER.length)}` : value,
  ) as Record<string, unknown>;
}

function mondayOf(date: string): string {
  return addDays(date, -((weekdayIndex(date) + 6) % 7));
}

function collectDates(value: unknown, found: string[] = []): string[] {
  mapDates(value, (date) => {
    found.push(date);
    return date;
  });
  return found;
}

/** Applies `change` to every `YYYY-MM-DD` string of the document (class dates, series bounds and exceptions). */
function mapDates(value: unknown, change: (date: string) => string): unknown {
  return mapStrings(value, (text) => (DATE_VALUE.test(text) ? change(text) : text));
}

/** Applies `change` to every string value of the document (not to keys). */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  }
  return value;
}
