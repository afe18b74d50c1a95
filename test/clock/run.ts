import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { HARD_INSTANTS, MOST_TELLING, type HardInstant } from './hard-instants';

/**
 * `npm run test:clock [-- NAME… | --all] [--rules-only]`: the date-sensitive suites under Debian's
 * faketime at the hard instants (hard-instants.ts); by default the two most telling ones. faketime is
 * a prerequisite (`apt-get install faketime`): without it this fails, it never skips. Each run's
 * verdict and wall time are printed at the end. `--rules-only` runs the suites of the date rules alone
 * (EVERY_INSTANT_JEST) at every instant named, as CI does for its time.
 */

const ROOT = path.resolve(__dirname, '../..');

/**
 * What depends on the date, run at every instant: the server's windows, slots and booking rules (the
 * booking pages included), the demo, and the plugin's PHP through phpunit (WordPress at one version:
 * its date handling is the plugin's, not the core's; `npm test` runs every version at the real date).
 */
const EVERY_INSTANT_JEST = [
  'test/server/time-windows',
  'test/server/zoned-time-oracle',
  'test/server/booking',
  'test/server/public-api.contract',
  'test/server/start-up',
  'test/wordpress/wordpress-6.6',
];

/**
 * What shows those dates through Chromium (the booking flows) and the client libraries' suite: at the
 * first instant of a run only, as they take most of its time. The rules they show are the server's,
 * run at every instant above, and across clock changes with an injected clock in their own suites
 * (booking-pages-clock-changes). `npm run test:clock -- NAME` runs them at the instant named. The
 * blocks in WordPress through Chromium (blocks-6.6, about 2 minutes) are left to `npm test`: what
 * they show by the date is the plugin's PHP, which phpunit checks here at every instant (and across
 * clock changes with an injected clock: LocalTimeTest, RenderTest).
 */
const FIRST_INSTANT_ONLY_JEST = ['test/browser/'];

interface Outcome {
  instant: HardInstant;
  passed: boolean;
  seconds: number;
}

function chosenInstants(args: string[]): HardInstant[] {
  if (args.includes('--all')) return [...HARD_INSTANTS];
  const named = args.filter((arg) => !arg.startsWith('--'));
  const names = named.length > 0 ? named : [...MOST_TELLING];
  return names.map((name) => {
    const instant = HARD_INSTANTS.find((candidate) => candidate.name === name);
    if (!instant) throw new Error(`No hard instant is named "${name}". Known: ${HARD_INSTANTS.map((known) => known.name).join(', ')}`);
    return instant;
  });
}

/**
 * The environment of a faketime run: TZ=UTC (faketime reads its timestamp in the local zone, and
 * the instants are written in UTC), without the variables of a faketime this command itself runs
 * under (faketime around the whole CI run): the inner faketime would compute its offset from the
 * outer's fake clock and land elsewhere.
 */
function faketimeEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC' };
  for (const name of Object.keys(env)) if (name.startsWith('FAKETIME')) delete env[name];
  const preload = (env.LD_PRELOAD ?? '').split(/[\s:]+/).filter((library) => library !== '' && !library.includes('faketime'));
  if (preload.length > 0) env.LD_PRELOAD = preload.join(':');
  else delete env.LD_PRELOAD;
  return env;
}

/** faketime must be there and must really move Node's clock: a run under an unmoved clock would prove nothing. */
function checkFaketime(instant: HardInstant): void {
  const probe = spawnSync('faketime', [instant.utc, process.execPath, '-e', 'process.stdout.write(String(Date.now()))'], { encoding: 'utf8', env: faketimeEnvironment() });
  if (probe.error || probe.status !== 0) {
    throw new Error(`faketime is required for npm run test:clock (apt-get install faketime): ${probe.error?.message ?? probe.stderr}`);
  }
  const expected = Date.parse(`${instant.utc.replace(' ', 'T')}Z`);
  if (Math.abs(Number(probe.stdout) - expected) > 60_000) {
    throw new Error(`faketime did not move the clock to ${instant.utc} UTC (Node read ${new Date(Number(probe.stdout)).toISOString()})`);
  }
}

function runUnderFaketime(instant: HardInstant, command: string[], cwd: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn('faketime', [instant.utc, ...command], { cwd, stdio: 'inherit', env: faketimeEnvironment() });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function runAt(instant: HardInstant, first: boolean): Promise<Outcome> {
  checkFaketime(instant);
  process.stdout.write(`\n== ${instant.name}: ${instant.utc} UTC, ${instant.when}: ${instant.why}\n`);
  const started = Date.now();
  const suites = first ? [...EVERY_INSTANT_JEST, ...FIRST_INSTANT_ONLY_JEST] : EVERY_INSTANT_JEST;
  const jest = await runUnderFaketime(instant, ['npx', 'jest', '--ci', ...suites], ROOT);
  const client = first ? await runUnderFaketime(instant, ['npx', 'vitest', 'run'], path.join(ROOT, 'client')) : true;
  return { instant, passed: jest && client, seconds: Math.round((Date.now() - started) / 1000) };
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--all' && arg !== '--rules-only');
  if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(', ')}: test:clock takes instant names, --all and --rules-only`);
  const rulesOnly = args.includes('--rules-only');
  for (const instant of chosenInstants(args)) outcomes.push(await runAt(instant, outcomes.length === 0 && !rulesOnly));
  process.stdout.write('\n== test:clock\n');
  for (const { instant, passed, seconds } of outcomes) {
    process.stdout.write(`${passed ? 'passed' : 'FAILED'}  ${instant.name.padEnd(22)} ${instant.utc} UTC  ${String(seconds).padStart(4)} s  ${instant.when}\n`);
  }
  if (outcomes.some((outcome) => !outcome.passed)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
