import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTING_NUMBER_INVALID_MESSAGE,
  errorCatalogue,
  randomMicrLine,
  type AdminHold,
  type MicrLine,
} from '@larkspur/contract';
import { depositHolds } from '../../db/schema/index';
import { checkPhotos } from '../../test/check-images';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 27 (Low), decision 0192: a check is the same check when its MICR line is — the payer's
 * routing number, the payer's account number and the check number — whatever the photo's bytes,
 * whichever account it goes to and whoever deposits it.
 */
let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

type Photos = Awaited<ReturnType<typeof checkPhotos>>;

async function deposit(c: SignedUpCustomer, micr: MicrLine, photos?: Photos, amount = '25.00') {
  return t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie: c.cookie },
    payload: { amount, ...micr, ...(photos ?? (await checkPhotos())) },
  });
}

async function balance(c: SignedUpCustomer): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c.cookie } });
  return (res.json() as { balance: string }).balance;
}

function expectDuplicate(res: Awaited<ReturnType<typeof deposit>>, account: string): void {
  expect(res.statusCode).toBe(409);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error).toMatchObject({ code: 'DUPLICATE_CHECK', message: errorCatalogue.DUPLICATE_CHECK.message });
  // Says nothing of where the first deposit went.
  expect(res.body).not.toContain(account);
}

describe('a check is identified by its MICR line, bank-wide', () => {
  it("refuses the same check, photographed again, to another customer's account", async () => {
    const alice = await signUpCustomer(t);
    const mallory = await signUpCustomer(t);
    const micr = randomMicrLine();
    expect((await deposit(alice, micr)).statusCode).toBe(201);
    expectDuplicate(await deposit(mallory, micr), alice.accountNumber);
    expect(await balance(mallory)).toBe('0.00');
  });

  it('refuses the same check to the same account with a re-encoded photo', async () => {
    const alice = await signUpCustomer(t);
    const micr = randomMicrLine();
    const photos = await checkPhotos();
    expect((await deposit(alice, micr, photos)).statusCode).toBe(201);
    // The same pictures, other bytes: what a re-save or a screenshot of the photo gives.
    const reencode = async (image: Photos['frontImage']) => ({
      contentType: 'image/png' as const,
      dataBase64: (
        await sharp(Buffer.from(image.dataBase64, 'base64')).png({ compressionLevel: 1 }).toBuffer()
      ).toString('base64'),
    });
    const again = {
      frontImage: await reencode(photos.frontImage),
      backImage: await reencode(photos.backImage),
    };
    expect(again.frontImage.dataBase64).not.toBe(photos.frontImage.dataBase64);
    expectDuplicate(await deposit(alice, micr, again), alice.accountNumber);
    expect(await balance(alice)).toBe('25.00');
  });

  it('refuses the line padded with leading zeros: the same numbers', async () => {
    const alice = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const micr = randomMicrLine();
    expect((await deposit(alice, micr)).statusCode).toBe(201);
    const padded = {
      ...micr,
      checkNumber: `00${micr.checkNumber}`,
      payerAccountNumber: `0${micr.payerAccountNumber}`,
    };
    expectDuplicate(await deposit(bob, padded), alice.accountNumber);
  });

  it('lets exactly one of two customers depositing the same check at once through', async () => {
    const alice = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const micr = randomMicrLine();
    const [a, b] = await Promise.all([deposit(alice, micr), deposit(bob, micr)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.code).toBe('DUPLICATE_CHECK');
    const balances = [await balance(alice), await balance(bob)].sort();
    expect(balances).toEqual(['0.00', '25.00']);
    const holds = await t.database.db
      .select()
      .from(depositHolds)
      .where(eq(depositHolds.payerAccountNumber, micr.payerAccountNumber));
    expect(holds).toHaveLength(1);
  });

  it('refuses a returned check deposited again: the customer contacts the bank', async () => {
    const alice = await signUpCustomer(t);
    const micr = randomMicrLine();
    expect((await deposit(alice, micr)).statusCode).toBe(201);
    const [hold] = await t.database.db
      .select()
      .from(depositHolds)
      .where(eq(depositHolds.userId, alice.userId));
    const returned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/holds/${hold!.id}/return`,
      headers: { ...JSON_HEADERS, cookie: adminCookie },
      payload: { reason: 'Insufficient funds at the payer bank' },
    });
    expect(returned.statusCode).toBe(200);
    expectDuplicate(await deposit(alice, micr), alice.accountNumber);
  });

  it('accepts the same check number from another payer to the same account', async () => {
    const alice = await signUpCustomer(t);
    const first = randomMicrLine('1001');
    expect((await deposit(alice, first)).statusCode).toBe(201);
    expect((await deposit(alice, randomMicrLine('1001'))).statusCode).toBe(201);
    expect(
      (await deposit(alice, { ...first, payerAccountNumber: `${first.payerAccountNumber}1`.slice(1) }))
        .statusCode,
    ).toBe(201);
  });

  it('still refuses, per account, the number of a deposit made before the MICR line was asked', async () => {
    const alice = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const old = randomMicrLine();
    expect((await deposit(alice, old)).statusCode).toBe(201);
    // What a deposit of before migration 0027 looks like: no routing or payer account number.
    await t.database.db
      .update(depositHolds)
      .set({ routingNumber: null, payerAccountNumber: null })
      .where(eq(depositHolds.userId, alice.userId));
    const same = await deposit(alice, randomMicrLine(old.checkNumber));
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('DUPLICATE_CHECK_NUMBER');
    // Another account has no such deposit: the old rule was per account.
    expect((await deposit(bob, randomMicrLine(old.checkNumber))).statusCode).toBe(201);
  });

  it('refuses a routing number whose check digit is wrong, with the message', async () => {
    const alice = await signUpCustomer(t);
    const micr = randomMicrLine();
    const wrong = `${micr.routingNumber.slice(0, 8)}${(Number(micr.routingNumber[8]) + 1) % 10}`;
    const res = await deposit(alice, { ...micr, routingNumber: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(ROUTING_NUMBER_INVALID_MESSAGE);
    for (const missing of ['routingNumber', 'payerAccountNumber'] as const) {
      const { [missing]: _dropped, ...rest } = micr;
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/deposits/check',
        headers: { ...JSON_HEADERS, cookie: alice.cookie },
        payload: { amount: '25.00', ...rest, ...(await checkPhotos()) },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await balance(alice)).toBe('0.00');
  });

  it('shows reviewers the MICR line the customer typed beside the photos', async () => {
    const alice = await signUpCustomer(t);
    const micr = randomMicrLine();
    const dep = await deposit(alice, micr);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/holds?limit=100',
      headers: { cookie: adminCookie },
    });
    const item = (list.json().items as AdminHold[]).find((h) => h.recordId === dep.json().transaction.id);
    expect(item).toMatchObject(micr);
  });
});
