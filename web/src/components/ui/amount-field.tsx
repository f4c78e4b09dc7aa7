import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type AmountFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The symbol drawn inside the field, before the digits. */
  symbol?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A money input: the currency symbol inside the field, a decimal keypad on phones, and the text
 * kept as typed (a string, parsed to cents by the contract — never a float). Laid out like
 * TextField: label above, hint and error below and tied to the input.
 */
export function AmountField({
  label,
  hint,
  error,
  symbol = '$',
  className = '',
  ref,
  ...props
}: AmountFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="relative mt-1.5">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-slate-600"
        >
          {symbol}
        </span>
        <input
          ref={ref}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`block w-full rounded-lg border bg-white py-2.5 pr-3 pl-8 text-base text-slate-900 tabular-nums shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${
            error ? 'border-red-600' : 'border-slate-400'
          }`}
          {...props}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
