import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  insightsResponseSchema,
  recordInternationalDetailsSchema,
  pageOf,
  recentRecipientsSchema,
  transactionRecordSchema,
  type Insights,
  type TransactionRecord,
} from '@larkspur/contract';
import { insightsParser, recentRecipientsParser, transactionPageParser } from './overview-parsers';

const pageSchema = pageOf(transactionRecordSchema);

const record: TransactionRecord = {
  id: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
  transactionId: 'TXN-1',
  userId: '00000000-0000-0000-0000-000000000000',
  type: 'International Transfer',
  direction: 'debit',
  amount: '-12.34',
  currency: 'USD',
  recipientName: 'Jane Doe',
  recipientAccount: 'DE89370400440532013000',
  bankName: 'Bank',
  routingNumber: null,
  senderName: 'Dana Whitfield',
  senderAccount: '40912345678',
  purpose: 'Rent',
  status: 'completed',
  internationalDetails: {
    recipientFullName: 'Jane Doe',
    recipientBank: 'Deutsche Bank',
    swiftBic: 'DEUTDEFF',
    country: 'DE',
    currency: 'EUR',
    currencySymbol: '€',
    foreignAmount: '110.78',
    usdPerUnit: '1.08320000',
    rateId: '7',
  },
  createdAt: '2026-01-15T12:00:00.000Z',
  created_at: '2026-01-15T12:00:00.000Z',
  hold: null,
  payeeCheck: 'no_match',
};

/** A check deposit still on hold. */
const heldRecord: TransactionRecord = {
  ...record,
  type: 'Check Deposit',
  direction: 'credit',
  amount: '500.00',
  internationalDetails: null,
  hold: { status: 'active', heldAmount: '275.00', availableAt: '2026-01-19T14:00:00.000Z' },
};

const insights: Insights = {
  days: 30,
  balanceSeries: [
    { date: '2026-01-14', balance: '100.00' },
    { date: '2026-01-15', balance: '-5.10' },
  ],
  byType: [{ type: 'Deposit', moneyIn: '100.00', moneyOut: '0.00', count: 1 }],
  monthIn: '100.00',
  monthOut: '0.00',
};

function agree(
  ours:
    | ReturnType<typeof insightsParser.safeParse>
    | ReturnType<typeof transactionPageParser.safeParse>
    | ReturnType<typeof recentRecipientsParser.safeParse>,
  contract: { success: boolean; data?: unknown },
  value: unknown,
) {
  expect(ours.success, JSON.stringify(value)).toBe(contract.success);
  if (ours.success && contract.success) expect(ours.data).toEqual(contract.data);
}
const pageAgrees = (value: unknown) =>
  agree(transactionPageParser.safeParse(value), pageSchema.safeParse(value), value);
const insightsAgree = (value: unknown) =>
  agree(insightsParser.safeParse(value), insightsResponseSchema.safeParse(value), value);
const page = (items: unknown[]) => ({ items, nextCursor: null });

/** Values a field is likely to be confused with, plus anything at all. */
const anyValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(null, '', ' ', '1.00', '-0.01', '1.0', 'credit', 'debit', record.id, 3, Number.NaN, []),
);

/** Text around the international fields' rules: spaces, case, lengths at the limits. */
const detailText = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom(
    ' deutdeff ',
    'DEUTDEFFXXX',
    'deutdeff1',
    'eur',
    ' usd ',
    'EU',
    'x'.repeat(56),
    'x'.repeat(57),
    ` ${'x'.repeat(100)} `,
    'x'.repeat(101),
    'ab 12',
    '€€€€',
    '€€€€€',
    'ß',
  ),
);

describe('the overview’s zod-free parsers', () => {
  it('read a page of records as pageOf(transactionRecordSchema) does', () => {
    pageAgrees(page([record]));
    pageAgrees(page([]));
    pageAgrees({ items: [{ ...record, internationalDetails: null, extra: 1 }], nextCursor: 'abc', more: 2 });
    pageAgrees(page([record, { ...record, direction: 'sideways' }]));
    pageAgrees(page([heldRecord, { ...heldRecord, hold: { ...heldRecord.hold, extra: 1 } }]));
    pageAgrees(page([{ ...heldRecord, hold: { ...heldRecord.hold, status: 'pending' } }]));
    pageAgrees(page([{ ...heldRecord, hold: [] }]));
    pageAgrees(
      page([
        { ...record, payeeCheck: null },
        { ...record, payeeCheck: 'close_match' },
      ]),
    );
    pageAgrees(page([{ ...record, payeeCheck: 'maybe' }]));
    for (const bad of [null, [], {}, { items: [] }, { items: {}, nextCursor: null }, page([null])])
      pageAgrees(bad);
  });

  it('agree with the contract on any record field replaced by any value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(transactionRecordSchema.shape)), anyValue, (key, value) =>
        pageAgrees(page([{ ...record, [key]: value }])),
      ),
      { numRuns: 1_000 },
    );
  });

  it('read a check deposit’s hold as recordHoldSchema does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('status', 'heldAmount', 'availableAt', 'unknownKey'),
        fc.oneof(anyValue, fc.constantFrom('active', 'released', 'returned', 'Active', '12.345')),
        (key, value) => pageAgrees(page([{ ...heldRecord, hold: { ...heldRecord.hold, [key]: value } }])),
      ),
      { numRuns: 1_000 },
    );
    for (const key of ['status', 'heldAmount', 'availableAt']) {
      const hold: Record<string, unknown> = { ...heldRecord.hold };
      delete hold[key];
      expect(transactionPageParser.safeParse(page([{ ...heldRecord, hold }])).success, key).toBe(false);
    }
  });

  it('read the international details (new and pre-0011 records) exactly as the contract does', () => {
    const keys = Object.keys(recordInternationalDetailsSchema.shape);
    fc.assert(
      fc.property(fc.constantFrom(...keys, 'unknownKey'), fc.oneof(detailText, anyValue), (key, value) =>
        pageAgrees(
          page([{ ...record, internationalDetails: { ...record.internationalDetails, [key]: value } }]),
        ),
      ),
      { numRuns: 2_000 },
    );
  });

  it('read the insights as insightsResponseSchema does', () => {
    insightsAgree(insights);
    insightsAgree({ ...insights, extra: 1, byType: [{ ...insights.byType[0], extra: 2 }] });
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(insightsResponseSchema.shape)), anyValue, (key, value) =>
        insightsAgree({ ...insights, [key]: value }),
      ),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('date', 'balance', 'type', 'moneyIn', 'moneyOut', 'count'),
        anyValue,
        (key, value) => {
          insightsAgree({ ...insights, balanceSeries: [{ ...insights.balanceSeries[0], [key]: value }] });
          insightsAgree({ ...insights, byType: [{ ...insights.byType[0], [key]: value }] });
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('check every field of the contract: without any one of them, both refuse', () => {
    // A field added to a schema makes this fail until the parser reads it too.
    // An optional field (`reference`, decision 0197) is the other way round: without it, both accept.
    for (const [key, field] of Object.entries(transactionRecordSchema.shape)) {
      const value: Record<string, unknown> = { ...record };
      delete value[key];
      const expected = field.safeParse(undefined).success;
      expect(pageSchema.safeParse(page([value])).success, key).toBe(expected);
      expect(transactionPageParser.safeParse(page([value])).success, key).toBe(expected);
    }
    // `ibanOrAccount` is optional: only records before migration 0011 have it.
    for (const key of Object.keys(recordInternationalDetailsSchema.shape).filter(
      (k) => k !== 'ibanOrAccount',
    )) {
      const details: Record<string, unknown> = { ...record.internationalDetails };
      delete details[key];
      pageAgrees(page([{ ...record, internationalDetails: details }]));
      expect(
        transactionPageParser.safeParse(page([{ ...record, internationalDetails: details }])).success,
        key,
      ).toBe(false);
    }
    for (const key of Object.keys(insightsResponseSchema.shape)) {
      const value: Record<string, unknown> = { ...insights };
      delete value[key];
      expect(insightsResponseSchema.safeParse(value).success, key).toBe(false);
      expect(insightsParser.safeParse(value).success, key).toBe(false);
    }
  });
});

describe('the recent recipients parser', () => {
  const recent = {
    type: 'Local Transfer',
    recipientAccount: '40912345678',
    recipientName: 'Marcus Reed',
    bankName: 'Larkspur Bank',
    routingNumber: null,
    internationalDetails: null,
    lastPaidAt: '2026-01-15T12:00:00.000Z',
  };
  const recentAgree = (value: unknown) =>
    agree(recentRecipientsParser.safeParse(value), recentRecipientsSchema.safeParse(value), value);

  it('reads as recentRecipientsSchema does', () => {
    recentAgree({ items: [recent, { ...recent, internationalDetails: record.internationalDetails }] });
    recentAgree({ items: [] });
    recentAgree({ items: [{ ...recent, type: 'Deposit' }] });
    for (const bad of [null, [], {}, { items: {} }, { items: [null] }]) recentAgree(bad);
  });

  it('agrees with the contract on any field replaced by any value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(recent)), anyValue, (key, value) =>
        recentAgree({ items: [{ ...recent, [key]: value }] }),
      ),
      { numRuns: 500 },
    );
  });
});
