import type { ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'inverse' | 'outline-inverse' | 'ghost';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  'outline-inverse': 'text-white ring-1 ring-inset ring-white/70 hover:bg-white/10',
  ghost: 'text-slate-800 hover:bg-slate-100',
};

// Both sizes keep the tap target at least 44 px tall (WCAG 2.5.5).
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-3 text-base',
};

/** The class list of a button, for a link or other element that must look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

/** Shorthand for the common size: `buttonClass('primary', 'w-full')`. */
export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return buttonClasses(variant, 'md', extra);
}

/** A small spinning ring; decorative (the control it sits in says what is happening). */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

type Styled = { variant?: ButtonVariant; size?: ButtonSize };

/**
 * A button. `pending` shows a spinner and disables it while its action runs, and says so to
 * assistive technology (`aria-busy`), so a double click never sends twice.
 */
export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  pending = false,
  disabled,
  children,
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Styled & { pending?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** A quiet action in words, underlined like a link ("Use a different email"), 44 px tall. */
export function TextButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`min-h-11 text-sm font-semibold text-brand-800 underline underline-offset-2 ${className}`.trim()}
      {...props}
    />
  );
}

/** A link that looks like a button: for navigation, never for actions. */
export function ButtonLink({ variant, size, className = '', ...props }: LinkProps & Styled) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
