import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { profiles } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { createSessionStore } from '../modules/auth/index';
import { verifyLedger } from '../modules/ledger/index';
import type { Config } from '../config';
import { createFieldCipher, resolveDataKey } from '../lib/field-encryption';
import { hashPassword } from '../lib/passwords';
import { createUserService } from '../modules/users/index';
import { sessionCookieFor } from '../plugins/authentication';
import { fillPath, readOperations, type JsonSchema, type Operation } from '../security/openapi';

/**
 * A seeded, schema-driven fuzzer for the whole HTTP API, run through `app.inject` (no network).
 * It reads the OpenAPI document, builds a plausible request for every operation and then breaks it
 * in one or more of many ways (wrong types, missing and extra fields, huge strings, hostile amounts,
 * unicode, injection text, duplicate query parameters, wrong content types, oversized bodies,
 * hostile path ids), as a guest, a customer and an admin. It asserts: no 5xx, no crash, every
 * rejection in the error envelope with no stack or SQL in it, and a clean ledger at the end.
 *
 * Used by `npm run bench:fuzz` (≥ 10,000 requests) and by security/fuzz.test.ts (a CI-sized run).
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness: mulberry32, so a failure reproduces from the printed seed alone.

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A v4-shaped UUID from the seeded generator (crypto.randomUUID would break reproducibility). */
function seededUuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes instead of a throw. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `%ED%A0%80${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`;
  }
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
const chance = (rng: Rng, p: number) => rng() < p;

// ---------------------------------------------------------------------------------------------
// Hostile material.

/** The largest JSON body the app takes by default is 64 KiB; this is past it. */
const OVERSIZED_BODY_BYTES = 80 * 1024;
/** A long string, but one that fits in a body: long enough to break any length check. */
const HUGE_STRING_CHARS = 20_000;
/** Path parameters are capped by the router at 200 characters; this is past it. */
const LONG_PARAM_CHARS = 300;

export const HOSTILE_AMOUNTS: readonly unknown[] = [
  '-5.00',
  '-0.01',
  '0',
  '0.00',
  '10.005',
  '0.001',
  '1e3',
  '1E2',
  '1e-2',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '10000000.01',
  '0x10',
  '1,000.00',
  ' 10',
  '10 ',
  '+10',
  '',
  '.',
  '.5',
  '5.',
  '١٠٠',
  '１００',
  '10.00\u0000',
  10,
  10.5,
  -10,
  0,
  1e308,
  -1e308,
  null,
  true,
  ['10.00'],
  { value: '10.00' },
];

const UNICODE: readonly string[] = [
  'Zoë Ünïcödé',
  '名前',
  'مرحبا',
  '\u202Eevil\u202C',
  'e\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  '😀👨‍👩‍👧‍👦',
  '\ud800',
  '\udfff',
  '\u0000',
  'a\u0000b',
  '\r\nInjected-Header: x',
  '\u2028\u2029',
  '𝕳𝖊𝖑𝖑𝖔',
];

const INJECTION: readonly string[] = [
  "' or 1=1 --",
  "'; drop table accounts; --",
  '" or ""="',
  '1; select pg_sleep(5)',
  '%',
  '_',
  '\\',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '=HYPERLINK("http://evil.example")',
  '@SUM(A1)',
  '+1+1',
  '-2+3',
  '{"$gt":""}',
  '__proto__',
  'constructor',
];

const EXTRA_FIELDS: readonly string[] = [
  'role',
  'status',
  'balance',
  'balanceCents',
  'accountLimit',
  'userId',
  'id',
  'isAdmin',
  '__proto__',
  'constructor',
  'senderAccount',
  'createdAt',
  'x',
];

const WRONG_TYPES: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e21,
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  { a: 1 },
  '',
  'x',
];

const CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/jsonx',
  '',
];

/** Values that satisfy the contract's patterns, by field name (patterns are not generated from). */
const KNOWN_GOOD: Record<string, string> = {
  phone: '+1 415 555 0100',
  zipCode: '94105',
  ssn: '123-45-6789',
  dob: '1990-04-12',
  code: '123456',
  routingNumber: '021000021',
  payerAccountNumber: '1234567890',
  swiftBic: 'DEUTDEFF',
  ibanOrAccount: 'DE89370400440532013000',
  currencyCode: 'EUR',
  checkNumber: '1001',
  from: '2024-01-01',
  to: '2030-12-31',
  createdAt: '2025-06-01T12:00:00.000Z',
  action: 'admin.credit',
  actionPrefix: 'admin.',
  amount: '1.00',
  loanAmount: '25000.00',
  annualIncome: '72000',
  accountLimit: '100.00',
  minAmount: '1.00',
  maxAmount: '100.00',
  email: 'someone@example.test',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  newPassword: 'another horse battery',
  currentPassword: 'correct horse battery',
  reason: 'Fuzzing reason',
  dataBase64: 'iVBORw0KGgo=',
};

// ---------------------------------------------------------------------------------------------
// The bank the fuzzer attacks.

export type Role = 'guest' | 'customer' | 'admin';

export interface FuzzBank {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: Clock;
  cookieName: string;
  customer: { userId: string; accountNumber: string; email: string };
  other: { userId: string; accountNumber: string };
  admin: { userId: string; email: string };
  /** Ids of real objects, so that some requests get past "not found" into the handlers. */
  ids: { recordId: string; loanId: string };
}

/**
 * Opens the bank the fuzzer attacks on an app that is built and ready: an admin, a customer with
 * money, a record and a loan, and another customer to send to. Everything through the API.
 */
/** What the fuzzer needs of an app: the test app (buildTestApp) and bench/lib/in-process-app fit. */
export interface FuzzHost {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: Clock;
  config: Config;
}

const JSON_ORIGIN = { 'content-type': 'application/json', origin: 'http://localhost:3000' } as const;

export async function createFuzzBank(host: FuzzHost): Promise<FuzzBank> {
  const { app, database, clock, config } = host;
  // People are made with the server's own services (no emailed codes needed), money through the API.
  const users = createUserService({
    db: database.db,
    clock,
    cipher: createFieldCipher(resolveDataKey(config.dataEncryptionKey, config.dataDir)),
  });
  const sessions = createSessionStore({ db: database.db, clock, ...config.session });
  const cookieName = sessionCookieFor(config.publicOrigin, config.session.absoluteTimeoutMs).name;
  const cookieOf = async (userId: string) =>
    `${cookieName}=${(await sessions.create(database.db, { userId, ip: '127.0.0.1', userAgent: 'fuzz' })).id}`;
  const passwordHash = await hashPassword('correct horse battery');
  const adminEmail = 'fuzz.admin@example.test';
  const { userId: adminId } = await database.db.transaction((tx) =>
    users.createAdmin(tx, { email: adminEmail, passwordHash, firstName: 'Fuzz', surname: 'Admin' }),
  );
  const person = (n: number) =>
    database.db.transaction((tx) =>
      users.createCustomer(tx, {
        passwordHash,
        signup: {
          firstName: 'Fuzz',
          surname: `Person${n}`,
          email: `fuzz.person${n}@example.test`,
          phone: '+1 415 555 0142',
          address: '1 Market Street',
          zipCode: '94105',
          country: 'United States',
          maritalStatus: 'Single',
          occupation: 'Engineer',
          ssn: '123-45-6789',
          dob: '1990-04-12',
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
        },
      }),
    );
  const customer = await person(1);
  const other = await person(2);
  const adminCookie = await cookieOf(adminId);
  const customerCookie = await cookieOf(customer.userId);
  const ok = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} ${res.statusCode}: ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  ok(
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.userId}/credit`,
      headers: { ...JSON_ORIGIN, cookie: adminCookie },
      // Below the maker-checker threshold (decision 0170), so it moves at once.
      payload: { amount: '9999.00', reason: 'Fuzzing float' },
    }),
    'credit',
  );
  const sent = ok(
    await app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...JSON_ORIGIN, cookie: customerCookie },
      payload: {
        type: 'Local Transfer',
        recipientAccount: other.accountNumber,
        recipientName: 'Payee',
        confirmPayeeRisk: true, // a made-up name: the name check (0155) is not under test
        amount: '1.00',
      },
    }),
    'transfer',
  );
  const loan = ok(
    await app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: { ...JSON_ORIGIN, cookie: customerCookie },
      payload: {
        loanType: 'Personal Loan',
        loanAmount: '5000.00',
        termMonths: 24,
        purpose: 'Fuzzing',
        annualIncome: '50000',
        employmentStatus: 'Employed',
      },
    }),
    'loan',
  );
  return {
    app,
    database,
    clock,
    cookieName,
    customer: {
      userId: customer.userId,
      accountNumber: customer.accountNumber,
      email: 'fuzz.person1@example.test',
    },
    other: { userId: other.userId, accountNumber: other.accountNumber },
    admin: { userId: adminId, email: adminEmail },
    ids: { recordId: (sent.transaction as { id: string }).id, loanId: loan.id as string },
  };
}

export interface FuzzFailure {
  index: number;
  role: Role;
  mutation: string;
  request: string;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  byMutation: Record<string, number>;
  byRole: Record<Role, number>;
  failures: FuzzFailure[];
  ledger: { violations: string[]; customerTotalBefore: string; customerTotalAfter: string; sum: string };
  durationMs: number;
}

/** Stack frames, file names and SQL: none of it may ever reach a client. */
const LEAK_PATTERN =
  /\bat [\w$.<>]+ \(|node_modules|[\w-]+\.(ts|js):\d+|Failed query|\bselect\b.+\bfrom\b|\binsert into\b|relation "|syntax error at|DrizzleQueryError|PostgresError|\bpg_\w+\(/i;

interface Built {
  mutation: string;
  options: InjectOptions;
}

function valueFor(
  schema: JsonSchema | undefined,
  name: string,
  rng: Rng,
  bank: FuzzBank,
  depth = 0,
): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return pick(rng, schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    const nonNull = variants.filter((v) => v.type !== 'null');
    return valueFor(pick(rng, nonNull.length > 0 ? nonNull : variants), name, rng, bank, depth + 1);
  }
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], name, rng, bank, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || chance(rng, 0.5)) out[key] = valueFor(sub, key, rng, bank, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: int(rng, 0, 2) }, () => valueFor(schema.items, name, rng, bank, depth + 1));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? 1000;
      return type === 'integer'
        ? int(rng, Math.ceil(min), Math.floor(Math.min(max, min + 1000)))
        : min + rng() * (max - min);
    }
    case 'boolean':
      return chance(rng, 0.5);
    default: {
      if (name === 'recipientAccount' || name === 'accountNumber') {
        return pick(rng, [bank.other.accountNumber, bank.customer.accountNumber, '40900000000']);
      }
      if (schema.format === 'uuid' || name === 'userId' || name === 'id') {
        return pick(rng, [
          bank.customer.userId,
          bank.other.userId,
          bank.ids.recordId,
          bank.ids.loanId,
          seededUuid(rng),
        ]);
      }
      if (schema.format === 'email' || name === 'email') {
        return pick(rng, [bank.customer.email, bank.admin.email, `fuzz${int(rng, 0, 1e6)}@example.test`]);
      }
      const known = KNOWN_GOOD[name];
      if (known !== undefined) return known;
      if (schema.format === 'date') return '2024-02-29';
      if (schema.format === 'date-time') return '2025-06-01T12:00:00.000Z';
      const min = Math.max(schema.minLength ?? 1, 1);
      const max = Math.min(schema.maxLength ?? 24, 24);
      const length = int(rng, min, Math.max(min, max));
      return (
        Array.from({ length }, () => pick(rng, [...'abcdefghijklmnopqrstuvwxyz ABC-']))
          .join('')
          .trim() || 'abc'
      );
    }
  }
}

function hostileString(rng: Rng): string {
  switch (int(rng, 0, 3)) {
    case 0:
      return pick(rng, UNICODE);
    case 1:
      return pick(rng, INJECTION);
    case 2:
      return 'A'.repeat(int(rng, 1, HUGE_STRING_CHARS));
    default:
      return pick(rng, INJECTION) + pick(rng, UNICODE);
  }
}

function hostileParam(rng: Rng, bank: FuzzBank): string {
  return pick(rng, [
    bank.customer.userId,
    bank.other.userId,
    bank.ids.recordId,
    bank.ids.loanId,
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    seededUuid(rng).toUpperCase(),
    "1' or '1'='1",
    '../../etc/passwd',
    'x'.repeat(LONG_PARAM_CHARS),
    '%00',
    '-1',
    '0',
    '1e3',
    '😀',
    bank.customer.accountNumber,
    'AV-1.svg',
  ]);
}

function mutateBody(
  rng: Rng,
  op: Operation,
  base: Record<string, unknown>,
): { body: unknown; mutation: string } {
  const fields = Object.keys(op.body?.properties ?? {});
  const field = fields.length > 0 ? pick(rng, fields) : 'x';
  const kind = int(rng, 0, 9);
  const body = { ...base };
  switch (kind) {
    case 0:
      return { body, mutation: 'valid' };
    case 1:
      delete body[field];
      return { body, mutation: 'missing field' };
    case 2:
      body[pick(rng, EXTRA_FIELDS)] = pick(rng, ['admin', '1000000.00', 1, true, { role: 'admin' }]);
      return { body, mutation: 'extra field' };
    case 3:
      body[field] = pick(rng, WRONG_TYPES);
      return { body, mutation: 'wrong type' };
    case 4:
      body[field] = hostileString(rng);
      return { body, mutation: 'hostile string' };
    case 5: {
      const money = fields.filter((f) => /amount|limit|income/i.test(f));
      body[money.length > 0 ? pick(rng, money) : field] = pick(rng, HOSTILE_AMOUNTS);
      return { body, mutation: 'hostile amount' };
    }
    case 6:
      return { body: pick(rng, [[], [base], 'string', 42, null, true]), mutation: 'body not an object' };
    case 7: {
      // Several fields broken at once.
      for (const f of fields)
        if (chance(rng, 0.4)) body[f] = chance(rng, 0.5) ? hostileString(rng) : pick(rng, WRONG_TYPES);
      return { body, mutation: 'many fields' };
    }
    case 8: {
      const nested: Record<string, unknown> = {};
      let cursor = nested;
      for (let i = 0; i < int(rng, 10, 200); i++) {
        const next: Record<string, unknown> = {};
        cursor.a = next;
        cursor = next;
      }
      body[field] = nested;
      return { body, mutation: 'deep nesting' };
    }
    default:
      body[field] = pick(rng, UNICODE);
      return { body, mutation: 'unicode' };
  }
}

function buildRequest(
  rng: Rng,
  op: Operation,
  role: Role,
  bank: FuzzBank,
  cookies: Record<Role, string | undefined>,
): Built {
  const headers: Record<string, string> = {};
  const cookie = cookies[role];
  if (cookie) headers.cookie = cookie;
  let mutation = 'valid';

  // Path.
  const url0 = fillPath(op.path, (name) => {
    if (chance(rng, 0.35)) {
      mutation = 'hostile path param';
      return hostileParam(rng, bank);
    }
    if (name === 'accountNumber') return bank.other.accountNumber;
    if (name === 'file') return 'AV-1.svg';
    if (/transactions/.test(op.path)) return bank.ids.recordId;
    if (/loans/.test(op.path)) return bank.ids.loanId;
    return pick(rng, [bank.customer.userId, bank.other.userId]);
  });

  // Query.
  const params: string[] = [];
  for (const q of op.query) {
    if (!q.required && !chance(rng, 0.5)) continue;
    let value = valueFor(q.schema, q.name, rng, bank);
    if (chance(rng, 0.3)) {
      value = chance(rng, 0.5) ? hostileString(rng).slice(0, 2_000) : pick(rng, HOSTILE_AMOUNTS);
      mutation = 'hostile query';
    }
    params.push(`${encode(q.name)}=${encode(String(value))}`);
    if (chance(rng, 0.1)) {
      params.push(`${encode(q.name)}=${encode(String(value))}2`);
      mutation = 'duplicate query param';
    }
  }
  if (chance(rng, 0.05)) {
    params.push(`${pick(rng, EXTRA_FIELDS)}=1`);
    mutation = 'unknown query param';
  }
  let path = url0;
  if (chance(rng, 0.02)) {
    // Percent-encoding the router cannot decode, and a dot-dot walk: raw, not re-encoded.
    path += pick(rng, ['%E0%A4%A', '%', '%zz', '/..%2F..%2Fetc%2Fpasswd', '//', '/%2e%2e/']);
    mutation = 'malformed URL';
  }
  const url = params.length > 0 ? `${path}?${params.join('&')}` : path;

  // Idempotency key, sometimes hostile (printable ASCII only: anything else is not a header).
  if (op.headers.some((h) => h.name === 'idempotency-key') && chance(rng, 0.5)) {
    headers['idempotency-key'] = pick(rng, [
      `fuzz-${int(rng, 0, 50)}`,
      'x'.repeat(int(rng, 90, 400)),
      "key with spaces and ' quotes",
      '',
      '../..',
    ]);
  }

  if (op.method === 'GET') return { mutation, options: { method: op.method, url, headers } };

  // Body.
  headers.origin = 'http://localhost:3000';
  const base = (op.body ? valueFor(op.body, 'body', rng, bank) : {}) as Record<string, unknown>;
  const mutated = op.body || chance(rng, 0.5) ? mutateBody(rng, op, base) : { body: base, mutation: 'valid' };
  if (mutation === 'valid') mutation = mutated.mutation;
  let payload: string;
  try {
    payload = JSON.stringify(mutated.body) ?? 'null';
  } catch {
    payload = '{}';
  }
  headers['content-type'] = 'application/json';
  const transport = int(rng, 0, 19);
  if (transport === 0) {
    headers['content-type'] = pick(rng, CONTENT_TYPES);
    if (chance(rng, 0.5)) headers['x-larkspur-request'] = '1';
    mutation = 'wrong content type';
  } else if (transport === 1) {
    payload = pick(rng, [
      '{',
      '{"a":',
      '[1,2',
      '{"a":1}}',
      'nul',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"a":1,"a":2}',
      '',
    ]);
    mutation = 'invalid JSON';
  } else if (transport === 2) {
    payload = JSON.stringify({ filler: 'A'.repeat(OVERSIZED_BODY_BYTES) });
    mutation = 'oversized body';
  } else if (transport === 3) {
    delete headers['content-type'];
    headers['x-larkspur-request'] = '1';
    mutation = 'no content type';
  }
  return { mutation, options: { method: op.method, url, headers, payload } };
}

function check(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (LEAK_PATTERN.test(res.body) && res.statusCode >= 400) return `leak in body: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`;
  }
  const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    return `status ${res.statusCode} outside the error envelope: ${res.body.slice(0, 200)}`;
  }
  return null;
}

/** Paths whose answers can change which session is live, and so need fresh cookies after a 2xx. */
const SESSION_CHANGING =
  /\/auth\/(logout|login|signup\/verify|admin\/verify)|\/me\/password|\/admin\/users\//;

async function customerTotal(database: DatabaseHandle): Promise<string> {
  const result = (await database.db.execute(
    sql`select coalesce(sum(balance_cents), 0)::text as total from accounts where kind = 'customer'`,
  )) as unknown as { rows?: { total: string }[] } | { total: string }[];
  const list = Array.isArray(result) ? result : (result.rows ?? []);
  return list[0]?.total ?? '0';
}

export async function runFuzz(
  bank: FuzzBank,
  options: { seed: number; requests: number; onProgress?: (done: number) => void },
): Promise<FuzzReport> {
  const started = Date.now();
  const rng = mulberry32(options.seed);
  const operations = await readOperations(bank.app);
  const sessions = createSessionStore({
    db: bank.database.db,
    clock: bank.clock,
    idleTimeoutMs: 15 * 60_000,
    absoluteTimeoutMs: 12 * 3_600_000,
  });
  const freshCookie = async (userId: string) => {
    // Whatever the fuzzer did to the person (suspended, closed), they are a usable target again.
    await bank.database.db.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, userId));
    const { id } = await sessions.create(bank.database.db, { userId, ip: '127.0.0.1', userAgent: 'fuzz' });
    return `${bank.cookieName}=${id}`;
  };
  const cookies: Record<Role, string | undefined> = {
    guest: undefined,
    customer: await freshCookie(bank.customer.userId),
    admin: await freshCookie(bank.admin.userId),
  };
  const before = await customerTotal(bank.database);

  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    operations: operations.length,
    byStatus: {},
    byMutation: {},
    byRole: { guest: 0, customer: 0, admin: 0 },
    failures: [],
    ledger: { violations: [], customerTotalBefore: before, customerTotalAfter: before, sum: '0' },
    durationMs: 0,
  };
  const roles: Role[] = ['guest', 'customer', 'admin'];
  for (let index = 0; index < options.requests; index++) {
    const op = pick(rng, operations);
    let role = pick(rng, roles);
    // The live profile stream never ends for a customer; it is fuzzed as a guest and an admin.
    if (op.path.endsWith('/stream') && role === 'customer') role = 'guest';
    const built = buildRequest(rng, op, role, bank, cookies);
    report.byRole[role] += 1;
    report.byMutation[built.mutation] = (report.byMutation[built.mutation] ?? 0) + 1;
    let res: LightMyRequestResponse | null = null;
    let problem: string | null;
    try {
      res = await bank.app.inject(built.options);
      problem = check(res);
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
    } catch (error) {
      problem = `inject threw: ${error instanceof Error ? error.message : String(error)}`;
      report.byStatus.crash = (report.byStatus.crash ?? 0) + 1;
    }
    report.requests += 1;
    if (problem) {
      const payload = typeof built.options.payload === 'string' ? built.options.payload.slice(0, 300) : '';
      report.failures.push({
        index,
        role,
        mutation: built.mutation,
        request: `${built.options.method} ${String(built.options.url).slice(0, 300)} ${JSON.stringify(built.options.headers ?? {}).slice(0, 300)} ${payload}`,
        problem,
      });
    }
    if (res && res.statusCode < 400 && SESSION_CHANGING.test(String(built.options.url))) {
      cookies.customer = await freshCookie(bank.customer.userId);
      cookies.admin = await freshCookie(bank.admin.userId);
    }
    options.onProgress?.(index + 1);
  }

  const verified = await verifyLedger(bank.database.db);
  report.ledger = {
    violations: verified.violations.map((v) => `[${v.rule}] ${v.detail}`),
    customerTotalBefore: before,
    customerTotalAfter: await customerTotal(bank.database),
    sum: verified.stats.sum ?? '0',
  };
  report.durationMs = Date.now() - started;
  return report;
}

export function formatReport(report: FuzzReport): string {
  const lines = [
    `fuzz: seed ${report.seed}, ${report.requests} requests over ${report.operations} operations in ${(report.durationMs / 1000).toFixed(1)} s`,
    `  by role: ${Object.entries(report.byRole)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  by status: ${Object.entries(report.byStatus)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
    `  by mutation: ${Object.entries(report.byMutation)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  ledger: sum of all balances ${report.ledger.sum} cents; customers ${report.ledger.customerTotalBefore} → ${report.ledger.customerTotalAfter} cents (moves only by accepted admin/loan operations); violations ${report.ledger.violations.length}`,
    `  failures: ${report.failures.length}`,
  ];
  for (const f of report.failures.slice(0, 20)) {
    lines.push(`    #${f.index} ${f.role} (${f.mutation}): ${f.problem}\n      ${f.request}`);
  }
  for (const v of report.ledger.violations) lines.push(`    LEDGER ${v}`);
  return lines.join('\n');
}
