import { startTransition, useEffect, useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import type { Profile } from '@larkspur/contract';
import { DepositIcon, SendIcon } from '@/components/ui/banking-icons';
import { ButtonLink } from '@/components/ui/button';
import { ClockIcon } from '@/components/ui/icons';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorState } from '@/components/ui/error-state';
import { onHoldText } from '@/components/ui/hold-text';
import { Money } from '@/components/ui/money';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/me';
import { useRefreshOnBalanceChange } from '@/lib/money-queries';
import { usePageMeta } from '@/lib/page-meta';
import { useHeldDeposits } from '../api/get-held-deposits';
import { InsightsPanel } from '../components/insights-panel';
import { MonthSummary } from '../components/month-summary';
import { RecentActivity } from '../components/recent-activity';
import { RecentRecipients } from '../components/recent-recipients';
import { UpcomingPayments } from '../components/upcoming-payments';

function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const statusLabels: Record<Profile['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  suspended: { label: 'Suspended', tone: 'warning' },
  closed: { label: 'Closed', tone: 'neutral' },
};

// On a phone the two actions sit side by side with the icon above the words, so neither wraps.
const QUICK_ACTION_CLASSES = 'min-h-16 flex-col gap-1 py-2 sm:min-h-12 sm:flex-row sm:gap-2 sm:px-5';

function BalanceCard({ profile }: { profile: Profile }) {
  const somethingHeld = profile.availableBalance !== profile.balance;
  const held = useHeldDeposits(somethingHeld);
  const onHold = onHoldText(profile, held.data?.items);
  return (
    <section
      aria-labelledby="balance-heading"
      className="flex flex-col justify-between gap-5 rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 p-5 text-white shadow-sm sm:p-6 lg:col-span-2"
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h2 id="balance-heading" className="text-sm font-medium text-brand-100">
            Available balance
          </h2>
          {/* Announced when it changes while the page is open (money arriving, live). */}
          <p
            aria-live="polite"
            className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl"
            data-testid="available-balance"
          >
            <Money amount={profile.availableBalance} currency={profile.currency} />
          </p>
        </div>
        {/* The current balance: what the account holds, deposited checks still on hold included. */}
        <dl className="min-w-0 sm:text-right">
          <dt className="text-sm font-medium text-brand-100">Current balance</dt>
          <dd className="mt-1 text-xl font-semibold" data-testid="current-balance">
            <Money amount={profile.balance} currency={profile.currency} />
          </dd>
        </dl>
        {onHold ? (
          <p className="w-full text-sm text-brand-100" data-testid="on-hold">
            <ClockIcon className="mr-1.5 inline size-4 align-[-0.2em]" />
            {onHold}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <ButtonLink variant="inverse" to={paths.userSendMoney} className={QUICK_ACTION_CLASSES}>
          <SendIcon className="size-5" />
          Send money
        </ButtonLink>
        <ButtonLink variant="outline-inverse" to={paths.userDepositCheck} className={QUICK_ACTION_CLASSES}>
          <DepositIcon className="size-5" />
          Deposit check
        </ButtonLink>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 border-t border-white/20 pt-4">
        <div>
          <p className="text-sm text-brand-100">Account number</p>
          <p className="font-mono text-xl font-semibold tracking-wider" data-testid="account-number">
            {profile.accountNumber}
          </p>
        </div>
        <CopyButton
          value={profile.accountNumber}
          what="account number"
          copiedMessage="Account number copied"
          tone="dark"
        />
      </div>
    </section>
  );
}

function AccountCard({ profile }: { profile: Profile }) {
  const status = statusLabels[profile.status];
  return (
    <section
      aria-labelledby="account-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
        Your account
      </h2>
      <dl className="mt-4 space-y-4 text-sm">
        <div>
          <dt className="text-slate-600">Account limit</dt>
          <dd className="mt-0.5 text-xl font-semibold text-slate-900">
            <Money amount={profile.accountLimit} currency={profile.currency} />
          </dd>
          <dd className="text-slate-600">The most you can send by transfer in one day.</dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="mt-1">
            <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
          </dd>
        </div>
      </dl>
      <Link
        to={paths.userProfile}
        className="mt-6 inline-block text-sm font-semibold text-brand-800 underline"
      >
        View your profile
      </Link>
    </section>
  );
}

/**
 * Renders the sections under the balance one at a time, each in a task of its own, starting one
 * painted frame after it mounts. The balance is the overview's largest paint; the records, the
 * month's totals and the charts under it (below the fold on a phone) were rendered, committed and
 * laid out in the same pass, about two thirds of the page's elements, and the balance waited for all
 * of them. Deferred as one block after the first frame (docs/decisions/0018) they were still one
 * commit and one style and layout pass, which at a phone's speed is a long task that Lighthouse
 * counts as blocking (docs/decisions/0175). One section per task keeps each commit and its layout
 * short, so input is never held up for long. Each only adds content under what is already on
 * screen, in page order, so nothing moves. (A tab opened in the background paints nothing, so it
 * starts once it is shown.)
 */
function RevealInTurn({ sections }: { sections: readonly ReactElement[] }) {
  const [shown, setShown] = useState(0);
  const total = sections.length;
  useEffect(() => {
    if (shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // In a transition, so React renders the section in short slices rather than one long task.
    const next = () => {
      timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    };
    // A frame's animation callbacks run just before it is painted; a task queued from one runs after.
    // Later sections follow their predecessor's commit (effects run after it) in a new task.
    const frame = shown === 0 ? requestAnimationFrame(next) : undefined;
    if (frame === undefined) next();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total]);
  return sections.slice(0, shown);
}

/**
 * /user/dashboard: the balance (live) with the two quick actions, the account number with copy,
 * the account limit, this month's money in and out, the five newest records and the charts.
 */
export function OverviewPage() {
  usePageMeta({ title: 'Overview', description: 'Your Larkspur Bank balance and account at a glance.' });
  const me = useMe();
  useRefreshOnBalanceChange();
  const [greeting] = useState(() => greetingFor(new Date()));
  const profile = me.data;

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {greeting}
        {profile ? `, ${profile.firstName}` : ''}
      </h1>
      <p className="mt-1 text-slate-700">Here is your account at a glance.</p>
      {profile ? (
        <div className="mt-6 space-y-4">
          <div className="grid gap-4 lg:grid-cols-3">
            <BalanceCard profile={profile} />
            <AccountCard profile={profile} />
          </div>
          <RevealInTurn
            sections={[
              <RecentRecipients key="recipients" />,
              <div key="activity" className="grid gap-4 lg:grid-cols-3">
                <div className="min-w-0 lg:col-span-2">
                  <RecentActivity />
                </div>
                <MonthSummary currency={profile.currency} />
              </div>,
              <UpcomingPayments key="upcoming" currency={profile.currency} />,
              <InsightsPanel key="insights" currency={profile.currency} />,
            ]}
          />
        </div>
      ) : me.isError ? (
        <div className="mt-6">
          <ErrorState
            title="We could not load your account"
            message={me.error.message}
            onRetry={() => void me.refetch()}
            retrying={me.isFetching}
          />
        </div>
      ) : (
        <Loading label="Loading your account…">
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <Skeleton className="h-56 rounded-2xl lg:col-span-2" />
            <Skeleton className="h-56 rounded-2xl" />
          </div>
        </Loading>
      )}
    </main>
  );
}
