import { useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';

/**
 * "Are you sure?" for an action that changes something: Cancel (focused first, so Enter on an
 * accidental open does nothing harmful) and the action itself, disabled while it runs.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  confirmVariant = 'primary',
  cancelLabel = 'Cancel',
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** The way out, named for what it keeps ("Keep application") when "Cancel" would be ambiguous. */
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title}
      description={description}
      onDismiss={() => {
        if (!pending) onCancel();
      }}
      initialFocusRef={cancelRef}
    >
      {children}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
