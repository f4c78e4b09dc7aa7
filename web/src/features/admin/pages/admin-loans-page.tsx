import { useState } from 'react';
import { loanSources, loanStatuses, loanTypes, type AdminLoan } from '@larkspur/contract';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Money } from '@/components/ui/money';
import { usePageMeta } from '@/lib/page-meta';
import { useLoans, type LoanFilter } from '../api/get-loans';
import { AdminPage } from '../components/admin-page';
import { DateTimeCell } from '../components/date-time-cell';
import { applicantName, LoanDialog } from '../components/loan-dialog';
import { RowAction } from '../components/row-action';
import { LoanStatusBadge } from '../components/status-badge';
import { oneOf, useUrlParams } from '../components/url-state';

const sourceLabels = { application: 'Application', inquiry: 'Visitor inquiry' } as const;

/**
 * /admin/dashboard/loans: every application and visitor inquiry, newest first, filtered by
 * status, type and source; each opens a dialog to approve, set a status or read the history.
 */
export function AdminLoansPage() {
  usePageMeta({
    title: 'Loans',
    description: 'Loan applications and visitor inquiries: review, approve, decide.',
  });
  const { get, update } = useUrlParams();
  const filter: LoanFilter = {
    status: oneOf(get('status'), loanStatuses),
    loanType: oneOf(get('type'), loanTypes),
    source: oneOf(get('source'), loanSources),
  };
  const loans = useLoans(filter);
  const rows = loans.data?.pages.flatMap((page) => page.items) ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const filtered = Object.values(filter).some((value) => value !== undefined);

  const columns: DataColumn<AdminLoan>[] = [
    {
      id: 'applicant',
      header: 'Applicant',
      rowHeader: true,
      // Narrow enough that Status and Review are in view on a phone (decision 0152).
      className: 'max-w-40 wrap-anywhere',
      cell: (loan) => (
        <span className="block">
          {applicantName(loan)}
          <span className="block text-xs font-normal text-slate-600">
            {loan.applicant?.accountNumber ?? loan.contact?.email ?? ''}
          </span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (loan) => <LoanStatusBadge status={loan.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (loan) => (
        <RowAction
          onClick={() => setOpenId(loan.id)}
          aria-label={`Review the ${loan.loanType.toLowerCase()} of ${applicantName(loan)}`}
        >
          Review
        </RowAction>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (loan) => <Money amount={loan.loanAmount} currency="USD" />,
      className: 'whitespace-nowrap',
    },
    { id: 'type', header: 'Type', cell: (loan) => loan.loanType, className: 'whitespace-nowrap' },
    {
      id: 'source',
      header: 'Source',
      cell: (loan) => sourceLabels[loan.source],
      className: 'whitespace-nowrap',
    },
    {
      id: 'when',
      header: 'Submitted',
      cell: (loan) => <DateTimeCell iso={loan.createdAt} />,
    },
  ];

  return (
    <AdminPage
      title="Loans"
      intro="Applications from customers and inquiries from visitors of the public loan pages."
    >
      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:p-5">
        <SelectField
          label="Status"
          value={get('status')}
          onChange={(event) => update({ status: event.target.value })}
        >
          <option value="">All statuses</option>
          {loanStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Type"
          value={get('type')}
          onChange={(event) => update({ type: event.target.value })}
        >
          <option value="">All types</option>
          {loanTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Source"
          value={get('source')}
          onChange={(event) => update({ source: event.target.value })}
        >
          <option value="">Applications and inquiries</option>
          {loanSources.map((source) => (
            <option key={source} value={source}>
              {sourceLabels[source]}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <DataTable
          caption="Loans"
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(loan) => loan.id}
          pending={loans.isPending}
          error={loans.isError ? loans.error.message : null}
          onRetry={() => void loans.refetch()}
          retrying={loans.isRefetching}
          empty={filtered ? 'No loans match these filters.' : 'No loan applications or inquiries yet.'}
        />
        {loans.isSuccess ? (
          <LoadMore
            shown={rows.length}
            noun={['loan', 'loans']}
            hasMore={loans.hasNextPage}
            loading={loans.isFetchingNextPage}
            onLoadMore={() => void loans.fetchNextPage()}
          />
        ) : null}
      </div>
      {openId ? <LoanDialog loanId={openId} onClose={() => setOpenId(null)} /> : null}
    </AdminPage>
  );
}
