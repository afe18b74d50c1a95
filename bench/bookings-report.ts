import type { CpuUse } from './cpu';
import type { DeliveryRun } from './delivery-rate';
import type { RushCheck } from './booking-checks';
import type { RushedClass } from './booking-studio';
import type { RushResult } from './booking-rush';
import { BOOKINGS_HEADING } from './results-file';
import { num, reportOpening, table } from './report';

/** The bookings part's section of bench/last-results.md, and the lines it logs as it goes. */

export interface RushFigure {
  round: number;
  rushed: RushedClass;
  rush: RushResult;
  check: RushCheck;
  /** CPU use of the server process (target) and the database during the rush */
  cpu: CpuUse;
}

export interface DeliveryFigure {
  round: number;
  run: DeliveryRun;
}

export interface BookingsReportInput {
  startedAt: Date;
  machine: string;
  method: string;
  duration: string;
  rushes: RushFigure[];
  deliveries: DeliveryFigure[];
}

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

const bookingsPerSecond = (rush: RushResult) => rush.bookings / (rush.wallMs / 1000);
const perBooking = (ms: number, rush: RushResult) => num(ms / rush.bookings, 1);
const destinationName = (run: DeliveryRun) => (run.destination === 'smtp' ? 'SMTP' : '.eml files');
const destinationOrder = (run: DeliveryRun) => (run.destination === 'smtp' ? 0 : 1);

export function rushLine(figure: RushFigure): string {
  const { rush, check, rushed } = figure;
  return (
    `round ${figure.round} ${rushed.name.padEnd(13)} ${rush.bookings} bookings in ${num(rush.wallMs / 1000, 2)} s: ${num(bookingsPerSecond(rush), 1)} bookings/s;` +
    ` POST p50 ${num(percentile(rush.postLatenciesMs, 0.5), 1)} ms p99 ${num(percentile(rush.postLatenciesMs, 0.99), 1)} ms; ${check.confirmed} confirmed, ${check.waiting} waiting` +
    ` (other load ${num(figure.cpu.otherCpus, 1)} CPU)`
  );
}

export function deliveryLine(figure: DeliveryFigure): string {
  const { run } = figure;
  return `round ${figure.round} ${run.workers} worker(s) to ${destinationName(run).padEnd(10)} ${run.messages} messages in ${num(run.seconds, 2)} s: ${num(run.perSecond, 1)} messages/s (other load ${num(run.otherCpus, 1)} CPU)`;
}

export function rushTable(rushes: RushFigure[]): string {
  return table(
    ['class', 'round', 'students', 'wall s', 'bookings/s', 'POSTs (409 then waitlist)', 'POST p50 ms', 'POST p99 ms', 'confirmed / waiting', 'CPU ms/booking server / database', 'other load (CPU)'],
    rushes.map(({ round, rushed, rush, check, cpu }) => [
      rushed.name,
      String(round),
      String(rush.bookings),
      num(rush.wallMs / 1000, 2),
      num(bookingsPerSecond(rush), 1),
      `${rush.posts} (${rush.refusedFull})`,
      num(percentile(rush.postLatenciesMs, 0.5), 1),
      num(percentile(rush.postLatenciesMs, 0.99), 1),
      `${check.confirmed} / ${check.waiting}`,
      `${perBooking(cpu.targetMs, rush)} / ${perBooking(cpu.databaseMs, rush)}`,
      num(cpu.otherCpus, 1),
    ]),
  );
}

export function deliveryTable(deliveries: DeliveryFigure[]): string {
  return table(
    ['to', 'workers', 'round', 'messages', 'seconds', 'messages/s', 'delivered by each worker', 'CPU µs/message workers / database', 'other load (CPU)'],
    [...deliveries]
      .sort((a, b) => destinationOrder(a.run) - destinationOrder(b.run) || a.run.workers - b.run.workers || a.round - b.round)
      .map(({ round, run }) => [
        destinationName(run),
        String(run.workers),
        String(round),
        String(run.messages),
        num(run.seconds, 2),
        num(run.perSecond, 1),
        run.shares.join(' / '),
        `${num(run.workerUsPerMessage)} / ${num(run.databaseUsPerMessage)}`,
        num(run.otherCpus, 1),
      ]),
  );
}

export function bookingsReport(input: BookingsReportInput): string {
  return [
    ...reportOpening(BOOKINGS_HEADING, input.startedAt, [
      ['Machine', input.machine],
      ['Method', input.method],
      ['Bench duration', input.duration],
    ]),
    '## Bookings: 200 students at once on one class, through the hosted booking page (OUTBOX_WORKER=off)',
    '',
    rushTable(input.rushes),
    '',
    '## Outbox delivery: the due messages of one round (its warm-up included)',
    '',
    deliveryTable(input.deliveries),
    '',
  ].join('\n');
}
