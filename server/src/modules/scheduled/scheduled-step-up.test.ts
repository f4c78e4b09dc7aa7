import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { transactionRecords } from '../../db/schema/index';
import { credit } from '../../test/banking';
import { JSON_HEADERS, createAdmin, latestCode, loginAdmin, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { OTP_RESEND_INTERVAL_MS } from '../email/index';

/** The step-up rule (decision 0137) applies when a series is created; its payments run without one. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { STEP_UP_PAYMENTS: 'on' } });
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

describe('step-up at creation', () => {
  it('asks for it for a new payee, accepts the proof once, and the payments need none', async () => {
    const admin = await createAdmin(t);
    const adminCookie = await loginAdmin(t, admin.email, admin.password);
    const payer = await signUpCustomer(t);
    const payee = await signUpCustomer(t);
    await credit(t, adminCookie, payer.userId, '500.00');
    const transfer = {
      type: 'Local Transfer',
      recipientAccount: payee.accountNumber,
      recipientName: 'Payee',
      confirmPayeeRisk: true,
      purpose: 'Rent',
      amount: '20.00',
    };
    const schedule = { frequency: 'weekly', startOn: '2026-01-16', count: 3 };
    const key = crypto.randomUUID();

    const refused = await post('/api/me/scheduled-transfers', { transfer, schedule }, payer.cookie, {
      'idempotency-key': key,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(errorCatalogue.STEP_UP_REQUIRED.message);

    // The review step's step-up, bound to this request's key.
    const start = await post('/api/transfers/step-up', { transfer, idempotencyKey: key }, payer.cookie);
    expect(start.json()).toMatchObject({ required: true, method: 'email', reasons: ['new_payee'] });
    const code = await latestCode(t, payer.email);
    const verify = await post(
      '/api/transfers/step-up/verify',
      { challengeId: start.json().challengeId, code },
      payer.cookie,
    );
    const token = verify.json().token as string;
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);

    // A proof for another series (another key) does not fit.
    const otherKey = await post('/api/me/scheduled-transfers', { transfer, schedule }, payer.cookie, {
      'idempotency-key': crypto.randomUUID(),
      'step-up-token': token,
    });
    expect(otherKey.statusCode).toBe(403);
    const created = await post('/api/me/scheduled-transfers', { transfer, schedule }, payer.cookie, {
      'idempotency-key': key,
      'step-up-token': token,
    });
    expect(created.statusCode, created.body).toBe(201);

    // The payments: three, with no step-up (the first one is still to a "new payee").
    t.clock.advanceMs(30 * 86_400_000);
    await t.app.scheduler.runOnce();
    const debits = await t.database.db
      .select()
      .from(transactionRecords)
      .where(eq(transactionRecords.userId, payer.userId));
    expect(debits.filter((r) => r.direction === 'debit')).toHaveLength(3);
  });
});
