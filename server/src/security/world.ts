import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { verifyLedger } from '../modules/ledger/index';
import { credit, transfer } from '../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../test/identity';
import type { TestApp } from '../test/test-app';

/**
 * A small bank for the security suite: an admin, a victim (Alice) with money, history, a loan and
 * a card, and an attacker (Mallory) who is an ordinary signed-in customer of the same bank.
 */
export interface World {
  adminCookie: string;
  adminId: string;
  alice: SignedUpCustomer;
  bob: SignedUpCustomer;
  mallory: SignedUpCustomer;
  /** Alice's own debit record of her transfer to Bob. */
  aliceRecordId: string;
  aliceLoanId: string;
  aliceCardId: string | null;
}

export const ALICE_OPENING = '1000.00';
export const BOB_OPENING = '500.00';
export const MALLORY_OPENING = '100.00';

export async function buildWorld(t: TestApp): Promise<World> {
  const admin = await createAdmin(t);
  const adminCookie = await loginAdmin(t, admin.email, admin.password);
  const alice = await signUpCustomer(t, { firstName: 'Alice', surname: 'Victim' });
  const bob = await signUpCustomer(t, { firstName: 'Bob', surname: 'Payee' });
  const mallory = await signUpCustomer(t, { firstName: 'Mallory', surname: 'Attacker' });
  await credit(t, adminCookie, alice.userId, ALICE_OPENING);
  await credit(t, adminCookie, bob.userId, BOB_OPENING);
  await credit(t, adminCookie, mallory.userId, MALLORY_OPENING);
  const sent = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '10.00' });
  if (sent.statusCode !== 201) throw new Error(`transfer ${sent.statusCode}: ${sent.body}`);
  const aliceRecordId = (sent.json() as { transaction: { id: string } }).transaction.id;
  const loan = await t.app.inject({
    method: 'POST',
    url: '/api/loans',
    headers: { ...JSON_HEADERS, cookie: alice.cookie },
    payload: {
      loanType: 'Auto Loan',
      loanAmount: '25000.00',
      termMonths: 60,
      purpose: 'A family car',
      annualIncome: '72000',
      employmentStatus: 'Employed',
    },
  });
  if (loan.statusCode !== 201) throw new Error(`loan ${loan.statusCode}: ${loan.body}`);
  // Cards arrive with another module; when it is there, Alice's first card is a target too.
  const cards = await t.app.inject({
    method: 'GET',
    url: '/api/me/cards',
    headers: { cookie: alice.cookie },
  });
  const cardList =
    cards.statusCode === 200 ? (cards.json() as { items?: { id: string }[] }).items : undefined;
  return {
    adminCookie,
    adminId: admin.userId,
    alice,
    bob,
    mallory,
    aliceRecordId,
    aliceLoanId: (loan.json() as { id: string }).id,
    aliceCardId: cardList?.[0]?.id ?? null,
  };
}

/** Alice's object for a path parameter, chosen by what the path names. */
export function aliceIdFor(world: World, path: string, param: string): string {
  if (param === 'accountNumber') return world.alice.accountNumber;
  if (param === 'file') return 'AV-1.svg';
  if (/transactions/.test(path)) return world.aliceRecordId;
  if (/loans/.test(path)) return world.aliceLoanId;
  if (/cards/.test(path)) return world.aliceCardId ?? '00000000-0000-4000-8000-000000000000';
  return world.alice.userId;
}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** Every customer's balance in cents, by user id: the thing no rejected request may change. */
export async function balances(t: TestApp): Promise<Map<string, bigint>> {
  const list = await rows<{ user_id: string; balance: string }>(
    t,
    sql`select user_id::text, balance_cents::text as balance from accounts where kind = 'customer'`,
  );
  return new Map(list.map((r) => [r.user_id, BigInt(r.balance)]));
}

export async function recordCount(t: TestApp): Promise<number> {
  const [row] = await rows<{ n: string }>(t, sql`select count(*)::text as n from transaction_records`);
  return Number(row?.n ?? 0);
}

export async function expectLedgerClean(t: TestApp): Promise<void> {
  const { violations } = await verifyLedger(t.database.db);
  expect(violations).toEqual([]);
}

/** A rejection as DESIGN §5 describes it: a 4xx with `{ error: { code, message } }`, nothing more. */
export function expectRejection(
  res: LightMyRequestResponse,
  status?: number,
): { code: string; message: string } {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, res.body).toBe('string');
  expect(typeof body.error?.message, res.body).toBe('string');
  return body.error as { code: string; message: string };
}
