import type { AdminHold } from '@larkspur/contract';
import { holdImageUrl } from '../api/get-holds';

/**
 * Both sides of the check, side by side, as the server keeps them (re-encoded when deposited), and
 * under them the MICR line the customer typed (decision 0192), for the reviewer to compare with the
 * bottom edge of the front photo.
 */
export function CheckImages({ hold, size }: { hold: AdminHold; size: 'small' | 'large' }) {
  const width = size === 'small' ? 'w-28' : 'w-full';
  return (
    <figure className={size === 'small' ? 'w-max' : undefined}>
      <div className={`grid gap-2 ${size === 'small' ? 'grid-cols-[7rem_7rem]' : 'grid-cols-2'}`}>
        {(['front', 'back'] as const).map((side) => (
          <a
            key={side}
            href={holdImageUrl(hold.id, side)}
            target="_blank"
            rel="noreferrer"
            className={`block overflow-hidden rounded-md border border-slate-200 bg-slate-50 ${width}`}
          >
            <img
              src={holdImageUrl(hold.id, side)}
              alt={`${side === 'front' ? 'Front' : 'Back'} of check ${hold.checkNumber} (opens full size)`}
              loading="lazy"
              decoding="async"
              className="aspect-[2.2] w-full object-contain"
            />
          </a>
        ))}
      </div>
      <figcaption className="mt-1 text-xs text-slate-700">
        {hold.routingNumber === null ? (
          <>Typed: check {hold.checkNumber} only (deposited before the bottom line was asked)</>
        ) : (
          <>
            Typed: <span className="sr-only">routing number </span>
            <span className="font-mono">{hold.routingNumber}</span>
            <span className="sr-only">, account number</span>{' '}
            <span className="font-mono">{hold.payerAccountNumber}</span>
            <span className="sr-only">, check number</span>{' '}
            <span className="font-mono">{hold.checkNumber}</span>
          </>
        )}
      </figcaption>
    </figure>
  );
}
