import { describe, expect, it } from 'vitest';
import { scheduledTransferPageSchema, type ScheduledTransfer } from '@larkspur/contract';
import { upcomingPaymentsParser } from './get-upcoming-payments';

const series = (id: string, nextRunOn: string | null): ScheduledTransfer => ({
  id,
  type: 'Local Transfer',
  recipientAccount: '40912345678',
  recipientName: 'Jane Doe',
  bankName: 'Larkspur Bank',
  amount: '25.00',
  purpose: 'Rent',
  frequency: 'monthly',
  startOn: '2027-01-31',
  endOn: null,
  count: 3,
  status: nextRunOn ? 'active' : 'finished',
  nextOccurrence: nextRunOn ? 2 : null,
  nextRunOn,
  occurrenceTotal: 3,
  createdAt: '2027-01-20T10:00:00.000Z',
  cancelledAt: null,
  recentRuns: [],
});

describe('upcomingPaymentsParser', () => {
  it('reads what the contract sends, soonest first, ended series left out', () => {
    const page = {
      items: [
        series('11111111-1111-4111-8111-111111111111', '2027-03-31'),
        series('22222222-2222-4222-8222-222222222222', '2027-02-28'),
        series('33333333-3333-4333-8333-333333333333', null),
      ],
      nextCursor: null,
    };
    expect(scheduledTransferPageSchema.safeParse(page).success).toBe(true);
    const parsed = upcomingPaymentsParser.safeParse(page);
    expect(parsed.success && parsed.data.map((item) => item.nextRunOn)).toEqual(['2027-02-28', '2027-03-31']);
  });

  it('refuses what the schema refuses: a float amount, a missing id', () => {
    const bad = { items: [{ ...series('11111111-1111-4111-8111-111111111111', '2027-02-28'), amount: 25 }] };
    expect(upcomingPaymentsParser.safeParse(bad).success).toBe(false);
    expect(upcomingPaymentsParser.safeParse({ items: [{ recipientName: 'x' }] }).success).toBe(false);
  });
});
