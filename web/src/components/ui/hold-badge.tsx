import type { RecordHold } from '@larkspur/contract';
import { holdBadge } from './hold-text';
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
