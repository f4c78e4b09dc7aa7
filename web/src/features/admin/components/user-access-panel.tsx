import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  REASON_LENGTH_MAX,
  adminEmailChangeStartSchema,
  type AdminEmailChange,
  type AdminEmailChangeStartInput,
  type AdminUserDetail,
} from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { messageFor } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { OneTimeCodeField, useCodeForm } from '@/components/ui/one-time-code';
import { ReasonField, useReason } from '@/components/ui/reason-field';
import { useSession } from '@/lib/session';
import {
  useConfirmEmailChange,
  useDecideEmailChange,
  useEmailChangeStatus,
  useSendPasswordReset,
  useStartEmailChange,
  useUnlockSignIn,
} from '../api/customer-service';
import { formatDateTime } from './format';
import { useCapability } from './use-capability';

type Action = 'reset' | 'unlock';

const actionText: Record<Action, { title: string; description: string; confirm: string }> = {
  reset: {
    title: 'Send a password-reset code?',
    description:
      'A 6-digit code, valid for 5 minutes, goes to the customer’s own email address. You never see it: the customer enters it on the “Forgot your password?” page with a new password, and every device they were logged in on is logged out.',
    confirm: 'Send code',
  },
  unlock: {
    title: 'Unlock sign-in?',
    description:
      'Failed log-ins and reset codes on this account are forgotten, so the customer can log in at once. Only do this once you have verified who you are speaking to.',
    confirm: 'Unlock',
  },
};

/**
 * "Sign-in and recovery" in a customer's file (issue 17): whether sign-in is locked, and the
 * back office's help — a reset code, an unlock, an email change confirmed by a code the customer
 * reads from the new mailbox (decision 0133) and approved by a second member of staff (decision
 * 0182). Every action takes a reason for the audit log.
 */
export function UserAccessPanel({ detail }: { detail: AdminUserDetail }) {
  const { profile, signInLockedUntil } = detail;
  const reason = useReason();
  const [confirming, setConfirming] = useState<{ action: Action; reason: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const reset = useSendPasswordReset(profile.uid);
  const unlock = useUnlockSignIn(profile.uid);
  const active = profile.status === 'active';

  const review = (action: Action) => {
    const why = reason.check();
    if (why === null) return;
    setServerError(null);
    setConfirming({ action, reason: why });
  };

  const confirm = () => {
    if (!confirming) return;
    const done = () => {
      setConfirming(null);
      reason.clear();
    };
    const onError = (error: unknown) => setServerError(messageFor(error));
    if (confirming.action === 'reset') {
      reset.mutate(confirming.reason, {
        onSuccess: (sent) => {
          toast.success(`A reset code is on its way to ${sent.email}.`);
          done();
        },
        onError,
      });
    } else {
      unlock.mutate(confirming.reason, {
        onSuccess: (result) => {
          toast.success(result.wasLocked ? 'Sign-in unlocked.' : 'Sign-in was not locked; nothing to lift.');
          done();
        },
        onError,
      });
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-900" data-testid="sign-in-lock">
        {signInLockedUntil ? (
          <>
            <strong>Sign-in is locked</strong> after failed attempts, until{' '}
            {formatDateTime(signInLockedUntil)}.
          </>
        ) : (
          'Sign-in is not locked.'
        )}
      </p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          review('reset');
        }}
      >
        <ReasonField
          label="Reason for helping"
          hint="For example how you verified who you are speaking to. Kept in the audit log."
          {...reason.field}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" disabled={!active}>
            Send password-reset code
          </Button>
          {/* Nothing to lift when sign-in is not locked (issue 28): the line above says so. */}
          <Button
            variant={signInLockedUntil ? 'primary' : 'secondary'}
            disabled={!signInLockedUntil}
            onClick={() => review('unlock')}
          >
            Unlock sign-in
          </Button>
        </div>
        {!active ? (
          <p className="text-sm text-slate-700">
            Reset codes go only to active accounts: reactivate it first.
          </p>
        ) : null}
      </form>
      <EmailChangeForm userId={profile.uid} currentEmail={profile.email} />
      {confirming ? (
        <ConfirmDialog
          title={actionText[confirming.action].title}
          description={actionText[confirming.action].description}
          confirmLabel={actionText[confirming.action].confirm}
          pending={reset.isPending || unlock.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        >
          <dl className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <dt className="text-slate-700">Reason</dt>
            <dd className="font-medium break-words text-slate-900">{confirming.reason}</dd>
          </dl>
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * Changing the email: the new address and a reason → a code goes to the new address → the
 * customer, on the phone, reads it out and the clerk types it here (decision 0133) → the change
 * waits for a second member of staff, and the old address is told with a link that stops it
 * (decision 0182).
 */
function EmailChangeForm({ userId, currentEmail }: { userId: string; currentEmail: string }) {
  const [sent, setSent] = useState<{ newEmail: string; reason: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const start = useStartEmailChange(userId);
  const confirm = useConfirmEmailChange(userId);
  const status = useEmailChangeStatus(userId);
  const change = status.data?.change ?? null;
  const startForm = useForm<AdminEmailChangeStartInput>({
    resolver: zodResolver(adminEmailChangeStartSchema),
    mode: 'onTouched',
    defaultValues: { newEmail: '', reason: '' },
  });
  const codeForm = useCodeForm();

  const submitStart = startForm.handleSubmit((values) => {
    setFormError(null);
    start.mutate(values, {
      onSuccess: (result) => {
        setSent({ newEmail: result.newEmail, reason: values.reason.trim() });
        codeForm.reset({ code: '' });
      },
      onError: (error) =>
        setFormError(
          reportFormError(error, { setError: startForm.setError, fields: ['newEmail', 'reason'] }),
        ),
    });
  });

  const submitCode = codeForm.handleSubmit(({ code }) => {
    if (!sent) return;
    setFormError(null);
    confirm.mutate(
      { newEmail: sent.newEmail, code, reason: sent.reason },
      {
        onSuccess: () => {
          toast.success(
            `The change to ${sent.newEmail} now waits for a second member of staff. We told the customer at ${currentEmail}.`,
          );
          setSent(null);
          startForm.reset({ newEmail: '', reason: '' });
        },
        onError: (error) =>
          setFormError(reportFormError(error, { setError: codeForm.setError, fields: ['code'] })),
      },
    );
  });

  if (change?.state === 'pending' && !sent) {
    return (
      <section
        aria-labelledby={`email-change-${userId}`}
        className="space-y-4 border-t border-slate-200 pt-4"
      >
        <h3 id={`email-change-${userId}`} className="text-base font-semibold text-slate-900">
          Email change waiting for approval
        </h3>
        <PendingEmailChange userId={userId} change={change} />
      </section>
    );
  }

  return (
    <section aria-labelledby={`email-change-${userId}`} className="space-y-4 border-t border-slate-200 pt-4">
      <h3 id={`email-change-${userId}`} className="text-base font-semibold text-slate-900">
        Change the email address
      </h3>
      {change?.state === 'applied' && change.coolingUntil ? (
        <InfoNote>
          <p data-testid="email-cooling-off">
            The address changed from {change.oldEmail} to{' '}
            <strong className="break-all">{change.newEmail}</strong>. Until{' '}
            {formatDateTime(change.coolingUntil)} no password-reset or payment code goes to it, and the
            customer can undo the change from the old address.
          </p>
        </InfoNote>
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {sent ? (
        <form noValidate className="space-y-4" onSubmit={(event) => void submitCode(event)}>
          <InfoNote>
            <p>
              We emailed a code to <strong className="break-all">{sent.newEmail}</strong>. Ask the customer to
              read it to you. Once you enter it, the change from {currentEmail} waits for a second member of
              staff to approve it.
            </p>
          </InfoNote>
          <OneTimeCodeField
            whose="read-out"
            error={codeForm.formState.errors.code?.message}
            {...codeForm.register('code')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" pending={confirm.isPending}>
              Confirm code and ask for approval
            </Button>
            <Button variant="secondary" onClick={() => setSent(null)} disabled={confirm.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate className="space-y-4" onSubmit={(event) => void submitStart(event)}>
          <TextField
            label="New email address"
            type="email"
            autoComplete="off"
            spellCheck={false}
            error={startForm.formState.errors.newEmail?.message}
            {...startForm.register('newEmail')}
          />
          <TextField
            label="Reason for the email change"
            maxLength={REASON_LENGTH_MAX}
            error={startForm.formState.errors.reason?.message}
            {...startForm.register('reason')}
          />
          <Button type="submit" variant="secondary" pending={start.isPending}>
            Send code to the new address
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * The change another member of staff asked for: who, what, why; a checker (customers.approve, not
 * the maker) approves or rejects it with a reason. Anyone else sees that it waits for someone else.
 */
function PendingEmailChange({ userId, change }: { userId: string; change: AdminEmailChange }) {
  const me = useSession().data?.user?.id;
  const canDecide = useCapability('customers.approve') && me !== change.makerId;
  const decide = useDecideEmailChange(userId);
  const reason = useReason();
  const [serverError, setServerError] = useState<string | null>(null);

  const run = (decision: 'approve' | 'reject') => {
    const why = reason.check();
    if (why === null) return;
    setServerError(null);
    // The promise, not mutate()'s callbacks: the decision refetches the file, which no longer has
    // a pending change, so this part unmounts — and mutate()'s callbacks never run for an unmounted
    // caller. The staff member went without the confirmation whenever the refetch won the race.
    decide.mutateAsync({ decision, reason: why }).then(
      () => {
        toast.success(
          decision === 'approve'
            ? `The email address is now ${change.newEmail}. Both addresses were told; the new one cools off.`
            : 'The email change was rejected. The customer was told.',
        );
        reason.clear();
      },
      (error: unknown) => setServerError(messageFor(error)),
    );
  };

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-700">From</dt>
        <dd className="font-medium break-all text-slate-900">{change.oldEmail}</dd>
        <dt className="text-slate-700">To</dt>
        <dd className="font-medium break-all text-slate-900">{change.newEmail}</dd>
        <dt className="text-slate-700">Asked by</dt>
        <dd className="text-slate-900">
          {change.makerName}, {formatDateTime(change.createdAt)}
        </dd>
        <dt className="text-slate-700">Reason</dt>
        <dd className="break-words text-slate-900">{change.reason}</dd>
      </dl>
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      {canDecide ? (
        <>
          <ReasonField
            label="Reason for your decision"
            hint="For example how you checked the request with the customer. Kept in the audit log."
            {...reason.field}
          />
          <div className="flex flex-wrap gap-3">
            <Button
              pending={decide.isPending && decide.variables?.decision === 'approve'}
              onClick={() => run('approve')}
            >
              Approve email change
            </Button>
            <Button
              variant="secondary"
              pending={decide.isPending && decide.variables?.decision === 'reject'}
              disabled={decide.isPending}
              onClick={() => run('reject')}
            >
              Reject
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          {me === change.makerId
            ? 'You asked for this change, so someone else with approval permission must approve or reject it.'
            : 'A member of staff with approval permission must approve or reject it.'}{' '}
          The customer was told at their current address and can stop it from there.
        </p>
      )}
    </div>
  );
}
