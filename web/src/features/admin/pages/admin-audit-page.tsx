import { AUDIT_SUBJECT_LENGTH_MAX, PERSON_FILTER_LENGTH_MAX, type AuditEntry } from '@larkspur/contract';
import { DownloadIcon } from '@/components/ui/banking-icons';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { auditCsvUrl, useAudit, type AuditFilter } from '../api/get-audit';
import { AdminPage } from '../components/admin-page';
import { AuditDetails } from '../components/audit-details';
import { auditActionChoices, auditActionLabel } from '../components/audit-labels';
import { ClearFilters } from '../components/clear-filters';
import { DateRangeFields, urlDateRange } from '../components/date-range';
import { DateTimeCell } from '../components/date-time-cell';
import { shortId } from '../components/format';
import { SearchField } from '../components/search-field';
import { OutcomeBadge } from '../components/status-badge';
import { useUrlParams } from '../components/url-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTER_KEYS = ['action', 'actor', 'subject', 'from', 'to'] as const;

/** The filter the URL describes; values the server would refuse are reported, not sent. */
function useAuditFilter() {
  const { get } = useUrlParams();
  const errors: { dates?: string } = {};
  const [kind, value] = get('action').split(/:(.*)/s, 2);
  // An id is matched exactly; anything else is a name, email or account number (decision 0169).
  const actor = get('actor').trim();
  const subject = get('subject').trim();
  const dates = urlDateRange(get);
  if (dates.error) errors.dates = dates.error;
  const filter: AuditFilter = {
    action: kind === 'action' ? value : undefined,
    actionPrefix: kind === 'prefix' ? value : undefined,
    actorId: UUID.test(actor) ? actor : undefined,
    actor: actor && !UUID.test(actor) ? actor : undefined,
    subjectId: UUID.test(subject) ? subject : undefined,
    subject: subject && !UUID.test(subject) ? subject : undefined,
    from: dates.from,
    to: dates.to,
  };
  return { filter, errors, active: FILTER_KEYS.some((key) => get(key) !== '') };
}

/**
 * /admin/dashboard/audit: every admin action and security event, newest first, filtered by actor,
 * action, subject and date, server pages. Actor and subject cells filter the list when pressed.
 */
export function AdminAuditPage() {
  usePageMeta({
    title: 'Audit log',
    description: 'Every admin action and security event, with who, what, when and why.',
  });
  const { get, update } = useUrlParams();
  const { filter, errors, active } = useAuditFilter();
  const audit = useAudit(filter);
  const rows = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const myId = useSession().data?.user?.id;

  const filterLink = (label: string, changes: Record<string, string>, name: string) => (
    <button
      type="button"
      onClick={() => update(changes)}
      aria-label={`${label}: filter by ${name}`}
      className="rounded text-left font-medium text-brand-800 underline-offset-2 hover:underline"
    >
      {label}
    </button>
  );

  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'action',
      header: 'Action',
      rowHeader: true,
      cell: (entry) => (
        <span className="block">
          {auditActionLabel(entry.action)}
          <span className="block font-mono text-xs font-normal text-slate-600">{entry.action}</span>
        </span>
      ),
    },
    {
      id: 'at',
      header: 'When',
      cell: (entry) => <DateTimeCell iso={entry.at} seconds />,
    },
    {
      id: 'actor',
      header: 'Actor',
      cell: (entry) =>
        entry.actorId ? (
          <span className="block">
            {filterLink(entry.actorName ?? shortId(entry.actorId), { actor: entry.actorId }, 'this actor')}
            <span className="block text-xs text-slate-600">
              {entry.actorRole ?? ''}
              {entry.actorId === myId ? ' (you)' : ''}
            </span>
          </span>
        ) : (
          <span className="text-slate-600">System or guest</span>
        ),
    },
    { id: 'outcome', header: 'Outcome', cell: (entry) => <OutcomeBadge outcome={entry.outcome} /> },
    {
      id: 'subject',
      header: 'Subject',
      cell: (entry) =>
        entry.subjectId ? (
          <span className="block">
            <span className="block text-xs text-slate-600">{entry.subjectType ?? ''}</span>
            {filterLink(shortId(entry.subjectId), { subject: entry.subjectId }, `subject ${entry.subjectId}`)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'details',
      header: 'Details',
      cell: (entry) => <AuditDetails details={entry.details} />,
      className: 'min-w-56 max-w-80',
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: (entry) => entry.reason ?? '—',
      className: 'min-w-48 max-w-64 wrap-anywhere',
    },
    { id: 'ip', header: 'IP', cell: (entry) => <span className="font-mono text-xs">{entry.ip ?? '—'}</span> },
  ];

  return (
    <AdminPage
      title="Audit log"
      intro="Every admin action and security event: who, what, to whom, when and why."
      actions={
        <a href={auditCsvUrl(filter)} download className={buttonClasses('secondary')}>
          <DownloadIcon className="size-5" />
          Download CSV
          {active ? <span className="sr-only"> of the filtered entries</span> : null}
        </a>
      }
    >
      <form
        role="search"
        aria-label="Filter the audit log"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-3"
      >
        <SelectField
          label="Action"
          value={get('action')}
          onChange={(event) => update({ action: event.target.value })}
        >
          <option value="">Every action</option>
          {auditActionChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <div>
          <SearchField
            type="text"
            label="Actor"
            hint="Who acted: a name, email, account number or ID. Press a name in the list to fill this in."
            value={get('actor')}
            onSearch={(actor) => update({ actor })}
            maxLength={PERSON_FILTER_LENGTH_MAX}
          />
          {myId && get('actor') !== myId ? (
            <button
              type="button"
              onClick={() => update({ actor: myId })}
              className="mt-1.5 min-h-9 rounded text-sm font-semibold text-brand-800 underline"
            >
              Only my actions
            </button>
          ) : null}
        </div>
        <SearchField
          type="text"
          label="Customer or subject"
          hint="A customer’s name, email or account number, or the ID of the loan or record acted on."
          value={get('subject')}
          onSearch={(subject) => update({ subject })}
          maxLength={Math.max(AUDIT_SUBJECT_LENGTH_MAX, PERSON_FILTER_LENGTH_MAX)}
        />
        <DateRangeFields error={errors.dates} zone=" (UTC)" />
        {active ? (
          <div className="flex items-end">
            <ClearFilters keys={FILTER_KEYS} variant="secondary" />
          </div>
        ) : null}
      </form>
      <div>
        <DataTable
          caption="Audit log entries"
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(entry) => String(entry.id)}
          pending={audit.isPending}
          error={audit.isError ? audit.error.message : null}
          onRetry={() => void audit.refetch()}
          retrying={audit.isRefetching}
          empty={active ? 'No entries match these filters.' : 'The audit log is empty.'}
          minWidthClass="min-w-[72rem]"
        />
        {audit.isSuccess ? (
          <LoadMore
            shown={rows.length}
            noun={['entry', 'entries']}
            hasMore={audit.hasNextPage}
            loading={audit.isFetchingNextPage}
            onLoadMore={() => void audit.fetchNextPage()}
          />
        ) : null}
      </div>
    </AdminPage>
  );
}
