import { useState } from 'react';
import { userStatusSchema, type Profile, type UserStatus } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/form-field';
import { messageFor } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ReasonField, useReason } from '@/components/ui/reason-field';
import { useUpdateUser } from '../api/update-user';
import { userStatusLabels } from './format';

/** What each status means for the customer, said before the admin confirms it. */
const consequences: Record<UserStatus, string> = {
  active: 'They can log in and move money again.',
  suspended:
    'They are signed out everywhere at once and cannot log in until the account is made active again (a log-in with their password fails, and they are emailed why). Their money stays where it is.',
  closed:
    'They are signed out everywhere at once and cannot log in. Closing is for accounts the customer or the bank has ended.',
};

const verbs: Record<UserStatus, string> = { active: 'Reactivate', suspended: 'Suspend', closed: 'Close' };

/** Status (active, suspended, closed) with a required reason and a confirmation naming the effect. */
export function UserStatusForm({ profile }: { profile: Profile }) {
  const name = `${profile.firstName} ${profile.surname}`;
  const [status, setStatus] = useState<UserStatus>(profile.status);
  const reason = useReason();
  const [statusError, setStatusError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<{ status: UserStatus; reason: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateUser(profile.uid);

  // The live file changed underneath (another admin, or this change saved): follow it.
  const [seen, setSeen] = useState(profile.status);
  if (seen !== profile.status) {
    setSeen(profile.status);
    setStatus(profile.status);
  }

  const review = () => {
    const why = reason.check();
    const same =
      status === profile.status
        ? `The account is already ${userStatusLabels[status].toLowerCase()}.`
        : undefined;
    setStatusError(same);
    if (same || why === null) return;
    setServerError(null);
    setConfirming({ status, reason: why });
  };

  const confirm = () => {
    if (!confirming) return;
    update.mutate(
      { status: confirming.status, reason: confirming.reason },
      {
        onSuccess: () => {
          toast.success(`${name} is now ${userStatusLabels[confirming.status].toLowerCase()}.`);
          setConfirming(null);
          reason.clear();
        },
        // Shown in the dialog, its one place (decision 0115).
        onError: (error) => setServerError(messageFor(error)),
      },
    );
  };

  return (
    <>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <SelectField
          label="New status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as UserStatus);
            setStatusError(undefined);
          }}
          error={statusError}
        >
          {userStatusSchema.options.map((option) => (
            <option key={option} value={option}>
              {userStatusLabels[option]}
              {option === profile.status ? ' (current)' : ''}
            </option>
          ))}
        </SelectField>
        <ReasonField label="Reason for the status change" {...reason.field} />
        <Button type="submit" variant="secondary" className="w-full sm:w-auto">
          Change status
        </Button>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={`${verbs[confirming.status]} ${name}?`}
          description={consequences[confirming.status]}
          confirmLabel={verbs[confirming.status]}
          confirmVariant={confirming.status === 'active' ? 'primary' : 'danger'}
          pending={update.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        >
          <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 text-sm">
            <div className="flex justify-between gap-4 px-3 py-2">
              <dt className="text-slate-700">Status</dt>
              <dd className="font-medium text-slate-900">
                {userStatusLabels[profile.status]} → {userStatusLabels[confirming.status]}
              </dd>
            </div>
            <div className="flex justify-between gap-4 px-3 py-2">
              <dt className="text-slate-700">Reason</dt>
              <dd className="text-right font-medium break-words text-slate-900">{confirming.reason}</dd>
            </div>
          </dl>
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
