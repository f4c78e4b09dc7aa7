import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { accounts, identities, profiles } from '../db/schema/index';
import { JSON_HEADERS } from './identity';
import type { TestApp } from './test-app';
import { avatarUrlFor } from '../modules/users/index';

/** A customer written straight into the tables: for list fixtures, where sign-up's cost adds nothing. */
export interface FixtureCustomer {
  userId: string;
  firstName: string;
  surname: string;
  email: string;
  accountNumber: string;
  status: 'active' | 'suspended' | 'closed';
  createdAt: Date;
}

let drawn = 0;
/** Account numbers no sign-up in the same database will draw in practice: a per-process block. */
const ACCOUNT_NUMBER_BASE = 10_000_000 + crypto.randomInt(0, 80_000_000);

export function nextAccountNumber(): string {
  drawn += 1;
  return `409${String(ACCOUNT_NUMBER_BASE + drawn).padStart(8, '0')}`;
}

/** A token to keep one test's fixture apart from the rest of the file's customers. */
export function uniqueToken(): string {
  return `Q${crypto.randomBytes(4).toString('hex')}`;
}

export async function insertCustomers(
  t: TestApp,
  specs: Array<Partial<Omit<FixtureCustomer, 'userId'>> & { surname: string }>,
): Promise<FixtureCustomer[]> {
  const made: FixtureCustomer[] = [];
  await t.database.db.transaction(async (tx) => {
    for (const spec of specs) {
      const customer = {
        firstName: spec.firstName ?? 'Pat',
        surname: spec.surname,
        email: spec.email ?? `${crypto.randomBytes(6).toString('hex')}@example.test`,
        accountNumber: spec.accountNumber ?? nextAccountNumber(),
        status: spec.status ?? 'active',
        createdAt: spec.createdAt ?? t.clock.now(),
      };
      const [identity] = await tx
        .insert(identities)
        .values({ email: customer.email, passwordHash: 'not a hash', createdAt: customer.createdAt })
        .returning({ id: identities.id });
      if (!identity) throw new Error('identity insert returned no row');
      await tx.insert(profiles).values({
        userId: identity.id,
        role: 'user',
        status: customer.status,
        firstName: customer.firstName,
        surname: customer.surname,
        accountNumber: customer.accountNumber,
        accountLimitCents: 5_000_000n,
        avatarUrl: avatarUrlFor(customer.firstName, customer.surname),
        createdAt: customer.createdAt,
        updatedAt: customer.createdAt,
      });
      await tx
        .insert(accounts)
        .values({ kind: 'customer', userId: identity.id, createdAt: customer.createdAt });
      made.push({ userId: identity.id, ...customer });
    }
  });
  return made;
}

export function adminGet(t: TestApp, cookie: string, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

export function adminPatch(
  t: TestApp,
  cookie: string,
  userId: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${userId}`,
    headers: { ...JSON_HEADERS, cookie },
    payload,
  });
}

/** Every page of a list, following `nextCursor`; fails if the walk does not end. */
export async function walkPages<T>(
  t: TestApp,
  cookie: string,
  url: string,
  pagesMax = 100,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= pagesMax; pages++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await adminGet(t, cookie, cursor ? `${url}${sep}cursor=${cursor}` : url);
    if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}: ${res.body}`);
    const page = res.json() as { items: T[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
    if (cursor === null) return { items, pages };
  }
  throw new Error(`${url}: more than ${pagesMax} pages`);
}
