import { Link } from 'react-router';
import {
  adminUserSortDefaultOrder,
  adminUserSorts,
  SEARCH_TEXT_LENGTH_MAX,
  sortOrderSchema,
  userStatusSchema,
  type AdminUserRow,
  type AdminUserSort,
} from '@larkspur/contract';
import { DataTable, type DataColumn, type SortDirection } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Money } from '@/components/ui/money';
import { useUsers, type UserListFilter } from '../api/get-users';
import { formatDate, userStatusLabels } from './format';
import { SearchField } from './search-field';
import { UserStatusBadge } from './status-badge';
import { oneOf, useUrlParams } from './url-state';

const DEFAULT_SORT: AdminUserSort = 'createdAt';

/** The filter the URL describes; anything unreadable in it falls back to the default. */
export function useUserListFilter(): UserListFilter {
  const { get } = useUrlParams();
  const sort = oneOf(get('sort'), adminUserSorts) ?? DEFAULT_SORT;
  return {
    q: get('q') || undefined,
    status: oneOf(get('status'), userStatusSchema.options),
    sort,
    order: oneOf(get('order'), sortOrderSchema.options) ?? adminUserSortDefaultOrder[sort],
  };
}

/**
 * The customer directory: search (name, email or account number), status filter, sortable
 * columns, server pages. Each name links to the customer's file (`?user=<id>`, same page).
 */
export function UsersList() {
  const filter = useUserListFilter();
  const { params, update } = useUrlParams();
  const users = useUsers(filter);
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  const sortBy = (column: AdminUserSort) => {
    const order =
      filter.sort === column ? (filter.order === 'asc' ? 'desc' : 'asc') : adminUserSortDefaultOrder[column];
    update({ sort: column, order });
  };
  const sortState = (column: AdminUserSort): { direction: SortDirection; onToggle: () => void } => ({
    direction: filter.sort === column ? (filter.order === 'asc' ? 'ascending' : 'descending') : 'none',
    onToggle: () => sortBy(column),
  });
  const fileLink = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('user', id);
    return `?${next.toString()}`;
  };

  const columns: DataColumn<AdminUserRow>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      sort: sortState('name'),
      cell: (user) => (
        <Link
          to={fileLink(user.id)}
          className="font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {user.name}
        </Link>
      ),
    },
    { id: 'status', header: 'Status', cell: (user) => <UserStatusBadge status={user.status} /> },
    {
      id: 'balance',
      header: 'Balance',
      align: 'right',
      sort: sortState('balance'),
      cell: (user) => <Money amount={user.balance} currency={user.currency} />,
      className: 'whitespace-nowrap',
    },
    {
      id: 'account',
      header: 'Account number',
      cell: (user) => <span className="font-mono">{user.accountNumber}</span>,
    },
    { id: 'email', header: 'Email', cell: (user) => user.email, className: 'whitespace-nowrap' },
    {
      id: 'joined',
      header: 'Joined',
      sort: sortState('createdAt'),
      cell: (user) => formatDate(user.createdAt),
      className: 'whitespace-nowrap',
    },
  ];

  const filtered = filter.q !== undefined || filter.status !== undefined;
  return (
    <>
      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:p-5">
        <SearchField
          label="Search users"
          hint="First name, surname, email, or the start of an account number."
          value={filter.q ?? ''}
          onSearch={(q) => update({ q })}
          maxLength={SEARCH_TEXT_LENGTH_MAX}
        />
        <SelectField
          label="Status"
          value={filter.status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
        >
          <option value="">All statuses</option>
          {userStatusSchema.options.map((status) => (
            <option key={status} value={status}>
              {userStatusLabels[status]}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <DataTable
          caption="Customers"
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(user) => user.id}
          pending={users.isPending}
          error={users.isError ? users.error.message : null}
          onRetry={() => void users.refetch()}
          retrying={users.isRefetching}
          empty={filtered ? 'No customers match this search and filter.' : 'No customers yet.'}
        />
        {users.isSuccess ? (
          <LoadMore
            shown={rows.length}
            noun={['customer', 'customers']}
            hasMore={users.hasNextPage}
            loading={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
          />
        ) : null}
        {users.isFetchNextPageError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {users.error?.message} Press Load more to try again.
          </p>
        ) : null}
      </div>
    </>
  );
}
