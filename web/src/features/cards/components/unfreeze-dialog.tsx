import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { unfreezeCardSchema, type Card } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SecretField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUnfreezeCard, type UnfreezeCardBody } from '../api/unfreeze-card';

/**
 * Unfreezing asks for the password again (a stolen, unlocked phone must not turn a card back on).
 * A wrong password is said beside the field, and only there (decision 0115).
 */
export function UnfreezeDialog({ card, onClose }: { card: Card; onClose: () => void }) {
  const unfreeze = useUnfreezeCard();
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UnfreezeCardBody>({
    resolver: zodResolver(unfreezeCardSchema),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  const { ref: registerRef, ...password } = form.register('password');
  const submit = form.handleSubmit((body) => {
    setFormError(null);
    unfreeze.mutate(
      { cardId: card.id, body },
      {
        onSuccess: () => {
          toast.success(`Card ending ${card.last4} unfrozen. You can pay with it again.`);
          onClose();
        },
        onError: (error) =>
          setFormError(reportFormError(error, { setError: form.setError, fields: ['password'] })),
      },
    );
  });

  return (
    <Dialog
      title="Unfreeze your card?"
      description={`Enter your password to turn the card ending ${card.last4} back on.`}
      onDismiss={() => {
        if (!unfreeze.isPending) onClose();
      }}
      initialFocusRef={passwordRef}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SecretField
          label="Password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          ref={(element) => {
            registerRef(element);
            passwordRef.current = element;
          }}
          {...password}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={unfreeze.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={unfreeze.isPending}>
            Unfreeze card
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
