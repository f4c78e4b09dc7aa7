import { useState } from 'react';
import { Link } from 'react-router';
import { EMAIL_CHANGE_STOP_TOKEN_LENGTH_MAX, type EmailChangeStopResponse } from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useStopEmailChange } from '../api/email-change-stop';
import { AuthLayout } from '../components/auth-layout';

/** The token rides in the fragment (`#token=…`): never sent to a server, never in a log or a Referer. */
function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= EMAIL_CHANGE_STOP_TOKEN_LENGTH_MAX ? token : null;
}

/**
 * "Stop this change" (issue 27, decision 0182): the page the link mailed to a customer's old
 * address opens when our staff were asked to change it. One click (a link checker that merely
 * opens the page stops nothing) cancels a change still waiting for approval, or puts the old
 * address back while an applied one cools off.
 */
export function EmailChangeStopPage() {
  const [token] = useState(() => (typeof window === 'undefined' ? null : tokenOfHash(window.location.hash)));
  const [done, setDone] = useState<EmailChangeStopResponse['outcome'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stop = useStopEmailChange();
  usePageMeta({
    title: done ? 'The change is stopped' : 'Stop the change of your email address',
    description: 'Stop a change of the email address of your Larkspur Bank account that you did not ask for.',
  });

  const submit = () => {
    if (!token) return;
    setError(null);
    void stop.run({ token }).then(
      (result) => setDone(result.outcome),
      (failure: unknown) => setError(messageFor(failure)),
    );
  };

  return (
    <AuthLayout
      eyebrow="Your security"
      title={done ? 'The change is stopped' : 'Stop the change of your email address'}
      stepKey={done ?? 'ask'}
      footer={
        <p>
          Questions?{' '}
          <Link to={paths.contact} className="font-semibold text-brand-800 underline">
            Call customer service
          </Link>
        </p>
      }
    >
      {done ? (
        <div className="space-y-6">
          <InfoNote>
            {done === 'cancelled' ? (
              <p>The change never took effect: your email address is unchanged, and we have emailed you.</p>
            ) : (
              <p>
                Your email address is your old one again, and every device that was logged in to your account
                has been logged out. If you did not ask for the change, choose a new password now.
              </p>
            )}
          </InfoNote>
          <ButtonLink to={paths.forgotPassword} size="lg" className="w-full sm:w-auto">
            Choose a new password
          </ButtonLink>
        </div>
      ) : token ? (
        <div className="space-y-5">
          <p className="text-slate-700">
            Our customer service was asked to change the email address of your account. If you did not ask for
            this, stop it: your address stays (or becomes again) the one this link was sent to.
          </p>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <PendingButton pending={stop.isPending} className="w-full" onClick={submit}>
            Stop the change
          </PendingButton>
        </div>
      ) : (
        <FormAlert>
          This link is incomplete. Open it again from the email we sent you, or call customer service.
        </FormAlert>
      )}
    </AuthLayout>
  );
}
