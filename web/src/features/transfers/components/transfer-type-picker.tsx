import type { UseFormRegisterReturn } from 'react-hook-form';
import { transferTypes, type TransferType } from '@larkspur/contract';

const descriptions: Record<TransferType, { label: string; detail: string }> = {
  'Local Transfer': { label: 'Local', detail: 'To another Larkspur Bank account. Arrives at once.' },
  'Wire Transfer': {
    label: 'Wire',
    detail:
      'To an account at another US bank, by its routing number. Sent the same business day before 5:00 pm ET.',
  },
  'International Transfer': {
    label: 'International',
    detail: 'To a bank abroad, with SWIFT/BIC and IBAN.',
  },
};

/** The three transfer types as radio cards: a fieldset with a legend, real radios inside. */
export function TransferTypePicker({
  registration,
  selected,
}: {
  registration: UseFormRegisterReturn<'type'>;
  selected: TransferType;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Type of transfer</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {transferTypes.map((type) => {
          const { label, detail } = descriptions[type];
          const checked = selected === type;
          return (
            <label
              key={type}
              className={`relative flex cursor-pointer flex-col rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                checked ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-300 bg-white'
              }`}
            >
              <span className="flex items-center gap-2">
                <input type="radio" value={type} className="size-4 accent-brand-700" {...registration} />
                <span className="text-sm font-semibold text-slate-900">{label}</span>
              </span>
              <span className="mt-1 pl-6 text-xs text-slate-700">{detail}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
