import type { ReactNode } from 'react';

/** A grey placeholder in the shape of what is loading; hidden from assistive technology. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

/**
 * Wraps skeletons with a status message, so a screen reader hears "Loading your transactions…"
 * while sighted people see the placeholders.
 */
export function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A stack of row-shaped skeletons (lists and tables). */
export function SkeletonRows({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Loading label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-16" />
      ))}
    </Loading>
  );
}
