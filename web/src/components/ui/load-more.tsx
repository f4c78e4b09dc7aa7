import { Button } from './button';

/**
 * The foot of a server-paginated list (keyset pages): how many rows are on screen and a button for
 * the next page. There is no total: counting millions of rows on every page costs more than it tells.
 */
export function LoadMore({
  shown,
  noun,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  /** The noun for the count, singular and plural: ["customer", "customers"]. */
  noun: readonly [string, string];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-slate-700" role="status">
        Showing {shown.toLocaleString('en-US')} {shown === 1 ? noun[0] : noun[1]}
        {hasMore ? '' : ' (all)'}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} pending={loading}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
