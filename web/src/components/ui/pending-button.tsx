import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-block animate-spin rounded-full border-2 border-current border-t-transparent`}
    />
  );
}

type PendingButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button (button.tsx's look) that runs a request: while `pending` it shows a spinner, says
 * `aria-busy` and cannot be pressed again, so nothing is submitted twice.
 */
export function PendingButton({
  pending,
  disabled,
  children,
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: PendingButtonProps) {
  // A prerendered form (docs/decisions/0016) cannot be sent before the app has adopted it: the
  // browser would send it itself, as a GET, with the password in the address.
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending || (type === 'submit' && !hydrated)}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}
