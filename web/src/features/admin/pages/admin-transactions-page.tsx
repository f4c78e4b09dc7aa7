import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadIcon } from '@/components/ui/banking-icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { transactionsCsvUrl, useTransactions } from '../api/get-transactions';
import { useUserByAccountNumber } from '../api/get-users';
import { AdminPage } from '../components/admin-page';
import { CreateRecordDialog } from '../components/create-record-dialog';
import { recordColumns } from '../components/record-columns';
import { useRecordActions } from '../components/record-dialogs';
import { TransactionFilters, useTransactionFilterState } from '../components/transaction-filters';

/**
 * /admin/dashboard/transactions: every record, newest first, server pages, filters in the URL;
 * each row can be edited (amount, date/time) or its history read; a record can be created.
 */
export function AdminTransactionsPage() {
  usePageMeta({
    title: 'Transactions',
    description: 'Every transaction record of the bank: search, filter, correct and create records.',
  });
  const state = useTransactionFilterState();
  const customer = useUserByAccountNumber(state.errors.account ? '' : state.account);
  const narrowed = state.account !== '';
  const userId = customer.data?.id;
  // With an account number typed, wait for its customer; never list everyone's records instead.
  const ready = !narrowed || userId !== undefined;
  const filter = { ...state.filter, userId };
  const transactions = useTransactions(filter, { enabled: ready });
  const rows = transactions.data?.pages.flatMap((page) => page.items) ?? [];
  const records = useRecordActions();
  const [creating, setCreating] = useState(false);

  const customerMissing = narrowed && !state.errors.account && customer.isSuccess && customer.data === null;
  return (
    <AdminPage
      title="Transactions"
      intro="Every record of every customer, newest first."
      actions={
        <>
          {/* Only once the account number has its customer: never everyone's records instead. */}
          {ready && !customerMissing ? (
            <a href={transactionsCsvUrl(filter)} download className={buttonClasses('secondary')}>
              <DownloadIcon className="size-5" />
              Download CSV
              {state.active ? <span className="sr-only"> of the filtered records</span> : null}
            </a>
          ) : null}
          <Button onClick={() => setCreating(true)}>New record</Button>
        </>
      }
    >
      <TransactionFilters state={state} />
      {customer.data ? (
        <p className="text-sm text-slate-800">
          Records of{' '}
          <Link
            to={`${paths.adminUsers}?user=${encodeURIComponent(customer.data.id)}`}
            className="font-semibold text-brand-800 underline"
          >
            {customer.data.name}
          </Link>{' '}
          only.
        </p>
      ) : null}
      {customerMissing ? (
        <p role="status" className="text-sm font-medium text-slate-900">
          No customer has account number {state.account}.
        </p>
      ) : null}
      {ready && !customerMissing ? (
        <div>
          <DataTable
            caption="Transaction records"
            hideCaption
            columns={recordColumns({ withOwner: true, actions: records.actions })}
            rows={rows}
            rowKey={(record) => record.id}
            pending={transactions.isPending}
            error={transactions.isError ? transactions.error.message : null}
            onRetry={() => void transactions.refetch()}
            retrying={transactions.isRefetching}
            empty={state.active ? 'No records match these filters.' : 'No records yet.'}
            minWidthClass="min-w-[60rem]"
            stackOnPhones
          />
          {transactions.isSuccess ? (
            <LoadMore
              shown={rows.length}
              noun={['record', 'records']}
              hasMore={transactions.hasNextPage}
              loading={transactions.isFetchingNextPage}
              onLoadMore={() => void transactions.fetchNextPage()}
            />
          ) : null}
          {transactions.isFetchNextPageError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {transactions.error?.message} Press Load more to try again.
            </p>
          ) : null}
        </div>
      ) : null}
      {records.dialog}
      {creating ? (
        <CreateRecordDialog initialAccount={state.account} onClose={() => setCreating(false)} />
      ) : null}
    </AdminPage>
  );
}
