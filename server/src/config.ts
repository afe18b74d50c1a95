import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from './http/api/client-address';
import { parseDatabaseUrl, type DatabaseLocation } from './data/database-url';

/**
 * The server's configuration, read from the environment once at boot and validated: a bad value
 * stops the server with a message naming the variable, instead of surfacing later as odd behaviour.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  database: DatabaseLocation;
  publicBaseUrl: string;
  checkoutBaseUrl: string;
  cacheMaxAgeSeconds: number;
  rateLimitPerMinute: number;
  logLevel: string;
  /** cache hits of the public API logged one by one each second; those past it are counted into one line */
  logCacheHitsPerSecond: number;
  /** `auto`: load the demo studio into an empty database and keep it current; `off`: never */
  demoStudio: 'auto' | 'off';
  /** memory for cached response bodies; 0 turns the response cache off */
  responseCacheMegabytes: number;
  /** how often the server looks for studios changed by another process (an import) */
  changePollMilliseconds: number;
  /** Express `trust proxy`: set when behind a reverse proxy, so rate limits see the client's address */
  trustProxy: TrustProxy;
  /** defaults a deployment should not run on, to be logged at start (deploymentWarnings) */
  warnings: string[];
  /** signs the booking forms' CSRF tokens; the same on every instance (random per start when unset) */
  bookingSecret: string;
  /** booking form submissions per client IP per 10 minutes; 0 turns the limit off */
  bookingPostsPerTenMinutes: number;
  mail: MailConfig;
  /** `on`: this process delivers the outbox too (every server by default); `off`: another process does (`npm run worker`) */
  outboxWorker: 'on' | 'off';
  /** how often an idle delivery worker looks for due messages */
  outboxPollMilliseconds: number;
  /** how long a finished outbox message is kept (0: for ever) */
  outboxRetentionDays: number;
  /** studio API requests per studio key per minute; 0 turns the limit off */
  studioRateLimitPerMinute: number;
  /** studio API requests refused for a missing or unknown key, per client address per minute, before the address is refused (429); 0: no limit */
  studioFailedKeysPerMinute: number;
  /** webhooks to localhost / 127.0.0.1 (http too) accepted: for a development server (the default when PUBLIC_BASE_URL is local) */
  webhooksToLocalhost: boolean;
  /** the instances' shared state (rate limits, studio change messages); null: each process keeps its own */
  redisUrl: string | null;
  /** prepended to every Redis key and channel, so several deployments (or tests) can share one Redis */
  redisKeyPrefix: string;
  /** a read replica for the public API's reads; null: every read goes to DATABASE_URL */
  databaseReadUrl: string | null;
  databaseRead: DatabaseLocation | null;
  /** a replica further behind than this is bypassed */
  replicaMaxLagSeconds: number;
  /** public answers: how long a shared cache (a CDN) may serve them stale while it revalidates, and when the server fails */
  cacheStaleWhileRevalidateSeconds: number;
  cacheStaleIfErrorSeconds: number;
  /** called (POST) with the studio's surrogate keys after an import; null: no CDN to purge */
  cdnPurgeUrl: string | null;
  /** sent as `Authorization: Bearer …` with the purge */
  cdnPurgeToken: string | null;
}

export interface MailConfig {
  /** `smtp://user:pass@host:port` or `smtps://…`; null: emails are written as .eml files into `directory` */
  smtpUrl: string | null;
  /** the sender, `Name <address>` */
  from: string;
  /** where emails go without SMTP_URL */
  directory: string;
}

const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** A whole number written in digits: ' ' (read as 0), '1e3' and '0x1072' are typos, not numbers. */
const integer = (min: number, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value), z.number({ message: 'expected a whole number' }).int('expected a whole number').min(min).max(max));
const baseUrl = z
  .string()
  .url('expected an absolute http(s) URL')
  .refine((value) => /^https?:\/\//.test(value), 'expected an http or https URL')
  .transform((value) => value.replace(/\/+$/, ''));
/** The server's own public addresses: the pages name their assets and forms from the root (/booking-assets/…, /book/…), which under a path would break. */
const hostAddress = baseUrl.refine((value) => /^[^:]+:\/\/[^/?#]+$/.test(value), 'expected the address of a host, without a path (https://api.example.com): the server is served from the root of its host');

const environmentSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/studio-data.sqlite'),
  PUBLIC_BASE_URL: hostAddress.optional(),
  CHECKOUT_BASE_URL: hostAddress.optional(),
  CACHE_MAX_AGE: integer(0, 31_536_000).default(60),
  RATE_LIMIT_PER_MINUTE: integer(0, 10_000_000).default(1200),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_CACHE_HITS_PER_SECOND: integer(0, 10_000_000).default(100),
  DEMO_STUDIO: z.enum(['auto', 'off'], { message: 'expected auto or off' }).default('auto'),
  RESPONSE_CACHE_MB: integer(0, 4096).default(64),
  CHANGE_POLL_MS: integer(100, 3_600_000).default(1000),
  TRUST_PROXY: z.string().transform(readTrustProxy).optional(),
  BOOKING_SECRET: z.string().min(32, 'use at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  BOOKING_RATE_LIMIT: integer(0, 1_000_000).default(30),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'expected smtp://user:pass@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .refine((value) => /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(value.trim()), 'expected "Name <address@example.com>" or an address')
    .default('Studio Data <no-reply@localhost>'),
  MAIL_DIRECTORY: z.string().min(1).default('./data/mail'),
  OUTBOX_WORKER: z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
  OUTBOX_POLL_MS: integer(50, 3_600_000).default(2000),
  OUTBOX_RETENTION_DAYS: integer(0, 36_500).default(90),
  STUDIO_RATE_LIMIT_PER_MINUTE: integer(0, 10_000_000).default(600),
  STUDIO_FAILED_KEYS_PER_MINUTE: integer(0, 10_000_000).default(30),
  WEBHOOKS_TO_LOCALHOST: z.enum(['allow', 'deny'], { message: 'expected allow or deny' }).optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/[^\s]*$/i.test(value) && URL.canParse(value), 'expected redis://[user:pass@]host:port[/db] or rediss://…')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(100).default('studio-data:'),
  DATABASE_READ_URL: z.string().min(1).optional(),
  REPLICA_MAX_LAG_SECONDS: integer(0, 3600).default(5),
  CACHE_STALE_WHILE_REVALIDATE: integer(0, 31_536_000).default(30),
  CACHE_STALE_IF_ERROR: integer(0, 31_536_000).default(86_400),
  CDN_PURGE_URL: baseUrl.optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
});

/**
 * TRUST_PROXY as Express reads `trust proxy`: `true`, `false`, a number of hops, or addresses,
 * subnets and names separated by commas (each checked here: a typo would otherwise stop the server
 * at its first request, or be read as an address, as `1` was: 0.0.0.1).
 */
function readTrustProxy(value: string, context: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    proxyAddr.compile(entries);
    return entries;
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: `expected true, false, the number of proxies in front (1), or addresses, subnets or names (loopback, linklocal, uniquelocal) separated by commas (${error instanceof Error ? error.message : String(error)})`,
    });
    return z.NEVER;
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
  }
  const values = parsed.data;
  let database: DatabaseLocation;
  let databaseRead: DatabaseLocation | null = null;
  try {
    database = parseDatabaseUrl(values.DATABASE_URL);
    if (values.DATABASE_READ_URL !== undefined) databaseRead = parseDatabaseUrl(values.DATABASE_READ_URL, 'DATABASE_READ_URL');
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  if (databaseRead !== null && (databaseRead.dialect !== 'mysql' || database.dialect !== 'mysql')) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_READ_URL: a read replica needs MySQL or MariaDB, for DATABASE_URL and DATABASE_READ_URL alike');
  }
  const local = `http://localhost:${values.PORT}`;
  const publicBaseUrl = values.PUBLIC_BASE_URL ?? local;
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    database,
    publicBaseUrl,
    checkoutBaseUrl: values.CHECKOUT_BASE_URL ?? local,
    cacheMaxAgeSeconds: values.CACHE_MAX_AGE,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    logLevel: values.LOG_LEVEL,
    logCacheHitsPerSecond: values.LOG_CACHE_HITS_PER_SECOND,
    demoStudio: values.DEMO_STUDIO,
    responseCacheMegabytes: values.RESPONSE_CACHE_MB,
    changePollMilliseconds: values.CHANGE_POLL_MS,
    trustProxy: values.TRUST_PROXY ?? false,
    bookingSecret: values.BOOKING_SECRET ?? randomBytes(48).toString('base64url'),
    bookingPostsPerTenMinutes: values.BOOKING_RATE_LIMIT,
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM.trim(), directory: values.MAIL_DIRECTORY },
    outboxWorker: values.OUTBOX_WORKER,
    outboxPollMilliseconds: values.OUTBOX_POLL_MS,
    outboxRetentionDays: values.OUTBOX_RETENTION_DAYS,
    studioRateLimitPerMinute: values.STUDIO_RATE_LIMIT_PER_MINUTE,
    studioFailedKeysPerMinute: values.STUDIO_FAILED_KEYS_PER_MINUTE,
    // A server that calls itself localhost is a development one: its studios may try webhooks on their own machine.
    webhooksToLocalhost: values.WEBHOOKS_TO_LOCALHOST === undefined ? ['localhost', '127.0.0.1'].includes(new URL(publicBaseUrl).hostname) : values.WEBHOOKS_TO_LOCALHOST === 'allow',
    redisUrl: values.REDIS_URL ?? null,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    databaseReadUrl: values.DATABASE_READ_URL ?? null,
    databaseRead,
    replicaMaxLagSeconds: values.REPLICA_MAX_LAG_SECONDS,
    cacheStaleWhileRevalidateSeconds: values.CACHE_STALE_WHILE_REVALIDATE,
    cacheStaleIfErrorSeconds: values.CACHE_STALE_IF_ERROR,
    cdnPurgeUrl: values.CDN_PURGE_URL ?? null,
    cdnPurgeToken: values.CDN_PURGE_TOKEN ?? null,
    warnings: deploymentWarnings(values, database, local),
  };
}

/**
 * The end of a process that could not start, said to the operator in one line: a configuration
 * problem (exit 2: a bad value, a port in use) names its variable; anything else says what failed
 * (exit 1). No stack trace: it says nothing an operator can act on.
 */
export function exitForStartFailure(error: unknown, what = 'Studio Data'): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${what} could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** A server that cannot listen where it is told: the variables to change, named. */
export function listenProblem(error: unknown, port: number, host: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new ConfigError(`PORT ${port} is in use on ${host}: another process is listening there. Stop it, or set PORT to a free port.`);
  if (code === 'EACCES') return new ConfigError(`PORT ${port} on ${host} needs privileges this process does not have: set PORT to 1024 or above (behind a reverse proxy).`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ConfigError(`HOST ${host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all, 127.0.0.1 for this machine only).`);
  return error;
}

/** The configuration of a process started from the command line: a bad value ends it with the message and exit code 2. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    return exitForStartFailure(error);
  }
}

/**
 * What a configuration leaves to defaults made for trying Studio Data on one machine, said when it
 * runs on MySQL/MariaDB (a deployment) or on several instances (Redis): each default works, and each
 * surprises someone there (links to localhost in students' emails, emails never sent, forms that
 * expire on another instance).
 */
function deploymentWarnings(values: { PUBLIC_BASE_URL?: string; CHECKOUT_BASE_URL?: string; SMTP_URL?: string; REDIS_URL?: string; BOOKING_SECRET?: string }, database: DatabaseLocation, local: string): string[] {
  const warnings: string[] = [];
  const deployed = database.dialect === 'mysql' || values.REDIS_URL !== undefined;
  if (!deployed) return warnings;
  for (const name of ['PUBLIC_BASE_URL', 'CHECKOUT_BASE_URL'] as const) {
    if (values[name] === undefined) warnings.push(`${name} is not set: the links in answers and in students' emails say ${local}. Set it to the address the public reaches.`);
  }
  if (values.SMTP_URL === undefined) warnings.push('SMTP_URL is not set: booking emails are written as files (MAIL_DIRECTORY), not sent.');
  if (values.REDIS_URL !== undefined && values.BOOKING_SECRET === undefined) {
    warnings.push('BOOKING_SECRET is not set: each instance makes its own, so a booking form one instance served is refused by another ("This form has expired"). Give every instance the same one.');
  }
  return warnings;
}
