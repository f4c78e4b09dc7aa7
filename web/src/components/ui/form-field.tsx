import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { SearchIcon } from './icons';

/**
 * The web's one family of form fields (decision 0213): every field is a control on FieldShell —
 * label above, then the control, then its hint and its error — and every control takes the same
 * `fieldControl` attributes, so the label is tied to it, the hint and the error are read with it
 * (`aria-describedby`) and an error marks it invalid (`aria-invalid`). A screen reader hears the
 * error when focus comes to the field; react-hook-form moves focus to the first invalid one.
 */

type FieldProps = {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Classes of the field's wrapper (layout, e.g. a grid span), not of the control. */
  className?: string;
};

/** Label, control, hint, error: the layout every field shares. `id` is the control's. */
export function FieldShell({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
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

/** What ties a control to its shell: its id, its hint and error, and whether it is invalid. */
export function fieldControl(id: string, { hint, error }: Pick<FieldProps, 'hint' | 'error'>) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

/** The control's look; `padding` leaves room for what is drawn inside it (a symbol, a button). */
function controlClasses(error: unknown, padding = 'px-3') {
  return `block w-full rounded-lg border bg-white py-2.5 ${padding} text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${
    error ? 'border-red-600' : 'border-slate-400'
  }`;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> &
  FieldProps & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, className, ref, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        {...fieldControl(id, { hint, error })}
        className={`mt-1.5 ${controlClasses(error)}`}
        {...props}
      />
    </FieldShell>
  );
}

type SecretFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the toggle names: "password" → "Show password" / "Hide password". */
  secretName?: string;
  /**
   * `password`: a real password input (password managers offer to save it).
   * `mask`: a text input drawn as dots, for secrets that are not passwords (an SSN), so nothing
   * offers to store them and numeric keyboards still work.
   */
  hideAs?: 'password' | 'mask';
};

/**
 * The one secret field (passwords, an SSN): hidden until the person asks to see it, paste always
 * works. The toggle's name starts with its visible word (WCAG 2.5.3), and says the new word when
 * pressed rather than a pressed state, which would read "Hide password, pressed".
 */
export function SecretField({
  label,
  hint,
  error,
  className,
  ref,
  secretName = 'password',
  hideAs = 'password',
  ...props
}: SecretFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const masked = hideAs === 'mask' && !shown;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative mt-1.5">
        <input
          ref={ref}
          {...fieldControl(id, { hint, error })}
          type={hideAs === 'password' && !shown ? 'password' : 'text'}
          className={`${controlClasses(error, 'pr-20 pl-3')} ${masked ? '[-webkit-text-security:disc]' : ''}`}
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
    </FieldShell>
  );
}

type AmountFieldProps = Omit<TextFieldProps, 'type'> & {
  /** The symbol drawn inside the field, before the digits. */
  symbol?: string;
};

/**
 * A money input: the currency symbol inside the field, a decimal keypad on phones, and the text
 * kept as typed (a string, parsed to cents by the contract — never a float).
 */
export function AmountField({
  label,
  hint,
  error,
  symbol = '$',
  className,
  ref,
  ...props
}: AmountFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative mt-1.5">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-slate-600"
        >
          {symbol}
        </span>
        <input
          ref={ref}
          {...fieldControl(id, { hint, error })}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          className={`${controlClasses(error, 'pr-3 pl-8')} tabular-nums`}
          {...props}
        />
      </div>
    </FieldShell>
  );
}

type SearchBoxProps = Omit<TextFieldProps, 'type'> & {
  /** `search` shows the magnifier; `text` is a plain filter (an account number, an amount). */
  type?: 'search' | 'text';
};

/** A search or filter input: the magnifier inside the field for a search. */
export function SearchBox({ label, hint, error, className, ref, type = 'search', ...props }: SearchBoxProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative mt-1.5">
        {type === 'search' ? (
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        ) : null}
        <input
          ref={ref}
          {...fieldControl(id, { hint, error })}
          type={type}
          className={controlClasses(error, type === 'search' ? 'pr-3 pl-10' : 'px-3')}
          {...props}
        />
      </div>
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> &
  FieldProps & { ref?: Ref<HTMLTextAreaElement> };

/** A multi-line text field. */
export function TextAreaField({ label, hint, error, className, ref, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        rows={3}
        {...fieldControl(id, { hint, error })}
        className={`mt-1.5 ${controlClasses(error)}`}
        {...props}
      />
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> &
  FieldProps & {
    /** Simple options whose value is their text; or pass `<option>` children instead. */
    options?: readonly string[];
    /** A first, empty choice ("Choose…") when nothing is selected yet. */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function SelectField({
  label,
  hint,
  error,
  className,
  options,
  placeholder,
  children,
  ref,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <select
        ref={ref}
        {...fieldControl(id, { hint, error })}
        className={`mt-1.5 ${controlClasses(error)}`}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        {children}
      </select>
    </FieldShell>
  );
}
