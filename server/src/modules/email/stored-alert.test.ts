import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createOutbox } from './outbox';
import { createOutboxWorker } from './outbox-worker';
import {
  renderMoneyAlert,
  renderStoredEmail,
  renderVerificationCode,
  storedMoneyAlert,
  type EmailBrand,
  type MoneyAlertInput,
} from './templates';
import { createRecordingLogger, createRecordingTransport } from './testing';

/**
 * Decision 0147: a money alert is stored as template + fields and rendered by the outbox worker.
 * What the customer receives must be exactly what rendering at enqueue gave.
 */
const brand: EmailBrand = {
  bankName: 'Larkspur Bank',
  fromName: 'Larkspur Bank',
  publicOrigin: 'https://bank.example',
};
const base: MoneyAlertInput = {
  to: 'ada@example.com',
  name: 'Ada Lovelace',
  direction: 'credit',
  transactionType: 'Deposit',
  amountCents: 123_450n,
  date: new Date('2026-03-04T15:06:00.000Z'),
  reference: 'DEP1772636760000K3Q9',
  counterparty: 'Grace Hopper',
  balanceCents: 1_000_000_07n,
};
const alerts: [string, MoneyAlertInput][] = [
  ['a credit', base],
  ['a debit', { ...base, direction: 'debit', transactionType: 'Wire Transfer', counterparty: 'Bob' }],
  ['an international transfer in euros', { ...base, direction: 'debit', currencySymbol: '€' }],
  [
    'names and counterparties with markup and line breaks',
    { ...base, name: '<b>Eve</b>\r\nBcc: x@y', counterparty: '"><script>alert(1)</script>' },
  ],
  ['a zero balance and a one-cent amount', { ...base, amountCents: 1n, balanceCents: 0n }],
];

describe('a money alert stored as template + fields', () => {
  it.each(alerts)('renders %s exactly as rendering at enqueue did', (_, input) => {
    const direct = renderMoneyAlert(input, brand);
    const stored = storedMoneyAlert(input, brand);
    expect(stored).toMatchObject({ template: 'money-alert', subject: direct.subject, html: '', text: '' });
    expect(stored.params).toEqual(direct.params);
    expect(renderStoredEmail(stored, brand)).toEqual({ html: direct.html, text: direct.text });
  });

  it('leaves every other stored email as it was stored', () => {
    const code = renderVerificationCode(
      { to: 'a@b.c', code: '123456', validForMinutes: 5, now: base.date },
      brand,
    );
    expect(renderStoredEmail(code, brand)).toEqual({ html: code.html, text: code.text });
    // A money alert that was stored rendered (rows written before decision 0147) is sent as stored.
    const old = renderMoneyAlert(base, brand);
    expect(renderStoredEmail(old, brand)).toEqual({ html: old.html, text: old.text });
  });
});

describe('the outbox worker sends a stored money alert rendered', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('stores no body, and delivers the body rendering at enqueue would have given', async () => {
    const { db } = testDb.database;
    const clock = new ManualClock();
    const outbox = createOutbox({ clock });
    const debit = { ...alerts[1]![1] };
    await db.transaction(async (tx) => {
      await outbox.enqueueEmails(tx, [
        { to: base.to, ...storedMoneyAlert(base, brand) },
        { to: debit.to, ...storedMoneyAlert(debit, brand) },
      ]);
    });
    const stored = await db.select().from(outboxMessages).orderBy(asc(outboxMessages.id));
    expect(stored.map((row) => [row.html, row.text])).toEqual([
      ['', ''],
      ['', ''],
    ]);

    const transport = createRecordingTransport();
    const worker = createOutboxWorker({ db, transport, clock, logger: createRecordingLogger(), brand });
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(transport.sent).toHaveLength(2);
    for (const input of [base, debit]) {
      const direct = renderMoneyAlert(input, brand);
      // The worker sends a batch side by side: find each by its subject, not by arrival order.
      expect(transport.sent.find((m) => m.subject === direct.subject)).toMatchObject({
        to: input.to,
        template: 'money-alert',
        subject: direct.subject,
        html: direct.html,
        text: direct.text,
        params: direct.params,
      });
    }
  });
});
