import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type SecretFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** What the toggle names: "password" → "Show password" / "Hide password". */
  secretName?: string;
  /**
   * How the value is hidden. `password` for passwords (password managers should see them);
   * `mask` draws dots over a text input, for secrets that are not passwords (an SSN), so that
   * browsers do not offer to save them as one.
   */
  hideAs?: 'password' | 'mask';
};

/**
 * A secret input with a Show/Hide toggle (paste always works), laid out like TextField
 * (form-field.tsx): label above, hint and error below and tied to the input for screen readers.
 * The toggle's name starts with its visible word (WCAG 2.5.3).
 */
export function SecretField({
  label,
  hint,
  error,
  className = '',
  ref,
  secretName = 'password',
  hideAs = 'password',
  ...props
}: SecretFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const masked = hideAs === 'mask' && !shown;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          ref={ref}
          id={id}
          type={hideAs === 'password' && !shown ? 'password' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full rounded-lg border bg-white py-2.5 pr-20 pl-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${
            error ? 'border-red-600' : 'border-slate-400'
          } ${masked ? '[-webkit-text-security:disc]' : ''} ${className}`}
          {...props}
        />
        <button
          type="button"
          aria-controls={id}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-1 right-1 min-w-11 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {shown ? 'Hide' : 'Show'} <span className="sr-only">{secretName}</span>
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
