import type { Card } from '@larkspur/contract';
import { SnowflakeIcon } from '@/components/ui/banking-icons';

/** "MM/YY", as printed on a card. */
export function formatExpiry(card: Pick<Card, 'expiryMonth' | 'expiryYear'>): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
}

/**
 * The card drawn as a card (ISO/IEC 7810 ID-1 proportions), with its facts also as real text: the
 * brand, the masked number read as "ending in 1234", the holder, the expiry and the status. A
 * frozen card is greyed and says "Frozen" on its face — never by colour alone.
 */
export function DebitCard({ card }: { card: Card }) {
  const frozen = card.status === 'frozen';
  return (
    <div
      className={`relative isolate aspect-[1.586] w-full max-w-sm overflow-hidden rounded-2xl p-5 text-white shadow-lg sm:p-6 ${
        frozen
          ? 'bg-gradient-to-br from-slate-600 to-slate-800'
          : 'bg-gradient-to-br from-brand-600 via-brand-800 to-brand-950'
      }`}
    >
      <div aria-hidden="true" className="absolute -top-16 -right-16 -z-10 size-48 rounded-full bg-white/10" />
      <div
        aria-hidden="true"
        className="absolute -bottom-20 -left-10 -z-10 size-56 rounded-full bg-white/5"
      />
      <div className="flex h-full flex-col justify-between">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-lg font-semibold tracking-tight">{card.brand}</p>
            <p className="text-xs text-white/85">Larkspur Bank</p>
          </div>
          {frozen ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-slate-800">
              <SnowflakeIcon className="size-4" />
              Frozen
            </span>
          ) : (
            <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-900">
              Active
            </span>
          )}
        </div>
        <div
          aria-hidden="true"
          className="h-8 w-11 rounded-md bg-gradient-to-br from-amber-200 to-amber-400 opacity-90"
        />
        <div>
          <p className="font-mono text-lg tracking-widest sm:text-xl">
            <span aria-hidden="true">{card.maskedNumber}</span>
            <span className="sr-only">Card number ending in {card.last4}</span>
          </p>
          <div className="mt-3 flex items-end justify-between gap-4 text-sm">
            <div className="min-w-0">
              <p className="text-[0.7rem] tracking-wide text-white/85 uppercase">Card holder</p>
              <p className="truncate font-medium uppercase">{card.holderName}</p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-[0.7rem] tracking-wide text-white/85 uppercase">Expires</p>
              <p className="font-mono font-medium">{formatExpiry(card)}</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
