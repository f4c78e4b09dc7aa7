import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label above, the control, then its hint and error, each tied to the control for screen readers.
 * `className` styles this wrapper (e.g. a grid span), not the control.
 */
function FieldShell({ id, label, hint, error, className = '', children }: FieldShellProps) {
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

const controlClasses =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600';

const borderFor = (error: unknown) => (error ? 'border-red-600' : 'border-slate-400');

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type FieldProps = {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Classes of the field's wrapper (layout), not of the control. */
  className?: string;
};

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> &
  FieldProps & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, className, ref, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${controlClasses} ${borderFor(error)}`}
        {...props}
      />
    </FieldShell>
  );
}

type SecretFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the show/hide button names ("Show password"); defaults to the label in lower case. */
  secretName?: string;
  /**
   * `password`: a real password input (password managers offer to save it).
   * `mask`: a text input drawn as dots, for secrets that are not passwords (an SSN), so nothing
   * offers to store them and numeric keyboards still work.
   */
  hideAs?: 'password' | 'mask';
};

/** A field whose value is hidden until the person asks to see it. */
export function SecretField({
  label,
  hint,
  error,
  className,
  ref,
  secretName,
  hideAs = 'password',
  ...props
}: SecretFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const name = secretName ?? label.toLowerCase();
  const masked = hideAs === 'mask' && !visible;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={hideAs === 'password' && !visible ? 'password' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${controlClasses} ${borderFor(error)} pr-20 ${masked ? '[-webkit-text-security:disc]' : ''}`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} ${name}`}
          className="absolute inset-y-0 right-1 my-auto h-9 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
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
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${controlClasses} ${borderFor(error)}`}
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
