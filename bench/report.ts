import type { Memory } from './processes';
import type { Measurement } from './measure';

/** The bench's Markdown report: the figures of every run and the summary against the targets. */

export const HIT_RATIO_TARGET = 0.8;
/** Cache hits against raw node:http writing the same bytes (issue 17). */
export const RAW_HIT_RATIO_TARGET = 0.9;
export const MISS_P99_TARGET_MS = 50;
export const RSS_TARGET_MB = 250;

export interface EndpointResult {
  name: string;
  path: string;
  bytes: number;
  /** the server's cache hits, measured in turn with the ceiling's */
  hit: Measurement;
  ceiling: Measurement;
  /** the server and raw node:http serving the same bytes, measured at once */
  raw: AtOnce;
  miss: Measurement;
  /** cache hits asked for as a browser asks (Accept-Encoding: br, gzip), when the answer is long enough to be compressed: the server and raw at once */
  compressed?: AtOnce & { bytes: number; coding: string };
}

/**
 * The server's cache hits and raw node:http's, loaded at the same time on the same CPU (api-bench.ts):
 * each run's rate is a share of that CPU, and their ratio is what each side's CPU per answer makes of it.
 */
export interface AtOnce {
  hit: Measurement;
  raw: Measurement;
}

export interface ReportInput {
  startedAt: Date;
  machine: string;
  dataSet: string;
  load: string;
  duration: string;
  method: string;
  endpoints: EndpointResult[];
  memory: { label: string; memory: Memory }[];
}

const ok = (met: boolean) => (met ? 'yes' : '**NO**');
export const num = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => num(value, 1);
const cpus = (value: number) => num(value, 1);
const ratio = (server: Measurement, ceiling: Measurement) => (ceiling.requestsPerSecond > 0 ? server.requestsPerSecond / ceiling.requestsPerSecond : 0);
/** A run counts only when it was answered, and answered well: a run whose requests all outlasted it answered nothing, and meets no target. */
const answeredWell = (m: Measurement) => m.requestsPerSecond > 0 && m.non2xx + m.errors === 0;
/** `: 404 × 4, 503 × 640` (by status), where the statuses of the answers that were not 2xx are known */
const statuses = (m: Measurement) => {
  const counted = Object.entries(m.non2xxByStatus ?? {});
  return counted.length === 0 ? '' : `: ${counted.map(([status, count]) => `${status} × ${num(count)}`).join(', ')}`;
};
export const failures = (m: Measurement) =>
  m.requestsPerSecond === 0 ? ' (nothing answered within the run)' : m.non2xx + m.errors > 0 ? ` (${m.non2xx} non-2xx${statuses(m)}, ${m.errors} errors)` : '';
const hitMet = (r: EndpointResult) => ratio(r.hit, r.ceiling) >= HIT_RATIO_TARGET && answeredWell(r.hit);
const rawHitMet = ({ hit, raw }: AtOnce) => ratio(hit, raw) >= RAW_HIT_RATIO_TARGET && answeredWell(hit) && answeredWell(raw);
/** The at-once ratio by CPU per answer: what the rates' ratio reads while each side gets half the CPU (api-bench.ts, atOnce). */
export const cpuRatio = ({ hit, raw }: AtOnce) => (hit.cpuUsPerRequest > 0 ? raw.cpuUsPerRequest / hit.cpuUsPerRequest : 0);
/** Each side's wait for the CPU while runnable during a run at once (s a second): apart, the scheduler shared the CPU unevenly. */
const waits = ({ hit, raw }: AtOnce) => `${num(hit.waitingShare, 2)} / ${num(raw.waitingShare, 2)}`;
/** `; by CPU per answer 9/15 (lowest 0.84)`: the at-once runs read by their CPU per answer. */
const byCpuPerAnswer = (runs: AtOnce[]) =>
  runs.length === 0
    ? ''
    : `; by CPU per answer ${runs.filter((run) => cpuRatio(run) >= RAW_HIT_RATIO_TARGET).length}/${runs.length} (lowest ${num(Math.min(...runs.map(cpuRatio)), 2)})`;
const missMet = (r: EndpointResult) => r.miss.p99Ms < MISS_P99_TARGET_MS && answeredWell(r.miss);

export function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export function hitsTable(results: EndpointResult[]): string {
  return table(
    [
      'endpoint',
      'bytes',
      'server req/s',
      'p50 ms',
      'p99 ms',
      'ceiling req/s',
      'p50 ms',
      'p99 ms',
      'server/ceiling',
      `>= ${HIT_RATIO_TARGET}`,
      'at once: server / raw req/s',
      'server/raw',
      `>= ${RAW_HIT_RATIO_TARGET}`,
      'CPU µs/req server / ceiling / raw (at once: server / raw)',
      'other load (CPU) server / ceiling / raw',
      'at once: waiting for the CPU (s a second) server / raw',
    ],
    results.map((r) => [
      r.name,
      num(r.bytes),
      num(r.hit.requestsPerSecond) + failures(r.hit),
      ms(r.hit.p50Ms),
      ms(r.hit.p99Ms),
      num(r.ceiling.requestsPerSecond) + failures(r.ceiling),
      ms(r.ceiling.p50Ms),
      ms(r.ceiling.p99Ms),
      num(ratio(r.hit, r.ceiling), 2),
      ok(hitMet(r)),
      `${num(r.raw.hit.requestsPerSecond)}${failures(r.raw.hit)} / ${num(r.raw.raw.requestsPerSecond)}${failures(r.raw.raw)}`,
      num(ratio(r.raw.hit, r.raw.raw), 2),
      ok(rawHitMet(r.raw)),
      `${num(r.hit.cpuUsPerRequest)} / ${num(r.ceiling.cpuUsPerRequest)} (${num(r.raw.hit.cpuUsPerRequest)} / ${num(r.raw.raw.cpuUsPerRequest)})`,
      `${cpus(r.hit.otherCpus)} / ${cpus(r.ceiling.otherCpus)} / ${cpus(r.raw.raw.otherCpus)}`,
      waits(r.raw),
    ]),
  );
}

export function compressedHitsTable(results: EndpointResult[]): string {
  return table(
    ['endpoint', 'bytes (coding)', 'server req/s (at once with raw)', 'p50 ms', 'p99 ms', 'raw req/s', 'p50 ms', 'p99 ms', 'server/raw', `>= ${RAW_HIT_RATIO_TARGET}`, 'CPU µs/req server / raw', 'other load (CPU) server / raw', 'waiting for the CPU (s a second) server / raw'],
    results.flatMap(({ name, compressed: c }) =>
      c
        ? [
            [
              name,
              `${num(c.bytes)} (${c.coding})`,
              num(c.hit.requestsPerSecond) + failures(c.hit),
              ms(c.hit.p50Ms),
              ms(c.hit.p99Ms),
              num(c.raw.requestsPerSecond) + failures(c.raw),
              ms(c.raw.p50Ms),
              ms(c.raw.p99Ms),
              num(ratio(c.hit, c.raw), 2),
              ok(rawHitMet(c)),
              `${num(c.hit.cpuUsPerRequest)} / ${num(c.raw.cpuUsPerRequest)}`,
              `${cpus(c.hit.otherCpus)} / ${cpus(c.raw.otherCpus)}`,
              waits(c),
            ],
          ]
        : [],
    ),
  );
}

export function missesTable(results: EndpointResult[]): string {
  return table(
    [
      'endpoint',
      'server req/s',
      'p50 ms',
      'p99 ms',
      'ceiling req/s (same endpoint)',
      'server/ceiling',
      `p99 < ${MISS_P99_TARGET_MS} ms`,
      'CPU µs/req server / database',
      'other load (CPU)',
    ],
    results.map((r) => [
      r.name,
      num(r.miss.requestsPerSecond) + failures(r.miss),
      ms(r.miss.p50Ms),
      ms(r.miss.p99Ms),
      num(r.ceiling.requestsPerSecond),
      num(ratio(r.miss, r.ceiling), 3),
      ok(missMet(r)),
      `${num(r.miss.cpuUsPerRequest)} / ${num(r.miss.databaseUsPerRequest)}`,
      cpus(r.miss.otherCpus),
    ]),
  );
}

export function memoryTable(memory: ReportInput['memory']): string {
  return table(
    ['server process', 'VmRSS MB', 'VmHWM (peak) MB', `peak < ${RSS_TARGET_MB} MB`],
    memory.map(({ label, memory: m }) => [label, num(m.rssMb, 1), num(m.peakMb, 1), ok(m.peakMb < RSS_TARGET_MB)]),
  );
}

export function summaryTable(input: ReportInput): string {
  const results = input.endpoints;
  const worstHit = results.reduce((a, b) => (ratio(b.hit, b.ceiling) < ratio(a.hit, a.ceiling) ? b : a));
  const hitsMet = results.filter(hitMet).length;
  const worstRawHit = results.reduce((a, b) => (ratio(b.raw.hit, b.raw.raw) < ratio(a.raw.hit, a.raw.raw) ? b : a));
  const rawHitsMet = results.filter((r) => rawHitMet(r.raw)).length;
  const compressed = results.flatMap((r) => (r.compressed ? [{ name: r.name, ...r.compressed }] : []));
  const compressedMet = compressed.filter((c) => rawHitMet(c)).length;
  const worstCompressed = compressed.reduce<(typeof compressed)[number] | undefined>((a, b) => (a === undefined || ratio(b.hit, b.raw) < ratio(a.hit, a.raw) ? b : a), undefined);
  const worstMiss = results.reduce((a, b) => (b.miss.p99Ms > a.miss.p99Ms ? b : a));
  const missesMet = results.filter(missMet).length;
  const unansweredMisses = results.filter((r) => r.miss.requestsPerSecond === 0).map((r) => r.name);
  const peak = input.memory.reduce((a, b) => (b.memory.peakMb > a.memory.peakMb ? b : a));
  return table(
    ['target', 'result', 'met'],
    [
      [
        `cache hits >= ${HIT_RATIO_TARGET} of the ceiling (req/s)`,
        `${hitsMet}/${results.length} endpoints; lowest ${num(ratio(worstHit.hit, worstHit.ceiling), 2)} (${worstHit.name})`,
        ok(hitsMet === results.length),
      ],
      [
        `cache hits >= ${RAW_HIT_RATIO_TARGET} of raw node:http (req/s)`,
        `${rawHitsMet}/${results.length} endpoints; lowest ${num(ratio(worstRawHit.raw.hit, worstRawHit.raw.raw), 2)} (${worstRawHit.name})${byCpuPerAnswer(results.map((r) => r.raw))}`,
        ok(rawHitsMet === results.length),
      ],
      [
        `compressed cache hits >= ${RAW_HIT_RATIO_TARGET} of raw node:http writing the same compressed bytes (req/s)`,
        worstCompressed
          ? `${compressedMet}/${compressed.length} endpoints; lowest ${num(ratio(worstCompressed.hit, worstCompressed.raw), 2)} (${worstCompressed.name})${byCpuPerAnswer(compressed)}`
          : 'no answer was long enough to be compressed',
        ok(compressedMet === compressed.length && compressed.length > 0),
      ],
      [
        `cache misses p99 < ${MISS_P99_TARGET_MS} ms with 20 connections`,
        `${missesMet}/${results.length} endpoints; highest p99 ${ms(worstMiss.miss.p99Ms)} ms (${worstMiss.name})` +
          (unansweredMisses.length > 0 ? `; nothing answered within the run: ${unansweredMisses.join(', ')}` : ''),
        ok(missesMet === results.length),
      ],
      [`resident memory < ${RSS_TARGET_MB} MB`, `peak ${num(peak.memory.peakMb, 1)} MB (${peak.label})`, ok(peak.memory.peakMb < RSS_TARGET_MB)],
    ],
  );
}

/** The opening of a part of the report: its heading with when the run started, then one "- Label: value" line per fact. */
export function reportOpening(heading: string, startedAt: Date, facts: [string, string][]): string[] {
  return [`${heading}: ${startedAt.toISOString()}`, '', ...facts.map(([label, value]) => `- ${label}: ${value}`), ''];
}

export function fullReport(input: ReportInput): string {
  return [
    ...reportOpening('# Studio Data bench', input.startedAt, [
      ['Machine', input.machine],
      ['Data set', input.dataSet],
      ['Load', input.load],
      ['Method', input.method],
      ['Bench duration', input.duration],
    ]),
    '## Summary',
    '',
    summaryTable(input),
    '',
    '## Cache hits (the same URL of studio bench-001, again and again)',
    '',
    hitsTable(input.endpoints),
    '',
    '## Cache hits, compressed (`Accept-Encoding: br, gzip`, as a browser asks; the answers of a kilobyte or more)',
    '',
    compressedHitsTable(input.endpoints),
    '',
    '## Cache misses (RESPONSE_CACHE_MB=0; random studio among 200, random `from` within the year)',
    '',
    missesTable(input.endpoints),
    '',
    '## Resident memory',
    '',
    memoryTable(input.memory),
    '',
  ].join('\n');
}
