import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { Button, type ButtonSize, type ButtonVariant } from './button';

type PendingButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A Button for a form that may be prerendered: while `pending` it shows a spinner, says
 * `aria-busy` and cannot be pressed again, so nothing is submitted twice.
 */
export function PendingButton({ disabled, type = 'button', ...props }: PendingButtonProps) {
  // A prerendered form (docs/decisions/0016) cannot be sent before the app has adopted it: the
  // browser would send it itself, as a GET, with the password in the address.
  const hydrated = useHydrated();
  return <Button type={type} disabled={disabled || (type === 'submit' && !hydrated)} {...props} />;
}
