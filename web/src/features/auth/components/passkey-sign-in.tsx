import { useState } from 'react';
import type { SessionResponse } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { PendingButton } from '@/components/ui/pending-button';
import { messageFor } from '@/lib/api-client';
import { PasskeyPromptError, usePasskeySignIn } from '../api/passkey-sign-in';

export const PASSKEY_SIGN_IN_CANCELLED =
  'You were not logged in: the passkey prompt was cancelled or timed out. Try again, or use your password.';

/** "Log in with a passkey" under the password form: the device's prompt instead of a password. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const signIn = usePasskeySignIn();
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setError(null);
    void signIn
      .run()
      .then(onSignedIn, (failure: unknown) =>
        setError(failure instanceof PasskeyPromptError ? PASSKEY_SIGN_IN_CANCELLED : messageFor(failure)),
      );
  };

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <PendingButton variant="secondary" pending={signIn.isPending} onClick={start} className="w-full">
        Sign in with a passkey
      </PendingButton>
    </div>
  );
}
