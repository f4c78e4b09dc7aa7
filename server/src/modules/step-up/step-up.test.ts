import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, formatCents, STEP_UP_AMOUNT_THRESHOLD_CENTS } from '@larkspur/contract';
import { auditLog, mailboxMessages } from '../../db/schema/index';
import { balanceOf, credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  latestCode,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { addPasskey, agePasskeys } from '../../test/passkeys';
import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { OTP_RESEND_INTERVAL_MS } from '../email/index';
import { STEP_UP_PROOF_TTL_MS } from './step-up-service';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { STEP_UP_PAYMENTS: 'on' } });
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, cookie, ...headers },
    payload: payload as object,
  });

type Transfer = Record<string, unknown> & { recipientAccount: string; amount: string };
const local = (recipientAccount: string, amount: string): Transfer => ({
  type: 'Local Transfer',
  recipientAccount,
  recipientName: 'Payee',
  purpose: 'Rent',
  amount,
  // The name check (decision 0155) is not what these tests are about.
  confirmPayeeRisk: true,
});
const key = () => crypto.randomUUID();

function send(from: SignedUpCustomer, body: Transfer, idempotencyKey: string, token?: string) {
  return post('/api/transfers', body, from.cookie, {
    'idempotency-key': idempotencyKey,
    ...(token ? { 'step-up-token': token } : {}),
  });
}

function startStepUp(from: SignedUpCustomer, transfer: Transfer, idempotencyKey: string) {
  return post('/api/transfers/step-up', { transfer, idempotencyKey }, from.cookie);
}

/** The review step with the emailed code: start, read the code from the mailbox, answer it. */
async function proofByEmail(
  from: SignedUpCustomer,
  transfer: Transfer,
  idempotencyKey: string,
): Promise<string> {
  const start = await startStepUp(from, transfer, idempotencyKey);
  expect(start.statusCode, start.body).toBe(200);
  expect(start.json()).toMatchObject({ required: true, method: 'email' });
  const code = await latestCode(t, from.email);
  const verify = await post(
    '/api/transfers/step-up/verify',
    { challengeId: start.json().challengeId, code },
    from.cookie,
  );
  expect(verify.statusCode, verify.body).toBe(200);
  // The next code to this address may go out only after the resend interval.
  t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
  return verify.json().token as string;
}

async function funded(amount = '5000.00'): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(t);
  await credit(t, adminCookie, customer.userId, amount);
  return customer;
}

describe('step-up for risky payments', () => {
  it('refuses a first transfer to a new payee without a proof, even with a valid session and idempotency key; nothing moves', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const k = key();
    const refused = await send(alice, local(bob.accountNumber, '10.00'), k);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'STEP_UP_REQUIRED',
      message: errorCatalogue.STEP_UP_REQUIRED.message,
    });
    expect(await balanceOf(t, alice)).toBe('5000.00');
    expect(await balanceOf(t, bob)).toBe('0.00');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, alice.userId), eq(auditLog.action, 'transfer.step_up.required')));
    expect(audit).toHaveLength(1);
    // A made-up token is no better.
    const forged = await send(
      alice,
      local(bob.accountNumber, '10.00'),
      k,
      crypto.randomBytes(32).toString('base64url'),
    );
    expect(forged.statusCode).toBe(403);

    // The key was not used up by the refusal: the same transfer with a proof goes through.
    const token = await proofByEmail(alice, local(bob.accountNumber, '10.00'), k);
    const sent = await send(alice, local(bob.accountNumber, '10.00'), k, token);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await balanceOf(t, alice)).toBe('4990.00');
    expect(await balanceOf(t, bob)).toBe('10.00');
  });

  it('does not ask again for a retry of an approved transfer, nor for the next transfer to that payee', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const k = key();
    const token = await proofByEmail(alice, local(bob.accountNumber, '25.00'), k);
    const first = await send(alice, local(bob.accountNumber, '25.00'), k, token);
    expect(first.statusCode).toBe(201);
    // The retry (a lost answer) carries no proof, or the spent one: the first answer comes back.
    const retry = await send(alice, local(bob.accountNumber, '25.00'), k);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await send(alice, local(bob.accountNumber, '25.00'), k, token)).json()).toEqual(first.json());
    expect(await balanceOf(t, bob)).toBe('25.00');
    // Bob is a known payee now: a small transfer needs nothing.
    const next = key();
    const review = await startStepUp(alice, local(bob.accountNumber, '30.00'), next);
    expect(review.json()).toEqual({ required: false });
    expect((await send(alice, local(bob.accountNumber, '30.00'), next)).statusCode).toBe(201);
    expect(await balanceOf(t, bob)).toBe('55.00');
  });

  it('binds a proof to its transfer: another amount, payee or idempotency key is refused, and it works once', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const carol = await signUpCustomer(t);
    const k = key();
    const token = await proofByEmail(alice, local(bob.accountNumber, '40.00'), k);
    expect((await send(alice, local(bob.accountNumber, '40.01'), k, token)).statusCode).toBe(403);
    expect((await send(alice, local(carol.accountNumber, '40.00'), k, token)).statusCode).toBe(403);
    expect((await send(alice, local(bob.accountNumber, '40.00'), key(), token)).statusCode).toBe(403);
    expect((await send(alice, local(bob.accountNumber, '40.00'), k, token)).statusCode).toBe(201);
    // Spent: a second transfer with the same proof and a new key is refused.
    const again = await send(alice, { ...local(bob.accountNumber, '1500.00') }, key(), token);
    expect(again.statusCode).toBe(403);
    expect(await balanceOf(t, bob)).toBe('40.00');
  });

  it('binds a proof to the session that earned it and lets it expire', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const k = key();
    const token = await proofByEmail(alice, local(bob.accountNumber, '5.00'), k);
    const login = await post(
      '/api/auth/login',
      { accountNumber: alice.accountNumber, password: alice.password },
      '',
    );
    const otherSession = { ...alice, cookie: sessionCookie(login) };
    expect((await send(otherSession, local(bob.accountNumber, '5.00'), k, token)).statusCode).toBe(403);
    t.clock.advanceMs(STEP_UP_PROOF_TTL_MS + 1);
    expect((await send(alice, local(bob.accountNumber, '5.00'), k, token)).statusCode).toBe(403);
    expect(await balanceOf(t, bob)).toBe('0.00');
  });

  it('asks above the threshold even for a known payee, and not at it', async () => {
    const alice = await funded('9000.00');
    const bob = await signUpCustomer(t);
    const k0 = key();
    expect(
      (
        await send(
          alice,
          local(bob.accountNumber, '1.00'),
          k0,
          await proofByEmail(alice, local(bob.accountNumber, '1.00'), k0),
        )
      ).statusCode,
    ).toBe(201);
    const at = formatCents(STEP_UP_AMOUNT_THRESHOLD_CENTS);
    const above = formatCents(STEP_UP_AMOUNT_THRESHOLD_CENTS + 1n);
    expect(at).toBe('1000.00');
    const k1 = key();
    expect((await startStepUp(alice, local(bob.accountNumber, at), k1)).json()).toEqual({ required: false });
    expect((await send(alice, local(bob.accountNumber, at), k1)).statusCode).toBe(201);
    const k2 = key();
    const review = await startStepUp(alice, local(bob.accountNumber, above), k2);
    expect(review.json()).toMatchObject({ required: true, reasons: ['large_amount'] });
    expect((await send(alice, local(bob.accountNumber, above), k2)).statusCode).toBe(403);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const token = await proofByEmail(alice, local(bob.accountNumber, above), k2);
    expect((await send(alice, local(bob.accountNumber, above), k2, token)).statusCode).toBe(201);
  });

  it('treats international transfers the same way: a new IBAN asks, the same one again does not', async () => {
    const alice = await funded();
    const intl = (amount: string, iban = 'DE89 3704 0044 0532 0130 00'): Transfer => ({
      type: 'International Transfer',
      recipientAccount: iban,
      recipientName: 'Hans Muster',
      amount,
      purpose: 'Gift',
      internationalDetails: {
        recipientFullName: 'Hans Muster',
        recipientBank: 'Commerzbank',
        swiftBic: 'COBADEFFXXX',
        country: 'DE',
        currency: 'USD',
      },
      // US dollars abroad: one for one, no posted rate (decision 0165).
      fxQuote: { foreignAmount: amount, rateId: null },
    });
    const k = key();
    expect((await send(alice, intl('20.00'), k)).statusCode).toBe(403);
    const token = await proofByEmail(alice, intl('20.00'), k);
    expect((await send(alice, intl('20.00'), k, token)).statusCode).toBe(201);
    const k2 = key();
    expect((await startStepUp(alice, intl('21.00'), k2)).json()).toEqual({ required: false });
    expect((await send(alice, intl('21.00'), k2)).statusCode).toBe(201);
    // Same account field, another IBAN: a new payee.
    const k3 = key();
    expect((await send(alice, intl('22.00', 'FR76 3000 6000 0112 3456 7890 189'), k3)).statusCode).toBe(403);
  });

  it('lets a proof move money once when the approved transfer is sent twice at once', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const k = key();
    const token = await proofByEmail(alice, local(bob.accountNumber, '70.00'), k);
    const answers = await Promise.all([
      send(alice, local(bob.accountNumber, '70.00'), k, token),
      send(alice, local(bob.accountNumber, '70.00'), k, token),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await balanceOf(t, bob)).toBe('70.00');
  });

  it('refuses a wrong code, and a code after a newer step-up replaced its own', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const k = key();
    const start = await startStepUp(alice, local(bob.accountNumber, '9.00'), k);
    const code = await latestCode(t, alice.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, code: wrong },
      alice.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('OTP_INVALID');
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const newer = await startStepUp(alice, local(bob.accountNumber, '9.00'), k);
    const old = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, code },
      alice.cookie,
    );
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('STEP_UP_EXPIRED');
    const fresh = await latestCode(t, alice.email);
    const ok = await post(
      '/api/transfers/step-up/verify',
      { challengeId: newer.json().challengeId, code: fresh },
      alice.cookie,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('lets a re-review within a minute reuse the code already sent, in that session only; "Send a new code" sends one', async () => {
    // Issue 28 item 7: Review → Edit details → Review again answered "Too many requests".
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const first = await startStepUp(alice, local(bob.accountNumber, '12.00'), key());
    expect(first.statusCode, first.body).toBe(200);
    const code = await latestCode(t, alice.email);
    const mailed = async () =>
      (await t.database.db.select().from(mailboxMessages).where(eq(mailboxMessages.toEmail, alice.email)))
        .length;
    const before = await mailed();

    // Edit details, then review again: another key, even another amount, seconds later.
    t.clock.advanceMs(5_000);
    const k = key();
    const again = await startStepUp(alice, local(bob.accountNumber, '13.00'), k);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      required: true,
      method: 'email',
      codeReused: true,
      sentTo: first.json().sentTo,
      expiresAt: first.json().expiresAt,
    });
    expect(await mailed()).toBe(before);
    // Only the newest review can be answered, with the code the customer already has.
    const stale = await post(
      '/api/transfers/step-up/verify',
      { challengeId: first.json().challengeId, code },
      alice.cookie,
    );
    expect(stale.json().error.code).toBe('STEP_UP_EXPIRED');
    const verify = await post(
      '/api/transfers/step-up/verify',
      { challengeId: again.json().challengeId, code },
      alice.cookie,
    );
    expect(verify.statusCode, verify.body).toBe(200);
    // The proof is for the payment reviewed last, not the first one.
    const sent = await send(alice, local(bob.accountNumber, '13.00'), k, verify.json().token);
    expect(sent.statusCode, sent.body).toBe(201);

    // Another session of the same customer gets no share of this session's code.
    const carol = await signUpCustomer(t);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const review = await startStepUp(alice, local(carol.accountNumber, '14.00'), key());
    expect(review.statusCode, review.body).toBe(200);
    const login = await post(
      '/api/auth/login',
      { accountNumber: alice.accountNumber, password: alice.password },
      '',
    );
    const other = { ...alice, cookie: sessionCookie(login) };
    const elsewhere = await startStepUp(other, local(carol.accountNumber, '14.00'), key());
    expect(elsewhere.json().codeReused).toBeUndefined();

    // A code answered wrongly is not offered to the next review: that one gets a fresh code.
    const latest = await latestCode(t, alice.email);
    const badAnswer = await post(
      '/api/transfers/step-up/verify',
      { challengeId: review.json().challengeId, code: `${(Number(latest[0]) + 1) % 10}${latest.slice(1)}` },
      alice.cookie,
    );
    expect(badAnswer.statusCode).toBe(400);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const afterWrong = await startStepUp(alice, local(carol.accountNumber, '14.00'), key());
    expect(afterWrong.statusCode, afterWrong.body).toBe(200);
    expect(afterWrong.json().codeReused).toBeUndefined();

    // "Send a new code" asks for a new one explicitly and gets it once the resend interval passed.
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const countBefore = await mailed();
    const resent = await post(
      '/api/transfers/step-up',
      { transfer: local(carol.accountNumber, '14.00'), idempotencyKey: key(), resend: true },
      alice.cookie,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().codeReused).toBeUndefined();
    expect(await mailed()).toBe(countBefore + 1);
  });

  it('uses a passkey when the customer has one; the assertion works once', async () => {
    const alice = await funded();
    const bob = await signUpCustomer(t);
    const { added, authenticator } = await addPasskey(t, alice, { name: 'Phone' });
    expect(added.statusCode).toBe(201);
    // Old enough to confirm payments alone (PASSKEY_STEP_UP_DELAY_HOURS, decision 0185).
    await agePasskeys(t, alice.userId);

    const k = key();
    const start = await startStepUp(alice, local(bob.accountNumber, '15.00'), k);
    expect(start.json()).toMatchObject({ required: true, method: 'passkey', reasons: ['new_payee'] });
    const assertion = authenticator.assert(start.json().options as { challenge: string });
    const verify = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, passkey: assertion },
      alice.cookie,
    );
    expect(verify.statusCode, verify.body).toBe(200);
    const replay = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, passkey: assertion },
      alice.cookie,
    );
    expect(replay.statusCode).toBe(400);
    expect((await send(alice, local(bob.accountNumber, '15.00'), k, verify.json().token)).statusCode).toBe(
      201,
    );
  });

  it("refuses another customer's passkey as the answer to a step-up", async () => {
    const alice = await funded();
    const mallory = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const alicesKey = new SoftwareAuthenticator();
    const mallorysKey = new SoftwareAuthenticator();
    for (const [who, authenticator] of [
      [alice, alicesKey],
      [mallory, mallorysKey],
    ] as const) {
      const { added } = await addPasskey(t, who, { authenticator, name: 'Key' });
      expect(added.statusCode).toBe(201);
      await agePasskeys(t, who.userId);
    }
    const start = await startStepUp(alice, local(bob.accountNumber, '15.00'), key());
    const assertion = mallorysKey.assert(start.json().options as { challenge: string });
    const verify = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, passkey: assertion },
      alice.cookie,
    );
    expect(verify.statusCode).toBe(400);
    expect(verify.json().error.code).toBe('PASSKEY_FAILED');
    // Nor can Mallory answer Alice's step-up from her own session.
    const own = alicesKey.assert(start.json().options as { challenge: string });
    const fromMallory = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, passkey: own },
      mallory.cookie,
    );
    expect(fromMallory.statusCode).toBe(400);
  });

  it('asks for it at review for a wire to another US bank (no customer here to find), and the wire goes with the proof', async () => {
    const alice = await funded('100.00');
    const wire: Transfer = {
      ...local('000123456789', '25.00'),
      type: 'Wire Transfer',
      bankName: 'Wells Fargo',
      routingNumber: '121000248',
    };
    const k = key();
    expect((await send(alice, wire, k)).statusCode).toBe(403);
    // Before issue 29 the review step answered "not required" here, and the wire could never go.
    const token = await proofByEmail(alice, wire, k);
    const sent = await send(alice, wire, k, token);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await balanceOf(t, alice)).toBe('75.00');
  });

  it('answers the spec’s own refusals before asking for a step-up', async () => {
    const alice = await funded('10.00');
    const bob = await signUpCustomer(t);
    const res = await send(alice, local(bob.accountNumber, '20.00'), key());
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
    const missing = await send(alice, local('40999999999', '1.00'), key());
    expect(missing.json().error.code).toBe('RECIPIENT_NOT_FOUND');
    // The review is not asked to step up (and no code is emailed) for what will be refused anyway.
    expect((await startStepUp(alice, local('40999999999', '1.00'), key())).json()).toEqual({
      required: false,
    });
    expect((await startStepUp(alice, local(alice.accountNumber, '1.00'), key())).json()).toEqual({
      required: false,
    });
  });
});
