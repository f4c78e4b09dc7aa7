/** Covers the screen while the session loads or a global loading flag is held (product §2). */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/85 backdrop-blur-sm"
      role="status"
      aria-live="polite"
      data-testid="full-screen-loader"
    >
      <div className="flex flex-col items-center gap-3">
        <span
          className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
          aria-hidden="true"
        />
        <span className="text-sm font-medium text-slate-700">{label}…</span>
      </div>
    </div>
  );
}
