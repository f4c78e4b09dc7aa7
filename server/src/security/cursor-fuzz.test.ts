import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, loginAdmin, signUpCustomer } from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 13 point 11: a page cursor is input like any other. Every keyset endpoint gets arbitrary
 * strings and, more to the point, cursors we could have made but with wild keys (years 0000 and
 * +275760, Feb 30, NUL bytes, uuid-shaped junk, 20-digit integers, the wrong types): each answer
 * is a page or a 400 in the error envelope, never a 5xx.
 */
const RUNS_PER_ENDPOINT = 120;

let t: TestApp;
let customerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  customerCookie = (await signUpCustomer(t)).cookie;
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Timestamps in every shape we produce (ms and µs), with years and days no database stores. */
const wildTimestamp = fc.oneof(
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc
    .record({
      year: fc.oneof(fc.constantFrom(0, 1, 999, 1969, 2026, 9999), fc.integer({ min: 0, max: 9999 })),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 25 }),
      micro: fc.boolean(),
    })
    .map(
      ({ year, month, day, hour, micro }) =>
        `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:00:00.${micro ? '000000' : '000'}Z`,
    ),
  fc.constantFrom(
    '0',
    '1',
    '-1',
    '2026-01-15',
    'Infinity',
    '2026-01-15T12:00:00+14:00',
    '+275760-09-13T00:00:00.000Z',
  ),
);
const wildId = fc.oneof(
  fc.uuid(),
  fc.constantFrom('------------------------------------', '00000000-0000-0000-0000-00000000000g', ''),
  fc.stringMatching(/^[0-9a-f-]{36}$/),
);
const wildText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', "o'hara"),
);
const wildInteger = fc.oneof(
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc.constantFrom('-0', '9223372036854775808', '1e3', '2147483648'),
);
const wildKey = fc.oneof(
  wildTimestamp,
  wildId,
  wildText,
  wildInteger,
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
);

/** A cursor of the right outer shape for `tags` (or none), whose keys are wild. */
const wildCursor = (tags: string[], kinds: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    // Arbitrary strings: not base64url, not JSON, not an array …
    fc.string({ maxLength: 120 }),
    fc.string({ maxLength: 120 }).map((s) => Buffer.from(s).toString('base64url')),
    // … then well-formed ones: the right tag and the right number of keys, each wild in its kind
    tags.length ? fc.tuple(fc.constantFrom(...tags), ...kinds).map(encode) : fc.tuple(...kinds).map(encode),
    // … or wild in every way.
    fc.array(wildKey, { maxLength: 4 }).map((keys) => encode(tags.length ? [tags[0], ...keys] : keys)),
  );

interface Endpoint {
  url: string;
  cookie: () => string;
  cursors: fc.Arbitrary<string>;
}

const endpoints: Endpoint[] = [
  {
    url: '/api/me/transactions',
    cookie: () => customerCookie,
    cursors: wildCursor([], [wildTimestamp, wildId]),
  },
  {
    url: '/api/admin/transactions',
    cookie: () => adminCookie,
    cursors: wildCursor([], [wildTimestamp, wildId]),
  },
  {
    url: '/api/me/loans',
    cookie: () => customerCookie,
    cursors: wildCursor([], [wildTimestamp, wildId]),
  },
  {
    url: '/api/admin/loans',
    cookie: () => adminCookie,
    cursors: wildCursor([], [wildTimestamp, wildId]),
  },
  {
    url: '/api/admin/audit',
    cookie: () => adminCookie,
    cursors: wildCursor(['audit'], [wildTimestamp, wildInteger]),
  },
  {
    url: '/api/admin/users?sort=createdAt&order=desc',
    cookie: () => adminCookie,
    cursors: wildCursor(['createdAt:desc'], [wildTimestamp, wildId]),
  },
  {
    url: '/api/admin/users?sort=name&order=asc',
    cookie: () => adminCookie,
    cursors: wildCursor(['name:asc'], [wildText, wildText, wildId]),
  },
  {
    url: '/api/admin/users?sort=balance&order=desc',
    cookie: () => adminCookie,
    cursors: wildCursor(['balance:desc'], [wildInteger, wildId]),
  },
];

describe('keyset cursors under fuzzing', () => {
  it.each(endpoints)('$url answers a page or a 400, never a 5xx', async ({ url, cookie, cursors }) => {
    await fc.assert(
      fc.asyncProperty(cursors, async (cursor) => {
        const separator = url.includes('?') ? '&' : '?';
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}${separator}cursor=${encodeURIComponent(cursor)}`,
          headers: { cookie: cookie() },
        });
        expect(res.statusCode, `${cursor} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBe(400);
          expect(res.json().error.code).toBe('VALIDATION_FAILED');
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});

describe('statement date filters under fuzzing', () => {
  // `from` and `to` are days (YYYY-MM-DD): the same years no database stores, as filters.
  const wildDay = fc
    .record({
      year: fc.oneof(fc.constantFrom(0, 1, 9999), fc.integer({ min: 0, max: 9999 })),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`);

  it.each(['/api/me/transactions', '/api/admin/transactions', '/api/me/transactions.csv'])(
    '%s answers a page or a 400 for any from and to',
    async (url) => {
      await fc.assert(
        fc.asyncProperty(wildDay, wildDay, async (from, to) => {
          const res = await t.app.inject({
            method: 'GET',
            url: `${url}?from=${from}&to=${to}`,
            headers: { cookie: url.startsWith('/api/admin') ? adminCookie : customerCookie },
          });
          expect(res.statusCode, `${from}..${to} → ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ENDPOINT / 2 },
      );
    },
  );
});
