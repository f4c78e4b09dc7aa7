import { formatDate, formatTime } from './format';

/** A date over its time, for table cells: narrower than one line, and the date reads first. */
export function DateTimeCell({ iso, seconds = false }: { iso: string; seconds?: boolean }) {
  return (
    <span className="block whitespace-nowrap">
      {formatDate(iso)}
      <span className="block text-xs text-slate-600">{formatTime(iso, { seconds })}</span>
    </span>
  );
}
