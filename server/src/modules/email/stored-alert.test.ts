import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createOutboxWorker } from './outbox-worker';
import { renderMoneyAlert, renderStoredEmail, type MoneyAlertInput } from './money-alert-template';
import { renderVerificationCode } from './code-templates';
import { type EmailBrand } from './email-layout';
import { createRecordingLogger, createRecordingTransport } from '../../test/email-doubles';

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
/** Transfers whose alerts are checked: the amount, and the recipient's name as the sender typed it. */
const transfers: [string, { amountCents: bigint; typedName: string }][] = [
  [
    'an amount with cents, the name as the holder has it',
    { amountCents: 123_450n, typedName: 'Grace Hopper' },
  ],
  ['one cent', { amountCents: 1n, typedName: 'Grace Hopper' }],
  [
    'a name typed otherwise (the alert says what the sender typed)',
    { amountCents: 5_000n, typedName: 'G Hoper' },
  ],
];

describe('a stored email that is not a money movement', () => {
  it('is sent as it was stored', () => {
    const code = renderVerificationCode(
      { to: 'a@b.c', code: '123456', validForMinutes: 5, now: base.date },
      brand,
    );
    expect(renderStoredEmail(code, brand)).toEqual({
      subject: code.subject,
      html: code.html,
      text: code.text,
      params: code.params,
    });
    // A money alert that was stored rendered (rows written before decision 0147) is sent as stored.
    const old = renderMoneyAlert(base, brand);
    expect(renderStoredEmail(old, brand)).toEqual({
      subject: old.subject,
      html: old.html,
      text: old.text,
      params: old.params,
    });
    // One stored as rendered fields with no body (decisions 0147, before migration 0014): its bodies.
    expect(renderStoredEmail({ ...old, html: '', text: '' }, brand)).toEqual({
      subject: old.subject,
      html: old.html,
      text: old.text,
      params: old.params,
    });
  });
});

describe('a money alert stored by the posting primitive (decision 0173)', () => {
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

  it.each(transfers)(
    'is delivered as rendering at enqueue would have rendered it: %s',
    async (_, { amountCents, typedName }) => {
      const input = { amountCents, counterparty: typedName };
      const sender = await signUpCustomer(t, { firstName: 'Ada', surname: 'Lovelace' });
      const recipient = await signUpCustomer(t, { firstName: 'Grace', surname: 'Hopper' });
      await credit(t, adminCookie, sender.userId, '2000.00');
      const transport = createRecordingTransport();
      const worker = createOutboxWorker({
        db: t.database.db,
        transport,
        clock: t.clock,
        logger: createRecordingLogger(),
        brand,
      });
      // The credit's alert (and earlier tests') out of the way first.
      await worker.runOnce();
      transport.sent.length = 0;
      const amount = `${input.amountCents / 100n}.${String(input.amountCents % 100n).padStart(2, '0')}`;
      const res = await transfer(t, sender, {
        recipientAccount: recipient.accountNumber,
        recipientName: input.counterparty,
        amount,
      });
      expect(res.statusCode).toBe(201);
      const record = res.json().transaction as { transactionId: string; createdAt: string };

      const stored = await t.database.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.template, 'money-alert'),
            inArray(outboxMessages.toEmail, [sender.email, recipient.email]),
          ),
        )
        // The transfer's two, not the credit's.
        .orderBy(desc(outboxMessages.id))
        .limit(2);
      await worker.runOnce();
      // No body and no formatted field is stored: the movement's own fields only.
      expect(stored.map((row) => [row.html, row.text, row.subject])).toEqual([
        ['', '', ''],
        ['', '', ''],
      ]);

      const common = { amountCents: input.amountCents, date: new Date(record.createdAt) };
      const expected: MoneyAlertInput[] = [
        {
          ...common,
          to: sender.email,
          name: 'Ada Lovelace',
          direction: 'debit',
          transactionType: 'Local Transfer',
          reference: record.transactionId,
          counterparty: input.counterparty,
          balanceCents: 200_000n - input.amountCents,
        },
        {
          ...common,
          to: recipient.email,
          name: 'Grace Hopper',
          direction: 'credit',
          // The recipient's side reads as the transfer it is, with the sender's reference (decision 0197).
          transactionType: 'Transfer from Ada Lovelace',
          reference: record.transactionId,
          counterparty: 'Ada Lovelace',
          balanceCents: input.amountCents,
        },
      ];
      for (const alert of expected) {
        const sent = transport.sent.find((m) => m.to === alert.to);
        const direct = renderMoneyAlert({ ...alert, reference: sent?.params.reference ?? '' }, brand);
        expect(sent).toMatchObject({
          template: 'money-alert',
          subject: direct.subject,
          html: direct.html,
          text: direct.text,
          params: direct.params,
        });
      }
      expect(transport.sent.find((m) => m.to === sender.email)?.params.reference).toBe(record.transactionId);
    },
  );
});

describe('a malformed stored money alert (issue 29: assertions at the SQL seam)', () => {
  /** What lb_post_movement stores for a credit, every field present. */
  const stored: Record<string, string> = {
    to_email: 'ada@example.com',
    name: 'Ada Lovelace',
    direction: 'credit',
    transaction_type: 'Deposit',
    amount_cents: '123450',
    date: '2026-03-04T15:06:00.000Z',
    reference: 'DEP1772636760000K3Q9',
    counterparty: 'Grace Hopper',
    balance_cents: '1000000',
  };
  const message = (params: Record<string, string>) => ({
    subject: '',
    html: '',
    text: '',
    template: 'money-alert' as const,
    params,
  });
  const without = (key: string): Record<string, string> =>
    Object.fromEntries(Object.entries(stored).filter(([k]) => k !== key));

  it('renders when every field is there', () => {
    expect(renderStoredEmail(message(stored), brand).text).toContain('Grace Hopper');
  });

  it.each([
    ['counterparty', 'Missing required value: money alert counterparty'],
    ['name', 'Missing required value: money alert name'],
    ['reference', 'Missing required value: money alert reference'],
    ['date', 'Missing required value: money alert date'],
    ['direction', 'Missing required value: money alert direction'],
  ])('fails naming the field when %s is missing, instead of rendering a blank', (key, error) => {
    expect(() => renderStoredEmail(message(without(key)), brand)).toThrow(error);
  });

  it('fails on a date that is not one, instead of 1 January 1970', () => {
    expect(() => renderStoredEmail(message({ ...stored, date: 'not a date' }), brand)).toThrow(
      'Not a valid date: money alert date',
    );
  });

  it('is never emailed by the outbox worker: the message stays undelivered with the failure recorded', async () => {
    const t = await buildTestApp();
    try {
      const [row] = await t.database.db
        .insert(outboxMessages)
        .values({
          toEmail: 'ada@example.com',
          ...message(without('counterparty')),
          createdAt: t.clock.now(),
          nextAttemptAt: t.clock.now(),
        })
        .returning({ id: outboxMessages.id });
      const transport = createRecordingTransport();
      const worker = createOutboxWorker({
        db: t.database.db,
        transport,
        clock: t.clock,
        logger: createRecordingLogger(),
        brand,
      });
      await worker.runOnce();
      expect(transport.sent.filter((m) => m.template === 'money-alert')).toEqual([]);
      const [after] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.id, row?.id ?? -1));
      expect(after?.status).toBe('pending');
      expect(after?.attempts).toBe(1);
      expect(after?.lastError).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
