import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovementResponse } from '@larkspur/contract';
import { outboxMessages } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { checkMicr, checkPhotos } from '../../test/check-images';
import { JSON_HEADERS, createAdmin, loginAdmin, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { renderStoredEmail } from '../email/money-alert-template';
import { type EmailBrand } from '../email/email-layout';

/**
 * Issue 28 point 1: a money alert said "Available balance" beside the current balance, which
 * counts checks still on hold — telling a customer they could spend money they could not. An
 * alert states the available balance, and when it differs the current one, what is on hold and
 * until when (decision 0198).
 */
let t: TestApp;
let adminCookie: string;
const brand: EmailBrand = {
  bankName: 'Larkspur Bank',
  fromName: 'Larkspur Bank',
  publicOrigin: 'https://bank.example',
};
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

/** The alerts sent to `email`, oldest first, as the worker would render them. */
async function alertsTo(email: string) {
  const rows = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toEmail, email), eq(outboxMessages.template, 'money-alert')))
    .orderBy(asc(outboxMessages.id));
  return rows.map((row) => renderStoredEmail(row, brand));
}

async function depositCheck(cookie: string, amount: string, checkNumber: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie },
    payload: { amount, checkNumber, ...(await checkPhotos()), ...checkMicr() },
  });
  expect(res.statusCode).toBe(201);
  return res.json<MovementResponse>();
}

describe('a money alert states what can be spent', () => {
  it('a check deposit’s own alert: the available balance, the current one, what is on hold and until when', async () => {
    const alice = await signUpCustomer(t);
    await credit(t, adminCookie, alice.userId, '10.00');
    const body = await depositCheck(alice.cookie, '250.10', '7001');
    expect(body.availableBalance).toBe('10.00');
    const alerts = await alertsTo(alice.email);
    const check = alerts.find((alert) => alert.params.transaction_type === 'Check Deposit');
    expect(check?.params).toMatchObject({
      balance: '$10.00',
      current_balance: '$260.10',
      on_hold: '$250.10',
      // The test clock is Thursday 2026-01-15; a new account's check waits seven business days.
      held_until: 'Jan 26, 2026',
    });
    expect(check?.text).toContain('Available balance: $10.00');
    expect(check?.text).toContain('Current balance: $260.10');
    expect(check?.text).toContain('On hold: $250.10 (available in full by Jan 26, 2026)');
    expect(check?.text).not.toContain('Available balance: $260.10');
    expect(check?.html).toContain('$250.10 (available in full by Jan 26, 2026)');
  });

  it('a transfer received while a check is held: both balances; the sender without holds: one', async () => {
    const alice = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    await credit(t, adminCookie, bob.userId, '50.00');
    await depositCheck(alice.cookie, '100.00', '7002');
    const sent = await transfer(t, bob, { recipientAccount: alice.accountNumber, amount: '5.00' });
    expect(sent.statusCode).toBe(201);

    const received = (await alertsTo(alice.email)).at(-1);
    expect(received?.params).toMatchObject({
      balance: '$5.00',
      current_balance: '$105.00',
      on_hold: '$100.00',
    });
    expect(received?.text).toContain('Available balance: $5.00');
    expect(received?.text).toContain('Current balance: $105.00');

    const debit = (await alertsTo(bob.email)).at(-1);
    expect(debit?.params.balance).toBe('$45.00');
    expect(debit?.params.current_balance).toBeUndefined();
    expect(debit?.params.on_hold).toBeUndefined();
    expect(debit?.text).toContain('Available balance: $45.00');
    expect(debit?.text).not.toContain('Current balance');
  });
});
