import { toast } from '@/lib/toast';
import { CopyIcon } from './icons';

/**
 * Copies a value to the clipboard and says so in a toast. The accessible name starts with the
 * visible word "Copy" (WCAG 2.5.3) and says what is copied.
 */
export function CopyButton({
  value,
  what,
  copiedMessage,
  className,
  tone = 'light',
}: {
  value: string;
  /** "account number" → the button is named "Copy account number". */
  what: string;
  copiedMessage: string;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      toast.error(`We could not copy the ${what}. Select it and copy it yourself.`);
    }
  };
  const colours =
    tone === 'dark'
      ? 'border-white/40 text-white hover:bg-white/10'
      : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50';
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={`inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-semibold ${colours} ${className ?? ''}`}
    >
      <CopyIcon className="size-4" />
      Copy <span className="sr-only">{what}</span>
    </button>
  );
}
