/** A value of an audit row's details as one short line of text. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lines worth reading first: what changed (before → after), then the context keys. */
function linesOf(details: Record<string, unknown>): { key: string; text: string }[] {
  const before = isRecord(details.before) ? details.before : {};
  const after = isRecord(details.after) ? details.after : {};
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => ({
    key,
    // A creation has only an "after": its values, without a column of dashes.
    text: key in before ? `${text(before[key])} → ${text(after[key])}` : text(after[key]),
  }));
  const rest = Object.entries(details)
    .filter(([key]) => key !== 'before' && key !== 'after')
    .map(([key, value]) => ({ key, text: text(value) }));
  return [...changed, ...rest];
}

/** How many lines show before the rest fold away behind "Show all". */
const LINES_SHOWN = 3;

/** An audit row's details: the first lines in the cell, the rest behind a disclosure. */
export function AuditDetails({ details }: { details: Record<string, unknown> | null }) {
  if (!details || Object.keys(details).length === 0) return <span className="text-slate-600">—</span>;
  const lines = linesOf(details);
  const list = (items: typeof lines) => (
    <ul className="space-y-0.5 text-xs">
      {items.map((line) => (
        <li key={line.key} className="wrap-anywhere">
          <span className="font-semibold">{line.key}</span>: {line.text}
        </li>
      ))}
    </ul>
  );
  if (lines.length <= LINES_SHOWN) return list(lines);
  return (
    <div>
      {list(lines.slice(0, LINES_SHOWN))}
      <details className="mt-1">
        <summary className="cursor-pointer text-xs font-semibold text-brand-800">
          {lines.length - LINES_SHOWN} more
        </summary>
        {list(lines.slice(LINES_SHOWN))}
      </details>
    </div>
  );
}
