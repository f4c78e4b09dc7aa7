import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { balanceOf, credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, buildTwoInstances, type TestApp, type TwoInstances } from '../../test/test-app';
import { verifyLedger } from './verify';

/**
 * Group commit on PostgreSQL (decision 0173): transfers that arrive together go as one call of
 * `lb_transfer_batch`. What must hold: each request gets its own answer, never a neighbour's; a
 * batch that fails (an item's fault, or the call refused as a whole) is run again item by item;
 * batches touching the same accounts in opposite orders never deadlock.
 */
let t: TestApp;
let adminCookie: string;

/** The sizes of the batches the app sent while `fn` ran (one entry per lb_transfer_batch call). */
async function batchesDuring<T>(fn: () => Promise<T>): Promise<{ result: T; batches: number[] }> {
  const execute = t.database.db.execute.bind(t.database.db);
  const batches: number[] = [];
  const spy = vi.spyOn(t.database.db, 'execute').mockImplementation(((query: SQL) => {
    const text = JSON.stringify(query.queryChunks);
    if (text.includes('lb_transfer_batch')) {
      const items = query.queryChunks.find((chunk) => typeof chunk === 'string' && chunk.startsWith('['));
      batches.push(typeof items === 'string' ? (JSON.parse(items) as unknown[]).length : -1);
    }
    return execute(query);
  }) as typeof t.database.db.execute);
  try {
    return { result: await fn(), batches };
  } finally {
    spy.mockRestore();
  }
}

/** The first row of a query on `db`. */
async function firstRow<T>(db: TestApp['database']['db'], query: SQL): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}

async function funded(
  amount: string,
  names?: { firstName: string; surname: string },
): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(t, names ?? {});
  if (amount !== '0.00') await credit(t, adminCookie, customer.userId, amount);
  return customer;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { GROUP_COMMIT: 'on' } });
  expect(t.config.groupCommit).toBe(true);
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await t.database.db.execute(sql`drop trigger if exists explode_once on transaction_records`);
  await t.database.db.execute(sql`drop sequence if exists explode_attempts`);
  expect((await verifyLedger(t.database.db)).violations).toEqual([]);
});

describe('group commit', () => {
  it('answers each transfer of a batch with its own outcome, successes and refusals side by side', async () => {
    const sink = await funded('0.00', { firstName: 'Sam', surname: 'Sink' });
    const rich = await Promise.all(Array.from({ length: 8 }, () => funded('50.00')));
    const poor = await Promise.all(Array.from({ length: 8 }, () => funded('1.00')));
    const { result, batches } = await batchesDuring(() =>
      Promise.all([
        ...rich.map((from, i) =>
          transfer(
            t,
            from,
            { recipientAccount: sink.accountNumber, amount: `${10 + i}.00` },
            { 'idempotency-key': `rich-${i}` },
          ),
        ),
        ...poor.map((from, i) =>
          transfer(
            t,
            from,
            { recipientAccount: sink.accountNumber, amount: `${10 + i}.00` },
            { 'idempotency-key': `poor-${i}` },
          ),
        ),
        transfer(t, rich[0]!, { recipientAccount: rich[0]!.accountNumber, amount: '1.00' }),
        transfer(t, rich[1]!, { recipientAccount: '40900000000', amount: '1.00' }),
      ]),
    );
    // They did go together: at least one batch of several.
    expect(Math.max(0, ...batches)).toBeGreaterThan(1);
    result.slice(0, 8).forEach((res, i) => {
      expect(res.statusCode).toBe(201);
      expect(res.json().transaction.amount).toBe(`${10 + i}.00`);
      expect(res.json().balance).toBe(`${40 - i}.00`);
    });
    result.slice(8, 16).forEach((res) => {
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(errorCatalogue.INSUFFICIENT_FUNDS.message);
    });
    expect(result[16]?.json().error.message).toBe(errorCatalogue.SELF_TRANSFER.message);
    expect(result[17]?.json().error.message).toBe(errorCatalogue.RECIPIENT_NOT_FOUND.message);
    expect(await balanceOf(t, sink)).toBe(`${8 * 10 + 28}.00`);
    // Each refusal is remembered by its own key: the retry is refused the same way, and moves nothing.
    const retry = await transfer(
      t,
      poor[3]!,
      { recipientAccount: sink.accountNumber, amount: '13.00' },
      { 'idempotency-key': 'poor-3' },
    );
    expect(retry.statusCode).toBe(422);
    expect(await balanceOf(t, poor[3]!)).toBe('1.00');
  });

  it('never lets the fault of one transfer reach the answer of another', async () => {
    const sink = await funded('0.00', { firstName: 'Sam', surname: 'Sink' });
    const senders = await Promise.all(Array.from({ length: 12 }, () => funded('20.00')));
    // The first record with this purpose fails, as a full disk would; a sequence counts the
    // attempts, because a sequence is not rolled back with the failed call.
    await t.database.db.execute(sql`create sequence explode_attempts`);
    await t.database.db.execute(sql`
      create or replace function explode_once() returns trigger language plpgsql as $$
      begin
        if new.purpose = 'explode' and nextval('explode_attempts') = 1 then
          raise exception 'injected failure';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger explode_once before insert on transaction_records
      for each row execute function explode_once()`);
    const { result, batches } = await batchesDuring(() =>
      Promise.all(
        senders.map((from, i) =>
          transfer(t, from, {
            recipientAccount: sink.accountNumber,
            amount: '5.00',
            purpose: i === 11 ? 'explode' : 'ordinary',
          }),
        ),
      ),
    );
    expect(Math.max(0, ...batches)).toBeGreaterThan(1);
    // Everyone else is paid. The faulty one was either in a batch, which was then run again item
    // by item (201), or alone when its fault struck (500, as before group commit).
    expect(result.slice(0, 11).map((res) => res.statusCode)).toEqual(senders.slice(0, 11).map(() => 201));
    const faulty = result[11]!.statusCode;
    expect([201, 500]).toContain(faulty);
    // Money moved exactly once for each 201, and not at all for a 500.
    expect(await balanceOf(t, sink)).toBe(faulty === 201 ? '60.00' : '55.00');
    expect(await balanceOf(t, senders[11]!)).toBe(faulty === 201 ? '15.00' : '20.00');
  });

  it('runs a batch the database refused as a whole item by item', async () => {
    const sink = await funded('0.00', { firstName: 'Sam', surname: 'Sink' });
    const senders = await Promise.all(Array.from({ length: 6 }, () => funded('20.00')));
    // The batch function itself refuses, as a lock timeout would: nothing of the call commits.
    const original = await firstRow<{ def: string }>(
      t.database.db,
      sql`select pg_get_functiondef('lb_transfer_batch(jsonb)'::regprocedure) as def`,
    );
    await t.database.db.execute(sql`
      create or replace function lb_transfer_batch(p jsonb) returns jsonb language plpgsql as $$
      begin
        perform lb_transfer(p->'items'->0);
        raise exception 'batch refused' using errcode = '55P03';
      end $$`);
    try {
      const { result, batches } = await batchesDuring(() =>
        Promise.all(
          senders.map((from) => transfer(t, from, { recipientAccount: sink.accountNumber, amount: '5.00' })),
        ),
      );
      expect(Math.max(0, ...batches)).toBeGreaterThan(1);
      expect(result.map((res) => res.statusCode)).toEqual(senders.map(() => 201));
      expect(await balanceOf(t, sink)).toBe('30.00');
      for (const sender of senders) expect(await balanceOf(t, sender)).toBe('15.00');
    } finally {
      await t.database.db.execute(sql.raw(original.def));
    }
  });
});

describe('group commit on two instances', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await buildTwoInstances({ GROUP_COMMIT: 'on' });
  });
  afterAll(async () => {
    await two.close();
  });

  it('never deadlocks when batches take the same accounts in opposite orders', async () => {
    const admin = await createAdmin(two.t);
    const cookie = await loginAdmin(two.t, admin.email, admin.password);
    const people = await Promise.all(Array.from({ length: 4 }, () => signUpCustomer(two.t)));
    for (const person of people) await credit(two.t, cookie, person.userId, '1000.00');
    // Every pair both ways at once, each direction from its own instance.
    const requests = [];
    for (let round = 0; round < 20; round += 1) {
      for (const [i, from] of people.entries()) {
        for (const [j, to] of people.entries()) {
          if (i === j) continue;
          requests.push(
            transfer({ app: i < j ? two.t.app : two.second } as TestApp, from, {
              recipientAccount: to.accountNumber,
              amount: '1.00',
              purpose: 'ring',
            }),
          );
        }
      }
    }
    const answers = await Promise.all(requests);
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 201)).toEqual([]);
    const total = await firstRow<{ total: string }>(
      two.t.database.db,
      sql`select sum(balance_cents)::text as total from accounts where kind = 'customer'`,
    );
    expect(total.total).toBe(String(4 * 100_000));
    expect((await verifyLedger(two.t.database.db)).violations).toEqual([]);
  });
});
