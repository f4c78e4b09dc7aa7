import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, moneyToCents, type AdminOverview } from '@larkspur/contract';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';
import { SESSION_IDLE_TIMEOUT_MINUTES } from '@/components/ui/idle-timeout-warning';
import { paths } from '@/config/paths';
import { useIdleDeadline } from '@/lib/idle-deadline';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { useOverview } from '../api/get-overview';
import { AdminPage, Panel } from '../components/admin-page';
import { auditActionLabel } from '../components/audit-labels';
import { formatDateTime, shortId } from '../components/format';
import { MoneyRequestCounts } from '../components/money-request-counts';
import type { VolumeBar } from '../components/overview-charts';
import { plural } from '@/lib/plural';

const VolumeChart = lazy(() =>
  import('../components/overview-charts').then((m) => ({ default: m.VolumeChart })),
);
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

interface VolumeRow {
  type: string;
  todayCount: number;
  todayAmount: string;
  weekCount: number;
  weekAmount: string;
}

/** Today's and the week's figures side by side, one row per record type that moved at all. */
function volumeRows(overview: AdminOverview): VolumeRow[] {
  const rows = new Map<string, VolumeRow>();
  const row = (type: string) => {
    let found = rows.get(type);
    if (!found) {
      found = { type, todayCount: 0, todayAmount: '0.00', weekCount: 0, weekAmount: '0.00' };
      rows.set(type, found);
    }
    return found;
  };
  for (const entry of overview.volume.last7Days.byType)
    Object.assign(row(entry.type), { weekCount: entry.count, weekAmount: entry.amount });
  for (const entry of overview.volume.today.byType)
    Object.assign(row(entry.type), { todayCount: entry.count, todayAmount: entry.amount });
  return [...rows.values()].sort((a, b) => a.type.localeCompare(b.type));
}

/** "1 record", "12 records". */
const count = plural;

function total(byType: AdminOverview['volume']['today']['byType']): string {
  return formatCents(byType.reduce((sum, entry) => sum + moneyToCents(entry.amount), 0n));
}

function Kpi({ label, children, footer }: { label: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{children}</p>
      {footer ? <div className="mt-2 text-sm text-slate-700">{footer}</div> : null}
    </div>
  );
}

function StatusBars({ customers }: { customers: AdminOverview['customers'] }) {
  const items = [
    { label: 'Active', count: customers.active, bar: 'bg-emerald-600', status: 'active' },
    { label: 'Suspended', count: customers.suspended, bar: 'bg-amber-500', status: 'suspended' },
    { label: 'Closed', count: customers.closed, bar: 'bg-slate-500', status: 'closed' },
  ];
  const max = Math.max(1, customers.total);
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item.label}>
          <div className="flex justify-between text-sm">
            <Link
              to={`${paths.adminUsers}?status=${item.status}`}
              className="font-medium text-brand-800 underline"
            >
              {item.label}
            </Link>
            <span className="font-semibold text-slate-900 tabular-nums">
              {item.count.toLocaleString('en-US')}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
            <div
              className={`h-2 rounded-full ${item.bar}`}
              style={{ width: `${(item.count / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Dashboard({ overview }: { overview: AdminOverview }) {
  const rows = volumeRows(overview);
  // Dollars as floats for bar lengths only; the table shows the exact amounts.
  const bars: VolumeBar[] = rows.map((row) => ({
    type: row.type,
    todayValue: Number(row.todayAmount),
    weekValue: Number(row.weekAmount),
  }));
  const currency = overview.balances.currency;
  const columns: DataColumn<VolumeRow>[] = [
    { id: 'type', header: 'Type', rowHeader: true, cell: (row) => row.type },
    {
      id: 'today-count',
      header: 'Today',
      align: 'right',
      cell: (row) => row.todayCount.toLocaleString('en-US'),
    },
    {
      id: 'today-amount',
      header: 'Today’s amount',
      align: 'right',
      cell: (row) => <Money amount={row.todayAmount} currency={currency} />,
    },
    {
      id: 'week-count',
      header: '7 days',
      align: 'right',
      cell: (row) => row.weekCount.toLocaleString('en-US'),
    },
    {
      id: 'week-amount',
      header: '7 days’ amount',
      align: 'right',
      cell: (row) => <Money amount={row.weekAmount} currency={currency} />,
    },
  ];
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Kpi
          label="Customers"
          footer={`${overview.customers.active.toLocaleString('en-US')} active · ${overview.customers.suspended.toLocaleString('en-US')} suspended · ${overview.customers.closed.toLocaleString('en-US')} closed`}
        >
          {overview.customers.total.toLocaleString('en-US')}
        </Kpi>
        <Kpi label="Customer balances held">
          <Money amount={overview.balances.total} currency={currency} />
        </Kpi>
        <Kpi
          label="Volume today"
          footer={
            <>
              {count(overview.volume.today.count, 'movement')} today;{' '}
              {count(overview.volume.last7Days.count, 'movement')},{' '}
              <Money amount={total(overview.volume.last7Days.byType)} currency={currency} /> over 7 days
            </>
          }
        >
          <Money amount={total(overview.volume.today.byType)} currency={currency} />
        </Kpi>
        <Kpi
          label="Loans awaiting a decision"
          footer={
            <>
              {count(overview.loans.pendingApplications, 'application')} ·{' '}
              {count(overview.loans.pendingInquiries, 'visitor inquiry', 'visitor inquiries')}
              <Link
                to={`${paths.adminLoans}?status=Pending`}
                className="mt-1 block font-semibold text-brand-800 underline"
              >
                Review pending loans
              </Link>
            </>
          }
        >
          {(overview.loans.pendingApplications + overview.loans.pendingInquiries).toLocaleString('en-US')}
        </Kpi>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel
          title="Volume by record type"
          description="Money moved today and over the last seven days (UTC). A transfer between two customers counts once, as the sender's transfer."
        >
          {rows.length === 0 ? (
            <EmptyState title="No money has moved in the last seven days" />
          ) : (
            <div className="space-y-4">
              <Suspense fallback={<Skeleton className="h-56" />}>
                <VolumeChart bars={bars} />
              </Suspense>
              <DataTable
                caption="Figures by record type"
                hideCaption
                columns={columns}
                rows={rows}
                rowKey={(row) => row.type}
                pending={false}
                empty="No volume."
                minWidthClass="min-w-[34rem]"
              />
            </div>
          )}
        </Panel>
        <Panel title="Customers by status">
          <StatusBars customers={overview.customers} />
        </Panel>
      </div>

      <Panel
        title="Latest admin actions"
        actions={
          <Link to={paths.adminAudit} className="text-sm font-semibold text-brand-800 underline">
            Open the audit log
          </Link>
        }
      >
        {overview.recentAdminActions.length === 0 ? (
          <EmptyState title="No admin actions yet" />
        ) : (
          <ol className="divide-y divide-slate-200">
            {overview.recentAdminActions.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
                <span>
                  <span className="font-semibold text-slate-900">{auditActionLabel(entry.action)}</span>
                  {entry.subjectId ? (
                    <span className="text-slate-700">
                      {' '}
                      · {entry.subjectType} {shortId(entry.subjectId)}
                    </span>
                  ) : null}
                  {entry.reason ? <span className="block text-slate-700">“{entry.reason}”</span> : null}
                </span>
                <span className="text-slate-700">
                  {entry.actorName ?? 'System'} · {formatDateTime(entry.at)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}

/** /admin/dashboard: the bank at a glance — customers, balances held, volume, pending loans, latest actions. */
export function AdminOverviewPage() {
  usePageMeta({ title: 'Admin overview', description: 'The Larkspur Bank admin console.' });
  const overview = useOverview();
  const user = useSession().data?.user;
  const deadline = useIdleDeadline();

  return (
    <AdminPage
      title="Overview"
      intro={
        overview.data
          ? `Figures as of ${formatDateTime(overview.data.asOf, { seconds: true })}.`
          : 'The bank at a glance.'
      }
    >
      {overview.isPending ? <SkeletonRows label="Loading the overview…" rows={4} /> : null}
      {overview.isError && !overview.data ? (
        <ErrorState
          message={overview.error.message}
          onRetry={() => void overview.refetch()}
          retrying={overview.isRefetching}
        />
      ) : null}
      {overview.data ? <Dashboard overview={overview.data} /> : null}
      <MoneyRequestCounts />
      {user ? (
        <Panel title="Your session">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-700">Signed in as</dt>
              <dd className="font-medium text-slate-900">
                {user.firstName} {user.surname}
              </dd>
            </div>
            <div>
              <dt className="text-slate-700">Email</dt>
              <dd className="font-medium break-all text-slate-900">{user.email}</dd>
            </div>
            <div>
              <dt className="text-slate-700">Session ends if idle at</dt>
              <dd className="font-medium text-slate-900" data-testid="idle-expiry">
                {deadline === null ? 'Unknown' : timeFormat.format(deadline)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-600">
            Each action moves this later; after {SESSION_IDLE_TIMEOUT_MINUTES} minutes without one you are
            signed out.
          </p>
        </Panel>
      ) : null}
    </AdminPage>
  );
}
