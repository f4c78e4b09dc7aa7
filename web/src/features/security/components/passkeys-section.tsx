import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  PASSKEY_NAME_LENGTH_MAX,
  PASSKEYS_PER_CUSTOMER_MAX,
  passkeyNameSchema,
  passkeyOptionsRequestSchema,
  type Passkey,
} from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretField, TextField } from '@/components/ui/form-field';
import { KeyIcon } from '@/components/ui/icons';
import {
  SecondFactorFields,
  SecondFactorInputError,
  useSecondFactor,
  type SecondFactorCheck,
} from '@/components/ui/second-factor';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { usePasskeys, useAddPasskey, useRemovePasskey } from '../api/passkeys';

const addPasskeySchema = z.object({
  name: passkeyNameSchema,
  password: passkeyOptionsRequestSchema.shape.password,
});
type AddPasskeyValues = z.infer<typeof addPasskeySchema>;

/** What to say when the browser's own prompt fails (cancelled, timed out, no authenticator). */
export const PASSKEY_PROMPT_FAILED =
  'No passkey was created: the prompt was cancelled or timed out, or this device cannot make passkeys.';

/** Says what went wrong with the proof or the change, and drops a proof the server refused. */
function failureMessage(error: unknown, check: SecondFactorCheck): string | null {
  if (error instanceof SecondFactorInputError) return null;
  if (error instanceof ApiError && ['SECOND_FACTOR_REQUIRED', 'STEP_UP_EXPIRED'].includes(error.code)) {
    check.spent();
    void check.restart();
  }
  return error instanceof ApiError ? error.message : PASSKEY_PROMPT_FAILED;
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const form = useForm<AddPasskeyValues>({
    resolver: zodResolver(addPasskeySchema),
    mode: 'onTouched',
    defaultValues: { name: '', password: '' },
  });
  const { errors } = form.formState;
  const add = useAddPasskey();
  // The factor the customer already has: a passkey old enough to count, else the emailed code.
  const check = useSecondFactor('passkey.add');
  const [proving, setProving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const pending = proving || add.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    let stepUpToken: string;
    setProving(true);
    try {
      stepUpToken = await check.prove();
    } catch (error) {
      return setFormError(failureMessage(error, check));
    } finally {
      setProving(false);
    }
    add.mutate(
      { ...values, stepUpToken },
      {
        onSuccess: (passkey) => {
          check.spent();
          toast.success(`Passkey "${passkey.name}" added. You can now log in with it.`);
          form.reset();
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return setFormError(PASSKEY_PROMPT_FAILED);
          // A wrong password leaves the proof unspent (the server checks the password first).
          if (error.code !== 'CURRENT_PASSWORD_INCORRECT') check.spent();
          if (['SECOND_FACTOR_REQUIRED', 'STEP_UP_EXPIRED'].includes(error.code)) void check.restart();
          setFormError(reportFormError(error, { setError: form.setError, fields: ['name', 'password'] }));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name for this passkey"
          hint={`For example "My phone". At most ${PASSKEY_NAME_LENGTH_MAX} characters.`}
          error={errors.name?.message}
          autoComplete="off"
          maxLength={PASSKEY_NAME_LENGTH_MAX}
          {...form.register('name')}
        />
        <SecretField
          label="Your password"
          secretName="password"
          hint="We check it again before adding a way to log in."
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
      </div>
      <SecondFactorFields check={check} pending={pending} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} disabled={check.state.status !== 'ready'}>
          Continue to your device
        </Button>
      </div>
    </form>
  );
}

/** Removing a passkey: the confirmation, with the extra check inside it (decision 0185). */
function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useRemovePasskey();
  const check = useSecondFactor('passkey.remove');
  const [proving, setProving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = proving || remove.isPending;

  const confirm = async () => {
    setError(null);
    let stepUpToken: string;
    setProving(true);
    try {
      stepUpToken = await check.prove();
    } catch (failure) {
      return setError(failureMessage(failure, check));
    } finally {
      setProving(false);
    }
    remove.mutate(
      { id: passkey.id, stepUpToken },
      {
        onSuccess: () => {
          toast.success(`Passkey "${passkey.name}" removed.`);
          onClose();
        },
        onError: (failure) => {
          check.spent();
          toast.error(failure instanceof ApiError ? failure.message : 'The passkey could not be removed.');
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      title="Remove this passkey?"
      description={
        <>
          “{passkey.name}” will no longer log you in or confirm payments. We will email you to say it was
          removed.
        </>
      }
      confirmLabel="Remove passkey"
      confirmVariant="danger"
      pending={pending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <div className="mt-4 space-y-3">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <SecondFactorFields check={check} pending={pending} />
      </div>
    </ConfirmDialog>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <KeyIcon className="mt-0.5 size-5 shrink-0 text-brand-800" />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{passkey.name}</p>
          <p className="text-sm text-slate-700">
            Added {formatDateTime(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet'}
            {passkey.backedUp ? ' · synced to your devices' : ''}
          </p>
        </div>
      </div>
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove passkey ${passkey.name}`}>
        Remove
      </Button>
    </li>
  );
}

/**
 * The security page's Passkeys section: the customer's passkeys (name, added, last used), adding
 * one (password and the extra check, then the device's prompt) and removing one (the extra check
 * in the confirmation). Each change needs the second factor the customer already has and emails
 * them (decisions 0136, 0185).
 */
export function PasskeysSection() {
  const list = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const items = list.data?.items ?? [];
  const full = items.length >= PASSKEYS_PER_CUSTOMER_MAX;

  return (
    <section
      aria-labelledby="passkeys-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="passkeys-heading" className="text-lg font-semibold text-slate-900">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Log in with your fingerprint, face or device PIN instead of your password. Passkeys also confirm
        payments to new recipients and large amounts. They cannot be phished: they only work on this bank’s
        website.
      </p>

      {list.isPending ? (
        <div role="status" className="mt-4 h-16 animate-pulse rounded-xl bg-slate-200">
          <span className="sr-only">Loading your passkeys…</span>
        </div>
      ) : null}
      {list.isError ? (
        <div className="mt-4 space-y-3">
          <FormAlert>{list.error.message}</FormAlert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <div className="mt-4">
          <InfoNote>
            You have no passkeys yet. Without one, we email you a code to confirm risky payments.
          </InfoNote>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label="Your passkeys" className="mt-2 divide-y divide-slate-200">
          {items.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
          ))}
        </ul>
      ) : null}

      {adding ? (
        <AddPasskeyForm onDone={() => setAdding(false)} />
      ) : list.isSuccess ? (
        <div className="mt-4">
          {full ? (
            <p className="text-sm text-slate-700">
              You have {PASSKEYS_PER_CUSTOMER_MAX} passkeys, the most you can have. Remove one to add another.
            </p>
          ) : (
            <Button onClick={() => setAdding(true)}>Add a passkey</Button>
          )}
        </div>
      ) : null}

      {removing ? <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}
