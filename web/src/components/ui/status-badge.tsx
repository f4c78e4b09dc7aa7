import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

// Text and background pairs that keep AA contrast; the word itself always says the status.
const tones: Record<BadgeTone, string> = {
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  warning: 'bg-amber-100 text-amber-900 ring-amber-200',
  danger: 'bg-red-100 text-red-900 ring-red-200',
  info: 'bg-sky-100 text-sky-900 ring-sky-200',
  neutral: 'bg-slate-100 text-slate-800 ring-slate-200',
};

/**
 * A short status word in a pill ("Active", "Frozen", "Pending"): never colour alone. `wrap` for a
 * longer one ("On hold · available Nov 26, 2026") that must fit a phone's narrow list.
 */
export function StatusBadge({
  tone,
  wrap = false,
  children,
}: {
  tone: BadgeTone;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${wrap ? 'rounded-lg' : 'rounded-full whitespace-nowrap'} ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
