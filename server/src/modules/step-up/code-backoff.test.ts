import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { loginThrottles } from '../../db/schema/index';
import { JSON_HEADERS, latestCode, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { LOCK_BASE_MS } from '../auth/login-throttle';
import { OTP_ATTEMPTS_MAX, OTP_RESEND_INTERVAL_MS } from '../email/index';
import { STEP_UP_CODE_FAILURES_FREE, STEP_UP_CODE_FAILURES_HARD_LIMIT } from './step-up-service';

/**
 * Issue 27 (low): each step-up code dies after OTP_ATTEMPTS_MAX wrong tries, but a fresh code is
 * one request away. The wrong tries are counted per customer across codes, as reset codes are
 * (decision 0187): after STEP_UP_CODE_FAILURES_FREE, each further one backs off twice as long.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { STEP_UP_PAYMENTS: 'on' } });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload: payload as object });

/** A fresh step-up with a freshly emailed code (after the resend interval). */
async function freshChallenge(customer: SignedUpCustomer): Promise<string> {
  t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
  const start = await post('/api/me/step-up', { action: 'passkey.add' }, customer.cookie);
  expect(start.statusCode, start.body).toBe(200);
  expect(start.json().method).toBe('email');
  return start.json().challengeId as string;
}

/** A code that is surely wrong: the right one with its first digit changed. */
async function wrongCode(customer: SignedUpCustomer): Promise<string> {
  const right = await latestCode(t, customer.email);
  return `${(Number(right[0]) + 1) % 10}${right.slice(1)}`;
}

const answer = (customer: SignedUpCustomer, challengeId: string, code: string) =>
  post('/api/me/step-up/verify', { challengeId, code }, customer.cookie);

describe('step-up codes: a back-off across codes (decision 0187)', () => {
  it('blocks wrong guesses progressively across several freshly sent codes, and a right code ends it', async () => {
    const customer = await signUpCustomer(t);
    // STEP_UP_CODE_FAILURES_FREE wrong tries, spread over fresh codes (each dies after OTP_ATTEMPTS_MAX).
    let challengeId = await freshChallenge(customer);
    let onThisCode = 0;
    for (let i = 0; i < STEP_UP_CODE_FAILURES_FREE; i++) {
      if (onThisCode === OTP_ATTEMPTS_MAX) {
        challengeId = await freshChallenge(customer);
        onThisCode = 0;
      }
      const res = await answer(customer, challengeId, await wrongCode(customer));
      expect(res.statusCode, `guess ${i}`).toBe(400);
      onThisCode++;
    }
    // The next guess, on a brand new code, is the first to back off: refused, uncounted, even the right code.
    challengeId = await freshChallenge(customer);
    const first = await answer(customer, challengeId, await wrongCode(customer));
    expect(first.statusCode).toBe(400);
    const blocked = await answer(customer, challengeId, await latestCode(t, customer.email));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'STEP_UP_BACKED_OFF',
      message: errorCatalogue.STEP_UP_BACKED_OFF.message,
    });

    // After LOCK_BASE_MS one more try; the next back-off is twice as long.
    t.clock.advanceMs(LOCK_BASE_MS);
    challengeId = await freshChallenge(customer);
    expect((await answer(customer, challengeId, await wrongCode(customer))).statusCode).toBe(400);
    t.clock.advanceMs(LOCK_BASE_MS);
    expect((await answer(customer, challengeId, await wrongCode(customer))).statusCode).toBe(429);
    t.clock.advanceMs(LOCK_BASE_MS);
    // 2 × LOCK_BASE_MS since the last counted try: the right code works, and resets the count.
    const right = await answer(customer, challengeId, await latestCode(t, customer.email));
    expect(right.statusCode, right.body).toBe(200);
    // The count starts again (the route's own per-minute limit keeps this test from guessing on).
    const [row] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `step-up:${customer.userId}`));
    expect(row).toBeUndefined();
  });

  it('counts guesses made at once: a burst cannot slip under the limit', async () => {
    const customer = await signUpCustomer(t);
    const challenges: string[] = [];
    // Wrong guesses in parallel on three fresh codes, more than the free tries.
    for (let i = 0; i < 3; i++) challenges.push(await freshChallenge(customer));
    const latest = challenges.at(-1) as string;
    const wrong = await wrongCode(customer);
    const answers = await Promise.all(
      Array.from({ length: STEP_UP_CODE_FAILURES_FREE + 5 }, () => answer(customer, latest, wrong)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(STEP_UP_CODE_FAILURES_FREE + 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    expect(STEP_UP_CODE_FAILURES_HARD_LIMIT).toBeGreaterThan(STEP_UP_CODE_FAILURES_FREE);
  });
});
