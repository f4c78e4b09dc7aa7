import type { RecordHold, TransactionRecord } from '@larkspur/contract';
// The zod-free module: the overview shows holds on its first screen (decision 0018).
import { formatCents, moneyToCents } from '@larkspur/contract/amounts';
import { formatDate } from '@/lib/format-date';
import type { BadgeTone } from './status-badge';
import { formatMoney } from './money';

// How a check deposit's hold reads to its customer (issue 13): on the statement, on the receipt
// and on the overview. The server decides the schedule; these only say what its answer means.

/** The badge a record wears in lists and on its receipt; null when there is nothing to flag. */
export function holdBadge(hold: RecordHold | null): { tone: BadgeTone; text: string } | null {
  if (hold === null || hold.status === 'released') return null;
  if (hold.status === 'returned') return { tone: 'danger', text: 'Check returned' };
  return { tone: 'warning', text: `On hold · available ${formatDate(hold.availableAt)}` };
}

/**
 * When the deposited money can be spent, in a sentence: "Available Nov 26, 2026" while all of it is
 * held; "$225.00 available now, the rest Nov 27, 2026" once part of it has been released;
 * "Available now" when the hold is over; null for a record without a hold.
 */
export function availabilityText(
  record: Pick<TransactionRecord, 'amount' | 'currency' | 'hold'>,
): string | null {
  const { hold } = record;
  if (hold === null) return null;
  if (hold.status === 'returned') return 'Returned unpaid: the money was taken back out';
  if (hold.status === 'released') return 'Available now';
  const held = moneyToCents(hold.heldAmount);
  const total = moneyToCents(record.amount);
  const date = formatDate(hold.availableAt);
  if (held <= 0n) return 'Available now';
  if (held >= total) return `Available ${date}`;
  return `${formatMoney(formatCents(total - held), record.currency)} available now, the rest ${date}`;
}

/**
 * The overview's line under the balances: "$240.00 on hold until Nov 26, 2026". The amount is the
 * profile's own (balance − available); the date is the latest among the active holds read, named
 * only when those holds account for the whole amount, so the line never promises a date too early.
 */
export function onHoldText(
  profile: { balance: string; availableBalance: string; currency: string },
  records: readonly Pick<TransactionRecord, 'hold'>[] | undefined,
): string | null {
  const held = moneyToCents(profile.balance) - moneyToCents(profile.availableBalance);
  if (held <= 0n) return null;
  const amount = formatMoney(formatCents(held), profile.currency);
  const active = (records ?? []).flatMap((r) => (r.hold?.status === 'active' ? [r.hold] : []));
  const found = active.reduce((sum, hold) => sum + moneyToCents(hold.heldAmount), 0n);
  if (active.length === 0 || found !== held) return `${amount} on hold`;
  const latest = active.reduce((a, b) => (Date.parse(b.availableAt) > Date.parse(a.availableAt) ? b : a));
  return `${amount} on hold until ${formatDate(latest.availableAt)}`;
}
