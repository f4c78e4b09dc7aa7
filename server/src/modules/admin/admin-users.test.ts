import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_RECENT_ITEMS_MAX,
  PAGE_SIZE_DEFAULT,
  errorCatalogue,
  type AdminUserDetail,
  type AdminUserRow,
} from '@larkspur/contract';
import { auditLog, identities, loanApplications, profiles, sessions } from '../../db/schema/index';
import { credit } from '../../test/banking';
import { JSON_HEADERS, createAdmin, loginAdmin, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { PROFILE_CHANNEL } from '../users/user-service';
import { encodeCursor } from '../../lib/keyset-cursor';
import { createAdminUserList } from './user-list';
import {
  adminGet,
  adminPatch,
  insertCustomers,
  uniqueToken,
  walkPages,
  type FixtureCustomer,
} from '../../test/admin-fixtures';

let t: TestApp;
let admin: { userId: string; email: string; password: string };
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const list = (query: string) => adminGet(t, adminCookie, `/api/admin/users?${query}`);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const login = (accountNumber: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: JSON_HEADERS,
    payload: { accountNumber, password },
  });

async function listAll(query: string, limit = 5): Promise<AdminUserRow[]> {
  return (await walkPages<AdminUserRow>(t, adminCookie, `/api/admin/users?${query}&limit=${limit}`)).items;
}

describe('GET /api/admin/users', () => {
  it('never lists an admin, on any page, in any sort, whatever the search', async () => {
    const otherAdmin = await createAdmin(t);
    await insertCustomers(t, [{ surname: 'Admin' }, { surname: 'Adams' }]);
    for (const sort of ['createdAt', 'name', 'balance']) {
      const rows = await listAll(`sort=${sort}`, 100);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(ids(rows)).not.toContain(admin.userId);
      expect(ids(rows)).not.toContain(otherAdmin.userId);
    }
    // createAdmin names every admin "Ada Admin" with an admin.… email: the search finds only the customer.
    const byName = (await list('q=admi')).json().items as AdminUserRow[];
    expect(byName.map((row) => row.surname)).toEqual(['Admin']);
    const byEmail = (await list(`q=${encodeURIComponent(otherAdmin.email)}`)).json().items;
    expect(byEmail).toEqual([]);
  });

  it('returns the row fields the console shows, money as two-decimal strings', async () => {
    const customer = await signUpCustomer(t, { firstName: 'Rowena', surname: uniqueToken() });
    await credit(t, adminCookie, customer.userId, '12.5');
    const res = await list(`q=${customer.accountNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.items).toHaveLength(1);
    const row = body.items[0] as AdminUserRow;
    expect(Object.keys(row).sort()).toEqual(
      [
        'accountLimit',
        'accountNumber',
        'avatar',
        'balance',
        'createdAt',
        'currency',
        'email',
        'firstName',
        'id',
        'name',
        'status',
        'surname',
      ].sort(),
    );
    expect(row).toMatchObject({
      id: customer.userId,
      firstName: 'Rowena',
      name: `Rowena ${row.surname}`,
      email: customer.email,
      accountNumber: customer.accountNumber,
      status: 'active',
      balance: '12.50',
      currency: 'USD',
      accountLimit: '50000.00',
      createdAt: t.clock.now().toISOString(),
    });
    expect(row.avatar).toMatch(/^\/api\/avatars\/R/);
  });

  describe('search', () => {
    let token: string;
    let fixture: FixtureCustomer[];
    beforeAll(async () => {
      token = uniqueToken().toLowerCase();
      fixture = await insertCustomers(t, [
        { firstName: `Ma${token}ria`, surname: `Ortega${token}`, email: `${token}.maria@example.test` },
        { firstName: `Ma${token}rk`, surname: `Stone${token}`, email: `mark.${token}@example.test` },
        { firstName: 'Lena', surname: `Ma${token}rtin`, email: `lena.${token}@example.test` },
        { firstName: 'Tom', surname: `Under_${token}`, email: `tom.${token}@example.test` },
      ]);
    });
    const search = async (q: string) =>
      ((await list(`q=${encodeURIComponent(q)}&limit=100`)).json().items as AdminUserRow[]).map(
        (row) => row.surname,
      );

    it('finds by first-name or surname prefix, case-insensitively', async () => {
      expect((await search(`MA${token.toUpperCase()}R`)).sort()).toEqual(
        [`Ma${token}rtin`, `Ortega${token}`, `Stone${token}`].sort(),
      );
      expect(await search(`ma${token}ri`)).toEqual([`Ortega${token}`]);
      expect(await search(`stone${token}`)).toEqual([`Stone${token}`]);
      // A prefix, not a substring: the middle of a name does not match.
      expect(await search(`${token}ria`)).toEqual([]);
    });

    it('finds "first surname" as a first-name prefix and a surname prefix', async () => {
      expect(await search(`ma${token}rk sto`)).toEqual([`Stone${token}`]);
      expect(await search(`ma${token}rk ort`)).toEqual([]);
    });

    it('finds by email prefix', async () => {
      expect(await search(`${token}.mar`)).toEqual([`Ortega${token}`]);
      expect(await search(`MARK.${token.toUpperCase()}@EXAMPLE`)).toEqual([`Stone${token}`]);
    });

    it('finds by account number, exact or prefix', async () => {
      const target = fixture[2] as FixtureCustomer;
      expect(await search(target.accountNumber)).toEqual([target.surname]);
      const prefix = target.accountNumber.slice(0, 10);
      const rows = (await list(`q=${prefix}&limit=100`)).json().items as AdminUserRow[];
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.every((row) => row.accountNumber.startsWith(prefix))).toBe(true);
      expect(ids(rows)).toContain(target.userId);
    });

    it('treats % and _ as the characters they are, not as wildcards', async () => {
      expect(await search(`under_${token}`)).toEqual([`Under_${token}`]);
      expect(await search(`under%`)).toEqual([]);
      expect(await search(`unde_`)).toEqual([]);
      expect(await search('%')).toEqual([]);
    });
  });

  describe('search strategies', () => {
    // The list answers a search from a window of the first rows in order, or from the prefix
    // indexes when the window holds less than a page. Both must give the same pages.
    let token: string;
    let fixture: FixtureCustomer[];
    beforeAll(async () => {
      token = uniqueToken().toLowerCase();
      const firsts = ['Ana', 'Anabel', 'Bo', 'Cy', 'Dee'];
      fixture = await insertCustomers(
        t,
        Array.from({ length: 17 }, (_, i) => ({
          firstName: `${firsts[i % firsts.length]}${token}`,
          surname: `${i % 2 === 0 ? 'Zed' : 'Yan'}${token}`,
          email: `${['an', 'bo'][i % 2]}${token}${i}@example.test`,
          createdAt: new Date(t.clock.now().getTime() - (i % 4) * 1000),
        })),
      );
    });

    it.each([
      ['every fixture row (surname prefixes, emails)', (tk: string) => [`zed${tk}`, `yan${tk}`, `an${tk}`]],
      ['a first-name prefix', (tk: string) => [`ana${tk}`, `anab`, `bo${tk}`]],
      ['"first surname"', (tk: string) => [`ana${tk} zed`, `bo${tk} yan${tk}`]],
    ])('agree on %s in every sort and order', async (_, queries) => {
      const paths = [0, 3, 10_000].map((searchProbeRows) =>
        createAdminUserList({ db: t.database.db, searchProbeRows }),
      );
      for (const q of queries(token)) {
        for (const sort of ['createdAt', 'name', 'balance'] as const) {
          for (const order of ['asc', 'desc'] as const) {
            const walks: string[][] = [];
            for (const list of paths) {
              const seen: string[] = [];
              let cursor: string | undefined;
              do {
                const page = await list({ q, sort, order, cursor, limit: 4 });
                seen.push(...ids(page.items));
                cursor = page.nextCursor ?? undefined;
              } while (cursor);
              walks.push(seen);
            }
            const label = `${q} ${sort} ${order}`;
            expect(walks[0]?.length, label).toBeGreaterThan(0);
            expect(new Set(walks[0]).size, label).toBe(walks[0]?.length);
            expect(walks[1], label).toEqual(walks[0]);
            expect(walks[2], label).toEqual(walks[0]);
          }
        }
      }
      const everyone = await paths[1]?.({ q: `zed${token}`, sort: 'createdAt', limit: 100 });
      expect(ids(everyone?.items ?? []).sort()).toEqual(
        fixture
          .filter((c) => c.surname.startsWith('Zed'))
          .map((c) => c.userId)
          .sort(),
      );
    });
  });

  it('filters by status', async () => {
    const token = uniqueToken();
    const made = await insertCustomers(t, [
      { surname: token, status: 'active' },
      { surname: token, status: 'suspended' },
      { surname: token, status: 'suspended' },
      { surname: token, status: 'closed' },
    ]);
    for (const status of ['active', 'suspended', 'closed'] as const) {
      const rows = (await list(`q=${token}&status=${status}`)).json().items as AdminUserRow[];
      expect(ids(rows).sort()).toEqual(
        made
          .filter((c) => c.status === status)
          .map((c) => c.userId)
          .sort(),
      );
      expect(rows.every((row) => row.status === status)).toBe(true);
    }
    // Without a search, too (the status index, not the search, does the work).
    const suspended = await listAll('status=suspended', 100);
    expect(suspended.every((row) => row.status === 'suspended')).toBe(true);
    expect(suspended.length).toBeGreaterThanOrEqual(2);
  });

  describe('keyset pages and sorting', () => {
    let token: string;
    let fixture: FixtureCustomer[];
    const balances = new Map<string, bigint>();
    beforeAll(async () => {
      token = uniqueToken();
      const base = t.clock.now().getTime();
      // 23 customers, several sharing a created-at instant and a name: the tie-breaks must hold.
      fixture = await insertCustomers(
        t,
        Array.from({ length: 23 }, (_, i) => ({
          firstName: ['anna', 'Bea', 'Émile', 'carl'][i % 4] as string,
          surname: `${token}${['b', 'A', 'c'][i % 3]}`,
          createdAt: new Date(base - Math.floor(i / 3) * 60_000),
        })),
      );
      const amounts = ['5.00', '0.01', '5.00', '120.00', '7.5'];
      for (const [i, amount] of amounts.entries()) {
        const customer = fixture[i] as FixtureCustomer;
        await credit(t, adminCookie, customer.userId, amount);
        balances.set(customer.userId, BigInt(Math.round(Number(amount) * 100)));
      }
    });

    const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    // The server's order, in JS: C collation is code-point order of the lower-cased names.
    const byCreatedDesc = (a: FixtureCustomer, b: FixtureCustomer) =>
      b.createdAt.getTime() - a.createdAt.getTime() || compareText(b.userId, a.userId);
    const byNameAsc = (a: FixtureCustomer, b: FixtureCustomer) =>
      compareText(a.surname.toLowerCase(), b.surname.toLowerCase()) ||
      compareText(a.firstName.toLowerCase(), b.firstName.toLowerCase()) ||
      compareText(a.userId, b.userId);
    const balanceOf = (c: FixtureCustomer) => balances.get(c.userId) ?? 0n;
    const byBalanceDesc = (a: FixtureCustomer, b: FixtureCustomer) =>
      balanceOf(b) > balanceOf(a) ? 1 : balanceOf(b) < balanceOf(a) ? -1 : compareText(b.userId, a.userId);

    it.each([
      ['createdAt', '', byCreatedDesc],
      ['createdAt', 'asc', (a: FixtureCustomer, b: FixtureCustomer) => byCreatedDesc(b, a)],
      ['name', '', byNameAsc],
      ['name', 'desc', (a: FixtureCustomer, b: FixtureCustomer) => byNameAsc(b, a)],
      ['balance', '', byBalanceDesc],
      ['balance', 'asc', (a: FixtureCustomer, b: FixtureCustomer) => byBalanceDesc(b, a)],
    ] as const)('sort=%s order=%s: every row once, in order, across pages', async (sort, order, compare) => {
      const query = `q=${token}&sort=${sort}${order ? `&order=${order}` : ''}`;
      const { items, pages } = await walkPages<AdminUserRow>(
        t,
        adminCookie,
        `/api/admin/users?${query}&limit=5`,
      );
      expect(pages).toBe(5);
      expect(new Set(ids(items)).size).toBe(items.length);
      expect(ids(items)).toEqual([...fixture].sort(compare).map((c) => c.userId));
    });

    it('pages by 25 unless told otherwise and never by more than 100', async () => {
      const res = await list(`q=${token}`);
      expect(res.json().items).toHaveLength(Math.min(PAGE_SIZE_DEFAULT, fixture.length));
      expect((await list('limit=101')).statusCode).toBe(400);
      expect((await list('limit=0')).statusCode).toBe(400);
      expect((await list('limit=100')).statusCode).toBe(200);
    });

    it('refuses a cursor from another sort or order, and a forged one, with 400', async () => {
      const first = (await list(`q=${token}&sort=name&limit=5`)).json();
      expect(first.nextCursor).toEqual(expect.any(String));
      for (const query of [
        `q=${token}&sort=createdAt&cursor=${first.nextCursor}`,
        `q=${token}&sort=name&order=desc&cursor=${first.nextCursor}`,
        `cursor=not-base64-json`,
        `cursor=${encodeCursor('createdAt:desc', ['2026-02-31T00:00:00.000000Z', crypto.randomUUID()])}`,
        `cursor=${encodeCursor('createdAt:desc', ['2026-01-01T00:00:00.000000Z', "1' or '1'='1"])}`,
        `sort=balance&cursor=${encodeCursor('balance:desc', ['99999999999999999999', crypto.randomUUID()])}`,
        `sort=name&cursor=${encodeCursor('name:asc', ['a'.repeat(201), 'b', crypto.randomUUID()])}`,
        `cursor=${'x'.repeat(1025)}`,
      ]) {
        const res = await list(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  it.each(['status=frozen', 'sort=email', 'order=up', `q=${'x'.repeat(101)}`, 'role=admin', 'limit=abc'])(
    'refuses %s with 400 in the error envelope',
    async (query) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('GET /api/admin/users/:id', () => {
  it("returns the customer's file: SSN as last four only, counts, the 10 newest records and loans", async () => {
    const customer = await signUpCustomer(t, { ssn: '123-45-6789' });
    for (let i = 1; i <= 12; i++) {
      t.clock.advanceMs(1_000);
      await credit(t, adminCookie, customer.userId, `${i}.00`);
    }
    for (let i = 1; i <= 11; i++) {
      t.clock.advanceMs(1_000);
      await t.database.db.insert(loanApplications).values({
        userId: customer.userId,
        source: 'application',
        loanType: 'Personal Loan',
        amountCents: BigInt(i) * 100_000n,
        termMonths: 12,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
    }
    const res = await adminGet(t, adminCookie, `/api/admin/users/${customer.userId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminUserDetail;
    expect(body.profile).toMatchObject({
      uid: customer.userId,
      email: customer.email,
      accountNumber: customer.accountNumber,
      ssnLast4: '6789',
      balance: '78.00',
      status: 'active',
      accountLimit: '50000.00',
    });
    expect(body.counts).toEqual({ transactions: 12, loans: 11, openSessions: 1 });
    expect(body.recentTransactions.map((r) => r.amount)).toEqual(
      ['12.00', '11.00', '10.00', '9.00', '8.00', '7.00', '6.00', '5.00', '4.00', '3.00'].slice(
        0,
        ADMIN_RECENT_ITEMS_MAX,
      ),
    );
    expect(body.recentLoans).toHaveLength(ADMIN_RECENT_ITEMS_MAX);
    expect(body.recentLoans[0]).toMatchObject({ amount: '11000.00', status: 'Pending', termMonths: 12 });

    // Nothing secret in the whole answer: no full SSN, no ciphertext, no password hash.
    const [secret] = await t.database.db
      .select({ hash: identities.passwordHash, ssn: profiles.ssnEncrypted })
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(eq(identities.id, customer.userId));
    expect(res.body).not.toContain('123-45-6789');
    expect(res.body).not.toContain(secret?.hash);
    expect(res.body).not.toContain(secret?.ssn);
    expect(res.body).not.toMatch(/password|ssnEncrypted/i);
  });

  it('answers "User not found." for an admin, an unknown id and a malformed id', async () => {
    for (const id of [admin.userId, crypto.randomUUID(), 'not-a-uuid', '1 or 1=1']) {
      const res = await adminGet(t, adminCookie, `/api/admin/users/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toEqual({
        code: 'USER_NOT_FOUND',
        message: errorCatalogue.USER_NOT_FOUND.message,
      });
    }
  });
});

describe('PATCH /api/admin/users/:id', () => {
  const auditRowsFor = (userId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, userId), eq(auditLog.action, 'admin.user_update')))
      .orderBy(desc(auditLog.id));

  it('changes profile fields and the limit, audits only what changed, and pushes the live profile', async () => {
    const customer = await signUpCustomer(t, { firstName: 'Jane', surname: 'Doe' });
    const pushed: string[] = [];
    const unlisten = await t.database.listen(PROFILE_CHANNEL, (userId) => pushed.push(userId));
    try {
      const res = await adminPatch(t, adminCookie, customer.userId, {
        firstName: '  Janet ',
        surname: 'Doe',
        phone: '+1 212 555 0100',
        occupation: 'Engineer',
        accountLimit: '75000.5',
        reason: 'Customer called to update details',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as AdminUserDetail;
      expect(body.profile).toMatchObject({
        firstName: 'Janet',
        surname: 'Doe',
        phone: '+1 212 555 0100',
        accountLimit: '75000.50',
      });
      // product §3: the avatar follows the name.
      expect(body.profile.avatar).toMatch(/^\/api\/avatars\/JD-/);
      await expect.poll(() => pushed).toContain(customer.userId);
    } finally {
      await unlisten();
    }

    const [row] = await auditRowsFor(customer.userId);
    expect(row).toMatchObject({
      actorId: admin.userId,
      actorRole: 'admin',
      subjectType: 'user',
      outcome: 'success',
      reason: 'Customer called to update details',
      details: {
        // Surname and occupation were sent unchanged: not in the record.
        before: { firstName: 'Jane', phone: '+1 415 555 0142', accountLimit: '50000.00' },
        after: { firstName: 'Janet', phone: '+1 212 555 0100', accountLimit: '75000.50' },
      },
    });
    expect(row?.ip).toBe('127.0.0.1');

    // The customer sees the change on their own profile.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Janet', accountLimit: '75000.50' });
  });

  it('writes nothing when nothing differs', async () => {
    const customer = await signUpCustomer(t);
    const res = await adminPatch(t, adminCookie, customer.userId, {
      firstName: 'Jane',
      status: 'active',
      accountLimit: '50000',
      reason: 'Checking',
    });
    expect(res.statusCode).toBe(200);
    expect(await auditRowsFor(customer.userId)).toEqual([]);
  });

  // The date of birth is editable with a reason since issue 17 (recovery/admin-recovery.test.ts);
  // the email changes only through the code to the new address.
  it.each(['role', 'balance', 'email', 'accountNumber', 'ssn', 'ssnLast4', 'avatar', 'createdAt'])(
    'refuses a body with %s (400) and applies nothing of it',
    async (field) => {
      const customer = await signUpCustomer(t);
      const values: Record<string, string> = {
        role: 'admin',
        balance: '1000000.00',
        email: 'taken@example.test',
        accountNumber: '40912345678',
        ssn: '234-56-7890',
        ssnLast4: '0000',
        avatar: 'https://evil.example/x.svg',
        createdAt: '2000-01-01T00:00:00.000Z',
      };
      const res = await adminPatch(t, adminCookie, customer.userId, {
        occupation: 'Pilot',
        [field]: values[field],
        reason: 'Trying my luck',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      const detail = (await adminGet(t, adminCookie, `/api/admin/users/${customer.userId}`)).json();
      expect(detail.profile).toMatchObject({
        role: 'user',
        balance: '0.00',
        email: customer.email,
        accountNumber: customer.accountNumber,
        ssnLast4: '6789',
        occupation: 'Engineer',
      });
      expect(await auditRowsFor(customer.userId)).toEqual([]);
    },
  );

  it.each([
    [{ reason: 'No change asked for' }, undefined],
    [{ occupation: 'Pilot' }, 'reason'],
    [{ occupation: 'Pilot', reason: 'ok' }, 'reason'],
    [{ occupation: 'Pilot', reason: 'x'.repeat(501) }, 'reason'],
    [{ firstName: '   ', reason: 'Rename' }, 'firstName'],
    [{ surname: 'x'.repeat(51), reason: 'Rename' }, 'surname'],
    [{ phone: 'call me', reason: 'New phone' }, 'phone'],
    [{ zipCode: '!!', reason: 'Moved' }, 'zipCode'],
    [{ maritalStatus: 'Complicated', reason: 'Update' }, 'maritalStatus'],
    [{ status: 'deleted', reason: 'Close it' }, 'status'],
    [{ accountLimit: '-1', reason: 'Limit' }, 'accountLimit'],
    [{ accountLimit: '1e3', reason: 'Limit' }, 'accountLimit'],
    [{ accountLimit: '10.005', reason: 'Limit' }, 'accountLimit'],
    [{ accountLimit: '1000000.01', reason: 'Limit' }, 'accountLimit'],
    [{ accountLimit: 5000, reason: 'Limit' }, 'accountLimit'],
    [{ accountLimit: '9'.repeat(21), reason: 'Limit' }, 'accountLimit'],
  ] as const)('refuses %j with 400 naming the field', async (body, field) => {
    const customer = await signUpCustomer(t);
    const res = await adminPatch(t, adminCookie, customer.userId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.field).toBe(field);
    expect(await auditRowsFor(customer.userId)).toEqual([]);
  });

  it('accepts the limit bounds 0 and the named maximum', async () => {
    const customer = await signUpCustomer(t);
    for (const [limit, expected] of [
      ['0', '0.00'],
      ['1000000', '1000000.00'],
    ]) {
      const res = await adminPatch(t, adminCookie, customer.userId, {
        accountLimit: limit,
        reason: 'Limit review',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().profile.accountLimit).toBe(expected);
    }
  });

  it('refuses a body that is not JSON or too large, without a 5xx', async () => {
    const customer = await signUpCustomer(t);
    const notJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${customer.userId}`,
      headers: { ...JSON_HEADERS, cookie: adminCookie },
      payload: '{"reason": ',
    });
    expect(notJson.statusCode).toBe(400);
    const array = await adminPatch(t, adminCookie, customer.userId, [] as unknown as Record<string, unknown>);
    expect(array.statusCode).toBe(400);
    const huge = await adminPatch(t, adminCookie, customer.userId, { reason: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
  });

  it('answers "User not found." for an admin and for an unknown id, and changes nothing', async () => {
    const otherAdmin = await createAdmin(t);
    for (const id of [otherAdmin.userId, crypto.randomUUID(), 'nope']) {
      const res = await adminPatch(t, adminCookie, id, { firstName: 'Mallory', reason: 'Take over' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe('User not found.');
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, otherAdmin.userId));
    expect(row?.firstName).toBe('Ada');
  });

  it('suspending ends every session and login fails generically (product §8); re-activating restores login', async () => {
    const customer = await signUpCustomer(t);
    const second = await login(customer.accountNumber, customer.password);
    expect(second.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(200);

    const suspend = await adminPatch(t, adminCookie, customer.userId, {
      status: 'suspended',
      reason: 'Suspected account takeover',
    });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().profile.status).toBe('suspended');
    expect(suspend.json().counts.openSessions).toBe(0);
    const open = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, customer.userId));
    expect(open[0]?.n).toBe(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } });
    expect(me.statusCode).toBe(401);
    const refused = await login(customer.accountNumber, customer.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('LOGIN_FAILED');

    const [audit] = await auditRowsFor(customer.userId);
    expect(audit?.details).toEqual({
      before: { status: 'active' },
      after: { status: 'suspended' },
      sessionsEnded: 2,
    });

    const reactivate = await adminPatch(t, adminCookie, customer.userId, {
      status: 'active',
      reason: 'Identity confirmed by phone',
    });
    expect(reactivate.statusCode).toBe(200);
    const back = await login(customer.accountNumber, customer.password);
    expect(back.statusCode).toBe(200);
  });

  it('closing ends every session and login fails generically (product §8)', async () => {
    const customer = await signUpCustomer(t);
    const res = await adminPatch(t, adminCookie, customer.userId, {
      status: 'closed',
      reason: 'Customer request',
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } });
    expect(me.statusCode).toBe(401);
    const refused = await login(customer.accountNumber, customer.password);
    expect(refused.json().error.code).toBe('LOGIN_FAILED');
  });
});
