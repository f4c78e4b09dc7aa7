import { useSearchParams } from 'react-router';
import { DepositIcon, DownloadIcon, ListIcon, SendIcon } from '@/components/ui/banking-icons';
import { Button, ButtonLink, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { SkeletonRows } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useRefreshOnBalanceChange } from '@/lib/money-queries';
import { usePageMeta } from '@/lib/page-meta';
import { transactionsCsvUrl, useTransactions } from '../api/get-transactions';
import {
  readFilters,
  RECORD_PARAM,
  toSearchParams,
  type TransactionFilters,
} from '../components/filter-params';
import { TransactionDetailDialog } from '../components/transaction-detail-dialog';
import { TransactionFilterBar } from '../components/transaction-filters';
import { TransactionList } from '../components/transaction-list';
import { StatementDownload } from '../components/statement-download';
import { pluralWord } from '@/lib/plural';

/** "Showing 4 transactions." / "1 transaction matches." / "25 transactions match so far." */
function resultLine(count: number, filtered: boolean, more: boolean): string {
  const noun = pluralWord(count, 'transaction');
  const soFar = more ? ' so far' : '';
  if (!filtered) return `Showing ${count} ${noun}${soFar}.`;
  return `${count} ${noun} ${count === 1 ? 'matches' : 'match'}${soFar}.`;
}

/**
 * /user/dashboard/transactions: the statement, filtered and searched by what the URL says, read a
 * server page at a time ("Load more"), downloadable as CSV, each record openable as a receipt.
 */
export function TransactionsPage() {
  usePageMeta({
    title: 'Transactions',
    description: 'Search, filter and download your Larkspur Bank transactions.',
  });
  useRefreshOnBalanceChange();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const openId = searchParams.get(RECORD_PARAM);
  const statement = useTransactions(filters);
  const records = statement.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;

  const applyFilters = (next: TransactionFilters) => setSearchParams(toSearchParams(next));
  const openRecord = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(RECORD_PARAM, id);
        else next.delete(RECORD_PARAM);
        return next;
      },
      // Opening a receipt is a step Back can undo; closing it should not leave one behind.
      { replace: id === null, preventScrollReset: true },
    );

  return (
    <Page
      title="Transactions"
      intro="Every payment in and out of your account, newest first."
      actions={
        <a href={transactionsCsvUrl(filters)} download className={buttonClasses('secondary')}>
          <DownloadIcon className="size-5" />
          Download CSV
          {filtered ? <span className="sr-only"> of the filtered transactions</span> : null}
        </a>
      }
    >
      <div className="mt-6 space-y-4">
        <StatementDownload />
        <TransactionFilterBar filters={filters} onApply={applyFilters} />

        {statement.isPending ? (
          <SkeletonRows label="Loading your transactions…" rows={6} />
        ) : statement.isError && records.length === 0 ? (
          <ErrorState
            title="We could not load your transactions"
            message={statement.error.message}
            onRetry={() => void statement.refetch()}
            retrying={statement.isFetching}
          />
        ) : records.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={ListIcon}
              title="No transactions match"
              action={
                <Button variant="secondary" onClick={() => applyFilters({})}>
                  Clear search and filters
                </Button>
              }
            >
              Try a wider date range or fewer filters.
            </EmptyState>
          ) : (
            <EmptyState
              icon={ListIcon}
              title="No transactions yet"
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <ButtonLink to={paths.userSendMoney}>
                    <SendIcon className="size-5" />
                    Send money
                  </ButtonLink>
                  <ButtonLink variant="secondary" to={paths.userDepositCheck}>
                    <DepositIcon className="size-5" />
                    Deposit a check
                  </ButtonLink>
                </div>
              }
            >
              Money you send, receive or deposit will show up here.
            </EmptyState>
          )
        ) : (
          <>
            <p role="status" className="text-sm text-slate-700">
              {resultLine(records.length, filtered, statement.hasNextPage)}
            </p>
            <TransactionList records={records} onOpen={(record) => openRecord(record.id)} />
            {statement.isFetchNextPageError ? (
              <ErrorState
                title="We could not load more transactions"
                message={statement.error?.message ?? 'Please try again.'}
                onRetry={() => void statement.fetchNextPage()}
                retrying={statement.isFetchingNextPage}
              />
            ) : statement.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void statement.fetchNextPage()}
                  pending={statement.isFetchingNextPage}
                >
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      {openId ? <TransactionDetailDialog id={openId} onClose={() => openRecord(null)} /> : null}
    </Page>
  );
}
