import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AMOUNT_MAX_CENTS, BANK_DISPLAY_NAME, parseAmountToCents } from '@larkspur/contract';
import { DatabaseUrlError, parseDatabaseUrl } from './db/database-url';
import { START_UP_WAIT_DEFAULT_SECONDS } from './db/start-up';
import { logFormatSettings, type LogFormatSetting } from './lib/log-format';
import { ConfigError } from './config-error';
import {
  emailConfig,
  OTP_PEPPER_LENGTH_MIN,
  type EmailConfig,
  type EmailTransportConfig,
} from './email-config';

/**
 * The whole configuration of a server process, read once from the environment at start-up.
 * A wrong value stops the process with one line naming the variable (see `loadConfig`).
 * Every variable is documented in `.env.example`.
 */
/** Longest EMAIL_FROM accepted ("Name <address>"); a header line, not a paragraph. */
const EMAIL_FROM_LENGTH_MAX = 200;

/** Longest start-up wait anyone could mean (an hour); beyond it a supervisor's restart is the tool. */
const START_UP_WAIT_MAX_SECONDS = 3_600;

/** The multi-host form and `target_session_attrs` are checked at start-up (decision 0096). */
function checkDatabaseUrl(value: string, ctx: z.RefinementCtx): void {
  try {
    parseDatabaseUrl(value);
  } catch (error) {
    if (!(error instanceof DatabaseUrlError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message.replace(/^DATABASE_URL /, '') });
  }
}

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Manual money at or above $10,000.00 needs a second staff member by default (decision 0170). */
export const MAKER_CHECKER_THRESHOLD_DEFAULT = 1_000_000n;
/**
 * The rolling window over which a maker's, and a customer's, unchecked manual money is added up
 * against the threshold (decision 0188): 24 hours by default; at most 30 days.
 */
export const MAKER_CHECKER_WINDOW_HOURS_DEFAULT = 24;
export const MAKER_CHECKER_WINDOW_HOURS_MAX = 720;

/**
 * Money movements one customer may start (transfers of every kind, scheduled payments, check
 * deposits), decision 0194: a person sends a handful a minute at most; a script sending thousands
 * of one-cent transfers (issue 27, finding 6) is stopped at the tenth. The day's budget bounds what
 * a patient script writes (records, alerts) to 200 movements.
 */
export const MONEY_MOVEMENTS_PER_MINUTE_DEFAULT = 10;
export const MONEY_MOVEMENTS_PER_DAY_DEFAULT = 200;
/** Money alerts emailed to one address an hour (decision 0194); the rest stay in the records. */
export const MONEY_ALERT_EMAILS_PER_HOUR_DEFAULT = 20;
/** Highest a money limit may be set: test and benchmark setups raise them, nothing needs more. */
const MONEY_LIMIT_SETTING_MAX = 10_000_000;

/** Most proxies a request may have passed in front of the bank (a CDN, a load balancer, …). */
const TRUST_PROXY_HOPS_MAX = 10;
const TRUST_PROXY_HINT = `must be false, a hop count (1-${TRUST_PROXY_HOPS_MAX}) or a comma-separated list of proxy addresses or CIDR ranges; never true, which would let any client pick its IP`;

/** An IPv4/IPv6 address, or one with a /prefix within the family's length. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For the bank believes (docs/operations.md, "Behind a reverse proxy";
 * docs/decisions/0085): none, the last N hops, or the listed addresses. `true` (believe anyone) is
 * refused: with it every client picks its own IP and dodges every per-IP limit.
 */
const trustProxySetting = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim();
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= TRUST_PROXY_HOPS_MAX) return hops;
  } else {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
  }
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
  return z.NEVER;
});

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(logFormatSettings).default('auto'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .superRefine(checkDatabaseUrl)
    .optional(),
  /**
   * Optional second pool for staleness-tolerant reads (decision 0107), e.g. the standby with
   * `target_session_attrs=prefer-standby`; same forms as DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .superRefine(checkDatabaseUrl)
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** How long start-up keeps trying an unavailable database before exiting 1 (decision 0108). */
  DATABASE_STARTUP_WAIT_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(START_UP_WAIT_MAX_SECONDS)
    .default(START_UP_WAIT_DEFAULT_SECONDS),
  PUBLIC_ORIGIN: z.url().optional(),
  BANK_NAME: z.string().min(1).max(60).default(BANK_DISPLAY_NAME),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  /** Serve the API documentation at /api/docs (default: on, except in production). */
  API_DOCS: booleanFlag.optional(),
  /** Lets a production server on PostgreSQL use the dev mailbox (shared test and benchmark setups). */
  LARKSPUR_ALLOW_DEV_MAILBOX: booleanFlag.default(false),
  // Email (docs/operations.md, "Email"). Cross-field rules are checked in `emailConfig`.
  EMAIL_TRANSPORT: z.enum(['mailbox', 'smtp', 'emailjs']).optional(),
  EMAIL_FROM: z.string().max(EMAIL_FROM_LENGTH_MAX).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAILJS_BASE_URL: z.url().default('https://api.emailjs.com'),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_PRIVATE_KEY: z.string().optional(),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_TEMPLATE_ID: z.string().optional(),
  EMAILJS_CODE_TEMPLATE_ID: z.string().optional(),
  // emailjs-transport.ts's EmailJsMode (not imported: that module reaches back into this one).
  EMAILJS_MODE: z.enum(['json', 'form']).default('json'),
  OTP_PEPPER: z
    .string()
    .min(OTP_PEPPER_LENGTH_MIN, `must be at least ${OTP_PEPPER_LENGTH_MIN} characters`)
    .optional(),
  // Identity (docs/operations.md, "Sessions and secrets").
  SESSION_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(86_400_000)
    .default(15 * 60_000),
  SESSION_ABSOLUTE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000)
    .default(12 * 3_600_000),
  // Passkeys (docs/operations.md, "Passkeys"): defaults follow PUBLIC_ORIGIN.
  WEBAUTHN_RP_ID: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+$/, 'must be a host name (lower case, no scheme or port), e.g. bank.example')
    .optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(60).optional(),
  /**
   * Step-up for risky payments (decision 0137): on by default. `off` exists for test and
   * benchmark setups whose scripted transfers predate it; refused in production on PostgreSQL.
   */
  STEP_UP_PAYMENTS: z.enum(['on', 'off']).default('on'),
  /**
   * How long an instance's claim on a due scheduled payment lasts before another instance may
   * take it over (decision 0158): the wait after an instance dies mid-payment. Two minutes by
   * default; the bank test shortens it so its kills settle sooner.
   */
  SCHEDULED_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * A test clock (decision 0160): POST /api/test/clock moves time forward and runs the scheduler.
   * Only with NODE_ENV=test or development; refused otherwise.
   */
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
  WEBAUTHN_ORIGINS: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^,\s]+(,https?:\/\/[^,\s]+)*$/, 'must be a comma-separated list of origins')
    .optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
    .optional(),
  SEED_DEMO: booleanFlag.optional(),
  /**
   * Maker-checker (decision 0170): an admin credit, debit, record or record edit moving at least
   * this many dollars waits for a second staff member's approval; 0 sends every one for approval.
   */
  MAKER_CHECKER_THRESHOLD: z
    .string()
    .max(20)
    .transform((raw, ctx) => {
      const cents = parseAmountToCents(raw.trim());
      if (cents === null || cents < 0n || cents > AMOUNT_MAX_CENTS) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an amount in dollars, e.g. 10000.00 (0: every one)',
        });
        return z.NEVER;
      }
      return cents;
    })
    .default(MAKER_CHECKER_THRESHOLD_DEFAULT),
  /**
   * Maker-checker window (decision 0188): hours over which the manual money one maker moved, and
   * the manual money moved on one customer, without a checker are added up; the movement that would
   * take either total to the threshold becomes a request. 0 turns the window off (each movement is
   * compared alone, as before issue 27): for test rigs only.
   */
  MAKER_CHECKER_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAKER_CHECKER_WINDOW_HOURS_MAX)
    .default(MAKER_CHECKER_WINDOW_HOURS_DEFAULT),
  /**
   * Per-customer money-movement budget (decision 0194), counted in the database so it holds across
   * instances. Test and benchmark setups that script many transfers raise them, saying why.
   */
  MONEY_MOVEMENTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(MONEY_LIMIT_SETTING_MAX)
    .default(MONEY_MOVEMENTS_PER_MINUTE_DEFAULT),
  MONEY_MOVEMENTS_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(MONEY_LIMIT_SETTING_MAX)
    .default(MONEY_MOVEMENTS_PER_DAY_DEFAULT),
  /** Money alerts emailed to one address an hour; past it one notice, then none until the hour ends. */
  MONEY_ALERT_EMAILS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(MONEY_LIMIT_SETTING_MAX)
    .default(MONEY_ALERT_EMAILS_PER_HOUR_DEFAULT),
  /** Comma-separated client IPs exempt from per-IP request rate limits (load tests, e2e). Never the login throttle. */
  RATE_LIMIT_ALLOWLIST: z
    .string()
    .regex(/^[0-9a-fA-F.:]+(,[0-9a-fA-F.:]+)*$/, 'must be a comma-separated list of IP addresses')
    .optional(),
});

/**
 * Every environment variable the server reads, by name: `config-documented.test.ts` holds docs/operations.md
 * and .env.example to this list, so a variable added here without its documentation fails there.
 */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** auto: readable lines on a terminal, JSON otherwise (decision 0123). */
  logFormat: LogFormatSetting;
  dataDir: string;
  /** How long start-up waits for an unavailable database (0: one attempt). */
  databaseStartupWaitMs: number;
  database:
    | { kind: 'pglite'; dataDir: string }
    | { kind: 'postgres'; url: string; poolMax: number; readUrl?: string };
  publicOrigin: string;
  bankName: string;
  /** Where the built web app lives; served with an SPA fallback when the directory exists. */
  webDistDir: string;
  /** Fastify's `trustProxy`: no proxy, the last N hops, or these proxy addresses/ranges. */
  trustProxy: false | number | string[];
  /**
   * The Host names the bank answers for (plugins/host-check.ts): PUBLIC_ORIGIN's host, and the
   * loopback names on any port when the bank is embedded or not in production.
   */
  allowedHosts: { hosts: string[]; loopbackAnyPort: boolean };
  /** Serve Swagger UI and the OpenAPI document at /api/docs. */
  apiDocs: boolean;
  email: EmailConfig;
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number };
  /**
   * Passkeys: the relying party id (PUBLIC_ORIGIN's host name by default), the name shown by the
   * authenticator, and the origins a ceremony may come from (PUBLIC_ORIGIN by default; any
   * localhost port too when the bank answers loopback names on any port).
   */
  webauthn: { rpId: string; rpName: string; origins: string[]; loopbackAnyPort: boolean };
  /** Step-up for risky payments enforced on POST /api/transfers (decision 0137). */
  stepUpPayments: boolean;
  /** A scheduled payment's claim lease, in milliseconds (decision 0158). */
  scheduledClaimLeaseMs: number;
  /** The test clock and its endpoint (decision 0160); false in production, always. */
  testClock: boolean;
  /** Key for personal data at rest (SSN, card numbers). Null in embedded mode: one is generated. */
  dataEncryptionKey: string | null;
  /** Seed an admin and demo customers into an empty database (default: embedded mode only). */
  seedDemo: boolean;
  rateLimitAllowList: string[];
  /** Manual money movements at or above this many cents need a second person (decision 0170). */
  makerCheckerThresholdCents: bigint;
  /** Decision 0188: the rolling window in milliseconds; 0 = off. */
  makerCheckerWindowMs: number;
  /** Decision 0194: the money movements a customer may start, and the alerts one address is emailed. */
  moneyLimits: { perMinute: number; perDay: number; alertEmailsPerHour: number };
};

export { ConfigError };
export type { EmailConfig, EmailTransportConfig };

/**
 * A secret that embedded mode generates into its data directory, but that several instances on
 * PostgreSQL must share, so there it has to be configured.
 */
function requiredOnPostgres(
  e: z.infer<typeof envSchema>,
  name: string,
  value: string | undefined,
): string | null {
  if (value === undefined && e.DATABASE_URL !== undefined) {
    throw new ConfigError(`Invalid configuration: ${name} must be set when DATABASE_URL is set`);
  }
  return value ?? null;
}

/**
 * Real money (production on PostgreSQL) is never moved without the step-up rule, unless the setup
 * declares itself a test one (LARKSPUR_ALLOW_DEV_MAILBOX, as benchmarks do: decision 0139).
 */
function stepUpSetting(e: z.infer<typeof envSchema>): boolean {
  if (
    e.STEP_UP_PAYMENTS === 'off' &&
    e.NODE_ENV === 'production' &&
    e.DATABASE_URL !== undefined &&
    !e.LARKSPUR_ALLOW_DEV_MAILBOX
  ) {
    throw new ConfigError(
      'Invalid configuration: STEP_UP_PAYMENTS=off is refused in production with DATABASE_URL; step-up protects real payments',
    );
  }
  return e.STEP_UP_PAYMENTS === 'on';
}

/**
 * The test clock moves the bank's time: sessions, codes, limits and payments all follow it. A
 * production server (the default NODE_ENV) refuses it outright, whatever else is set.
 */
function testClockSetting(e: z.infer<typeof envSchema>): boolean {
  if (e.TEST_CLOCK === 'on' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: TEST_CLOCK=on is refused in production; it exists for NODE_ENV=test or development only',
    );
  }
  return e.TEST_CLOCK === 'on';
}

/** The settings a command that only reads or changes the database needs (decision 0195). */
const databaseEnvSchema = envSchema.pick({
  DATA_DIR: true,
  DATABASE_URL: true,
  DATABASE_READ_URL: true,
  DATABASE_POOL_MAX: true,
  DATABASE_STARTUP_WAIT_SECONDS: true,
});

/** Where the database is: all that `ledger:verify` needs (decision 0195). */
export type DatabaseConfig = Pick<Config, 'dataDir' | 'database' | 'databaseStartupWaitMs'>;

/** Parses `env` with `schema`, empty strings as unset; a refusal is one line naming the variable. */
function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  // Empty strings are how shells spell "unset"; treat them so.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}`);
  }
  return parsed.data;
}

function databaseSettings(e: z.infer<typeof databaseEnvSchema>): DatabaseConfig {
  if (e.DATABASE_READ_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (the embedded database has no standby to read from)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dataDir,
    databaseStartupWaitMs: e.DATABASE_STARTUP_WAIT_SECONDS * 1000,
    database:
      e.DATABASE_URL === undefined
        ? { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') }
        : {
            kind: 'postgres',
            url: e.DATABASE_URL,
            poolMax: e.DATABASE_POOL_MAX,
            ...(e.DATABASE_READ_URL === undefined ? {} : { readUrl: e.DATABASE_READ_URL }),
          },
  };
}

/**
 * Only the database settings (DATA_DIR or DATABASE_URL and the pool's), for commands that read the
 * database and nothing else — `npm run ledger:verify` (decision 0195). Every other variable is
 * ignored: an operator need not hold the servers' email, session or encryption secrets to run it.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return databaseSettings(parseEnv(databaseEnvSchema, env));
}

/** Parses an environment (default: `process.env`). Throws ConfigError with a one-line message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  const { dataDir, database, databaseStartupWaitMs } = databaseSettings(e);
  const port = e.PORT;
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, '');
  const publicUrl = new URL(publicOrigin);
  // URL.host is lower case and leaves out the scheme's default port; a client may still send it.
  const defaultPort = publicUrl.protocol === 'https:' ? 443 : 80;
  const publicHosts =
    publicUrl.port === '' ? [publicUrl.host, `${publicUrl.host}:${defaultPort}`] : [publicUrl.host];
  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    dataDir,
    databaseStartupWaitMs,
    database,
    publicOrigin,
    bankName: e.BANK_NAME,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    allowedHosts: {
      hosts: publicHosts,
      loopbackAnyPort: e.DATABASE_URL === undefined || e.NODE_ENV !== 'production',
    },
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    email: emailConfig(e),
    session: { idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MS, absoluteTimeoutMs: e.SESSION_ABSOLUTE_TIMEOUT_MS },
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID ?? publicUrl.hostname,
      rpName: e.WEBAUTHN_RP_NAME ?? e.BANK_NAME,
      origins: e.WEBAUTHN_ORIGINS?.split(',').map((o) => o.replace(/\/$/, '')) ?? [publicOrigin],
      loopbackAnyPort: e.DATABASE_URL === undefined || e.NODE_ENV !== 'production',
    },
    stepUpPayments: stepUpSetting(e),
    scheduledClaimLeaseMs: e.SCHEDULED_CLAIM_LEASE_SECONDS * 1000,
    testClock: testClockSetting(e),
    dataEncryptionKey: requiredOnPostgres(e, 'DATA_ENCRYPTION_KEY', e.DATA_ENCRYPTION_KEY),
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    rateLimitAllowList: e.RATE_LIMIT_ALLOWLIST?.split(',') ?? [],
    makerCheckerThresholdCents: e.MAKER_CHECKER_THRESHOLD,
    makerCheckerWindowMs: e.MAKER_CHECKER_WINDOW_HOURS * 3_600_000,
    moneyLimits: {
      perMinute: e.MONEY_MOVEMENTS_PER_MINUTE,
      perDay: e.MONEY_MOVEMENTS_PER_DAY,
      alertEmailsPerHour: e.MONEY_ALERT_EMAILS_PER_HOUR,
    },
  };
}
