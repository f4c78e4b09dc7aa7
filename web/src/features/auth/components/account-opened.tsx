import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { InfoNote } from '@/components/ui/alert';

/** Step three of sign-up: the new account number, which is the customer's login id from now on. */
export function AccountOpened({ accountNumber }: { accountNumber: string }) {
  return (
    <div className="space-y-6">
      <dl className="rounded-xl bg-brand-900 p-5 text-white sm:p-6">
        <dt className="text-sm font-medium text-brand-100">Your account number</dt>
        <dd className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <span
            className="font-mono text-3xl font-semibold tracking-wider sm:text-4xl"
            data-testid="new-account-number"
          >
            {accountNumber}
          </span>
          <CopyButton
            value={accountNumber}
            what="account number"
            copiedMessage="Account number copied"
            tone="dark"
          />
        </dd>
      </dl>
      <InfoNote>
        <p className="font-semibold">This number is your login ID.</p>
        <p className="mt-1">
          You log in with your account number and password — not with your email. Write it down or save it in
          your password manager now.
        </p>
      </InfoNote>
      <p className="text-slate-700">You are signed in. Your account is open and ready to use.</p>
      <ButtonLink to={paths.userDashboard} size="lg" className="w-full sm:w-auto">
        Go to your dashboard
      </ButtonLink>
    </div>
  );
}
