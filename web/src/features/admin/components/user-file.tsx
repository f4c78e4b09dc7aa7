import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { loanStatuses, type AdminUserDetail } from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, maskedSsn } from './format';
import { Panel } from './admin-page';
import { recordColumns } from './record-columns';
import { useRecordActions } from './record-dialogs';
import { LoanStatusBadge, UserStatusBadge } from './status-badge';
import { CaseNotesPanel } from './case-notes-panel';
import { SecurityEventsPanel } from './security-events-panel';
import { UserAccessPanel } from './user-access-panel';
import { UserMoneyForm } from './user-money-form';
import { UserProfileForm } from './user-profile-form';
import { UserStatusForm } from './user-status-form';
import { oneOf } from './url-state';
import { shortReference } from '@larkspur/contract/references';
import { plural, pluralWord } from '@/lib/plural';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One customer's file: balance and standing at the top, the money helpers and status beside the
 * profile, then their latest records (editable) and loans.
 */
export function UserFile({ detail }: { detail: AdminUserDetail }) {
  const { profile, counts, recentTransactions, recentLoans } = detail;
  const [editing, setEditing] = useState(false);
  const records = useRecordActions();
  const allRecordsLink = `${paths.adminTransactions}?account=${encodeURIComponent(profile.accountNumber)}`;

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <div className="col-span-2 rounded-2xl bg-slate-900 p-4 text-white shadow-sm sm:col-span-1 sm:p-5">
          <p className="text-sm text-slate-300">Balance</p>
          <p
            className="mt-1 text-3xl font-semibold tracking-tight"
            data-testid="user-balance"
            aria-live="polite"
          >
            <Money amount={profile.balance} currency={profile.currency} />
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <p className="text-sm text-slate-700">Status</p>
          <p className="mt-2" data-testid="user-status">
            <UserStatusBadge status={profile.status} />
          </p>
          <p className="mt-2 text-sm text-slate-700">{plural(counts.openSessions, 'open session')}</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <p className="text-sm text-slate-700">Daily account limit</p>
          <p className="mt-1 text-xl font-semibold text-slate-900">
            <Money amount={profile.accountLimit} currency={profile.currency} />
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <p className="text-sm text-slate-700">Activity</p>
          <p className="mt-1 text-sm text-slate-900">
            <strong className="text-xl">{counts.transactions.toLocaleString('en-US')}</strong>{' '}
            {pluralWord(counts.transactions, 'record')}
          </p>
          <p className="text-sm text-slate-900">
            <strong className="text-xl">{counts.loans.toLocaleString('en-US')}</strong>{' '}
            {pluralWord(counts.loans, 'loan application')}
          </p>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel
          title="Profile"
          description={editing ? 'Every field is checked by the rules that applied at sign-up.' : undefined}
          actions={
            editing ? null : (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit profile
              </Button>
            )
          }
        >
          {editing ? (
            <UserProfileForm profile={profile} onDone={() => setEditing(false)} />
          ) : (
            <dl className="divide-y divide-slate-200">
              <Fact label="Name">
                {profile.firstName} {profile.surname}
              </Fact>
              <Fact label="Email">{profile.email}</Fact>
              <Fact label="Account number">
                <span className="font-mono">{profile.accountNumber}</span>
              </Fact>
              <Fact label="Phone">{profile.phone}</Fact>
              <Fact label="Address">
                {profile.address}, {profile.zipCode}, {profile.country}
              </Fact>
              <Fact label="Date of birth">{formatDate(`${profile.dob}T12:00:00Z`)}</Fact>
              <Fact label="SSN">
                {maskedSsn(profile.ssnLast4)}
                <span className="sr-only"> (only the last four digits are shown)</span>
              </Fact>
              <Fact label="Marital status">{profile.maritalStatus}</Fact>
              <Fact label="Occupation">{profile.occupation}</Fact>
              <Fact label="Customer since">{formatDateTime(profile.createdAt)}</Fact>
              <Fact label="Customer reference">
                <span className="font-mono">{shortReference(profile.uid)}</span>
              </Fact>
            </dl>
          )}
        </Panel>

        <div className="space-y-6">
          <Panel
            title="Credit or debit"
            description="Deposit and withdrawal helpers. Each asks you to confirm."
          >
            <UserMoneyForm profile={profile} />
          </Panel>
          <Panel title="Account status">
            <UserStatusForm profile={profile} />
          </Panel>
          <Panel
            title="Sign-in and recovery"
            description="Help a customer who cannot get in. Verify who you are speaking to first."
          >
            <UserAccessPanel detail={detail} />
          </Panel>
          <Panel
            title="Security activity"
            description="The sign-ins, failed attempts and changes the customer sees on their own security page."
          >
            <SecurityEventsPanel userId={profile.uid} />
          </Panel>
          <Panel
            title="Case notes"
            description="Who did what for this customer, newest first. Notes are kept as written."
          >
            <CaseNotesPanel userId={profile.uid} />
          </Panel>
        </div>
      </div>

      <Panel
        title="Latest records"
        description={
          recentTransactions.length > 0
            ? `The ${recentTransactions.length} newest of ${counts.transactions.toLocaleString('en-US')}.`
            : undefined
        }
        actions={
          <Link to={allRecordsLink} className="text-sm font-semibold text-brand-800 underline">
            All records of this customer
          </Link>
        }
      >
        <DataTable
          caption={`Latest records of ${profile.firstName} ${profile.surname}`}
          hideCaption
          columns={recordColumns({ withOwner: false, actions: records.actions })}
          rows={recentTransactions}
          rowKey={(record) => record.id}
          pending={false}
          empty="No records yet."
        />
        {records.dialog}
      </Panel>

      <Panel
        title="Loans"
        actions={
          <Link to={paths.adminLoans} className="text-sm font-semibold text-brand-800 underline">
            All loans
          </Link>
        }
      >
        {recentLoans.length === 0 ? (
          <EmptyState title="No loan applications" />
        ) : (
          <ul className="divide-y divide-slate-200">
            {recentLoans.map((loan) => {
              const status = oneOf(loan.status, loanStatuses);
              return (
                <li
                  key={loan.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm"
                >
                  <span>
                    <span className="font-semibold text-slate-900">{loan.loanType}</span>{' '}
                    <Money amount={loan.amount} currency={profile.currency} />
                    {loan.termMonths ? ` over ${loan.termMonths} months` : ''}
                    <span className="block text-slate-700">Applied {formatDate(loan.createdAt)}</span>
                  </span>
                  {status ? <LoanStatusBadge status={status} /> : <span>{loan.status}</span>}
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </>
  );
}
