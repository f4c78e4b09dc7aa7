import type { ReactNode } from 'react';
import type { Profile } from '@larkspur/contract';
import { Money } from '@/components/ui/money';
import { formatCalendarDate, formatDay, maskedSsn } from './format';
import { shortReference } from '@larkspur/contract/references';

const statusLabels: Record<Profile['status'], string> = {
  active: 'Active',
  suspended: 'Suspended',
  closed: 'Closed',
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 sm:col-span-2 sm:mt-0">
        {children}
      </dd>
    </div>
  );
}

/** The profile fields the customer cannot change themselves (product §3), read-only. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  return (
    <section
      aria-labelledby="personal-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="personal-heading" className="text-lg font-semibold text-slate-900">
        Personal and account details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        To change your name, email or date of birth, contact us through Support: we need to check who you are.
      </p>
      <dl className="mt-4 divide-y divide-slate-200">
        <Row term="First name">{profile.firstName}</Row>
        <Row term="Surname">{profile.surname}</Row>
        <Row term="Email">{profile.email}</Row>
        <Row term="Date of birth">{formatCalendarDate(profile.dob)}</Row>
        <Row term="Social Security number">
          <span aria-hidden="true" className="font-mono">
            {maskedSsn(profile.ssnLast4)}
          </span>
          <span className="sr-only">Ending in {profile.ssnLast4}</span>
        </Row>
        <Row term="Account number">
          <span className="font-mono">{profile.accountNumber}</span>
        </Row>
        <Row term="Balance">
          <Money amount={profile.balance} currency={profile.currency} />
        </Row>
        <Row term="Account limit">
          <Money amount={profile.accountLimit} currency={profile.currency} />
        </Row>
        <Row term="Status">{statusLabels[profile.status]}</Row>
        <Row term="Customer since">{formatDay(profile.createdAt)}</Row>
        <Row term="Customer reference">
          <span className="font-mono">{shortReference(profile.uid)}</span>
        </Row>
      </dl>
    </section>
  );
}
