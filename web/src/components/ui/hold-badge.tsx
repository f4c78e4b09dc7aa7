import type { RecordHold, TransactionRecord } from '@larkspur/contract';
import { availabilityText, holdBadge } from './hold-text';
import { StatusBadge } from './status-badge';

/** "On hold · available Nov 26, 2026" or "Check returned" beside a check deposit; nothing otherwise. */
export function HoldBadge({ hold, className = '' }: { hold: RecordHold | null; className?: string }) {
  const badge = holdBadge(hold);
  if (!badge) return null;
  return (
    <span className={className}>
      <StatusBadge tone={badge.tone} wrap>
        {badge.text}
      </StatusBadge>
    </span>
  );
}

/**
 * A record's hold on its receipt: the badge, and the sentence about availability where it says more
 * than the badge (part of the money available already, or why a returned check's money went).
 */
export function HoldDetail({ record }: { record: Pick<TransactionRecord, 'amount' | 'currency' | 'hold'> }) {
  const text = availabilityText(record);
  const badge = holdBadge(record.hold);
  const adds = text !== null && !(record.hold?.status === 'active' && text.startsWith('Available '));
  return (
    <span className="inline-flex flex-col items-start gap-1 sm:items-end">
      {badge ? <HoldBadge hold={record.hold} /> : null}
      {adds || !badge ? text : null}
    </span>
  );
}
