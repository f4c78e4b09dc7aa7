import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oneTimeCodes, outboxMessages } from '../../db/schema/index';
import { OTP_RESEND_INTERVAL_MS } from '../email/index';
import { JSON_HEADERS, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { RESET_CODES_PERIOD_MS, RESET_CODES_PER_TARGET_PER_DAY } from './recovery-service';

/**
 * Issue 27 (low): "Forgot your password?" sent a code to any account every 30 seconds — up to
 * 2,880 emails a day to one customer. Now at most RESET_CODES_PER_TARGET_PER_DAY a day per target,
 * and the form still answers every request alike (202, same body), matched or not.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
// The cap counts per UTC day (one database counter, decision 0194): each test starts at 01:00 of
// a new day, so that its requests all fall in one day whatever the clock read before.
beforeEach(() => {
  const now = t.clock.now();
  t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1)));
});

const forgot = (identifier: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    headers: JSON_HEADERS,
    payload: { identifier },
  });
const resetMails = async (email: string) =>
  (
    await t.database.db
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toEmail, email), like(outboxMessages.subject, '%Verification Code:%')))
  ).length;

describe('reset codes per target per day', () => {
  it('sends no more than the cap in a day, answering every request alike; a day later it sends again', async () => {
    const customer = await signUpCustomer(t);
    const bodies = new Set<string>();
    for (let i = 0; i < RESET_CODES_PER_TARGET_PER_DAY + 3; i += 1) {
      t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
      // Alternating identifiers: the account number and the address are one target.
      const res = await forgot(i % 2 === 0 ? customer.accountNumber : customer.email);
      expect(res.statusCode).toBe(202);
      bodies.add(res.body);
    }
    expect([...bodies]).toEqual([JSON.stringify({ ok: true })]);
    expect(await resetMails(customer.email)).toBe(RESET_CODES_PER_TARGET_PER_DAY);

    // Requests at once past the cap: still nothing.
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const burst = await Promise.all([1, 2, 3].map(() => forgot(customer.accountNumber)));
    expect(burst.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(await resetMails(customer.email)).toBe(RESET_CODES_PER_TARGET_PER_DAY);

    t.clock.advanceMs(RESET_CODES_PERIOD_MS);
    expect((await forgot(customer.accountNumber)).statusCode).toBe(202);
    expect(await resetMails(customer.email)).toBe(RESET_CODES_PER_TARGET_PER_DAY + 1);
  });

  it('a capped request issues no code: the code the customer holds still works', async () => {
    const customer = await signUpCustomer(t);
    for (let i = 0; i < RESET_CODES_PER_TARGET_PER_DAY; i += 1) {
      t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
      await forgot(customer.accountNumber);
    }
    const codesBefore = await t.database.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'password_reset'), eq(oneTimeCodes.email, customer.email)));
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    await forgot(customer.accountNumber);
    const codesAfter = await t.database.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'password_reset'), eq(oneTimeCodes.email, customer.email)));
    expect(codesAfter).toHaveLength(codesBefore.length);
  });

  it('an unmatched identifier takes the same steps: capped alike, and still 202', async () => {
    const unknown = '40900000001';
    const key = `unmatched:${unknown}`;
    for (let i = 0; i < RESET_CODES_PER_TARGET_PER_DAY + 2; i += 1) {
      t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
      expect((await forgot(unknown)).statusCode).toBe(202);
    }
    const decoys = await t.database.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'password_reset'), eq(oneTimeCodes.email, key)));
    expect(decoys).toHaveLength(RESET_CODES_PER_TARGET_PER_DAY);
  });
});
