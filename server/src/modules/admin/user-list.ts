import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_NUMBER_PATTERN,
  adminUserSortDefaultOrder,
  formatCents,
  type AdminUserPage,
  type AdminUserRow,
  type AdminUserSort,
  type SortOrder,
  type UserStatus,
} from '@larkspur/contract';
import type { ReadDatabase } from '../../db/client';
import { accounts, identities, profiles } from '../../db/schema/index';
import {
  CURSOR_TIMESTAMP_FORMAT,
  decodeCursor,
  encodeCursor,
  prefixPattern,
  type KeyKind,
} from '../../lib/keyset-cursor';

/**
 * The customer directory's list query (docs/decisions/0040): customers only, an optional prefix
 * search, a status filter, three sorts in both orders, keyset pages. Every sort and every search
 * branch walks an index; the plans and timings with 100,000 customers are in the decision.
 */

/**
 * A search first looks at this many rows in the requested order: a broad search ("m") finds its
 * page there at once. Only when the window holds fewer matches than a page does the search go to
 * its prefix indexes, which are quick exactly when matches are few.
 */
export const SEARCH_PROBE_ROWS = 1000;

export interface AdminUserListParams {
  q?: string;
  status?: UserStatus;
  sort: AdminUserSort;
  order?: SortOrder;
  cursor?: string;
  limit: number;
}

// Literals, not parameters, so the planner matches the partial indexes (`where role = 'user'`,
// `where kind = 'customer'`) whatever the driver does with parameters.
const isCustomer = sql`${profiles.role} = 'user'`;
const isCustomerAccount = sql`${accounts.kind} = 'customer'`;
const identityOfProfile = eq(identities.id, profiles.userId);
const accountOfProfile = eq(accounts.userId, profiles.userId);

/** Name keys exactly as the index `profiles_name_idx` holds them. */
const nameKey = (column: SQLWrapper) => sql<string>`lower(${column}) collate "C"`;

const rowColumns = {
  userId: profiles.userId,
  firstName: profiles.firstName,
  surname: profiles.surname,
  email: identities.email,
  accountNumber: profiles.accountNumber,
  status: profiles.status,
  accountLimitCents: profiles.accountLimitCents,
  avatarUrl: profiles.avatarUrl,
  createdAt: profiles.createdAt,
  balanceCents: accounts.balanceCents,
  currency: accounts.currency,
};

/** A created-at key with its microseconds (a JS Date would drop them). */
const createdKey = (createdAt: SQLWrapper) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`.as('created_key');

/** The cursor keys of a row, as the database compares them. */
const keyColumns = {
  createdKey: createdKey(profiles.createdAt),
  surnameKey: nameKey(profiles.surname).as('surname_key'),
  firstNameKey: nameKey(profiles.firstName).as('first_name_key'),
};

/** A row of the list query with its sort keys. */
interface ListRow {
  userId: string;
  firstName: string;
  surname: string;
  email: string;
  accountNumber: string | null;
  status: UserStatus;
  accountLimitCents: bigint;
  avatarUrl: string;
  createdAt: Date;
  balanceCents: bigint;
  currency: string;
  createdKey: string;
  surnameKey: string;
  firstNameKey: string;
}

/**
 * The columns a probe window exposes: the row, and the name keys under their own names, so that
 * the outer order is seen to be the window's own and the window is read only as far as needed.
 */
type Window = Record<keyof typeof rowColumns | 'surnameKey' | 'firstNameKey', SQLWrapper>;

interface SortPlan {
  /** Kinds of the cursor keys, in order; the last is always the user id. */
  kinds: KeyKind[];
  /** Order-by columns on the tables, as the sort's index holds them. */
  columns: SQL[];
  /** The same order on a probe window's columns. */
  windowColumns(w: Window): SQL[];
  /** The right-hand side of the keyset comparison, from the decoded keys. */
  bounds(keys: string[]): SQL[];
  keysOf(row: ListRow): string[];
}

const sortPlans: Record<AdminUserSort, SortPlan> = {
  createdAt: {
    kinds: ['timestamp', 'uuid'],
    columns: [sql`${profiles.createdAt}`, sql`${profiles.userId}`],
    windowColumns: (w) => [sql`${w.createdAt}`, sql`${w.userId}`],
    bounds: ([at, id]) => [sql`${at}::timestamptz`, sql`${id}::uuid`],
    keysOf: (row) => [row.createdKey, row.userId],
  },
  name: {
    kinds: ['text', 'text', 'uuid'],
    columns: [nameKey(profiles.surname), nameKey(profiles.firstName), sql`${profiles.userId}`],
    windowColumns: (w) => [sql`${w.surnameKey}`, sql`${w.firstNameKey}`, sql`${w.userId}`],
    bounds: ([surname, firstName, id]) => [sql`${surname}`, sql`${firstName}`, sql`${id}::uuid`],
    keysOf: (row) => [row.surnameKey, row.firstNameKey, row.userId],
  },
  balance: {
    kinds: ['integer', 'uuid'],
    // The account's own user id: the index `accounts_customer_balance_idx` holds that one.
    columns: [sql`${accounts.balanceCents}`, sql`${accounts.userId}`],
    windowColumns: (w) => [sql`${w.balanceCents}`, sql`${w.userId}`],
    bounds: ([cents, id]) => [sql`${cents}::bigint`, sql`${id}::uuid`],
    keysOf: (row) => [row.balanceCents.toString(), row.userId],
  },
};

/**
 * What a search asks for: an account-number prefix, or a text prefix of names and email.
 * `pinpoint`: a whole account number or something with an `@` matches a customer or a handful, so
 * the probe window would be read for nothing.
 */
type Search =
  | { kind: 'account'; pattern: string; pinpoint: boolean }
  | { kind: 'text'; pattern: string; pinpoint: boolean; firstAndSurname: [string, string] | null };

function parseSearch(q: string | undefined): Search | null {
  const text = q?.trim() ?? '';
  if (text.length === 0) return null;
  if (/^\d+$/.test(text)) {
    return { kind: 'account', pattern: prefixPattern(text), pinpoint: ACCOUNT_NUMBER_PATTERN.test(text) };
  }
  const lower = text.toLowerCase();
  const [first, ...rest] = lower.split(/\s+/);
  return {
    kind: 'text',
    pattern: prefixPattern(lower),
    pinpoint: text.includes('@'),
    // "jane do" → first name "jane…" and surname "do…" (and "van der…" stays a surname prefix).
    firstAndSurname:
      first !== undefined && rest.length > 0 ? [prefixPattern(first), prefixPattern(rest.join(' '))] : null,
  };
}

const searchProfiles = alias(profiles, 'search_profiles');
const searchIdentities = alias(identities, 'search_identities');

/**
 * The search on the tables, as a union of index range scans (each branch one prefix on one
 * indexed expression, which a single OR across two tables could not be).
 */
function matchingIds(db: ReadDatabase, search: Search): SQL {
  if (search.kind === 'account') return sql`${profiles.accountNumber} collate "C" like ${search.pattern}`;
  const p = searchProfiles;
  const customersWhere = (condition: SQL) =>
    db
      .select({ id: p.userId })
      .from(p)
      .where(and(sql`${p.role} = 'user'`, condition));
  const firstNameLike = (pattern: string) => sql`lower(${p.firstName}) collate "C" like ${pattern}`;
  const surnameLike = (pattern: string) => sql`lower(${p.surname}) collate "C" like ${pattern}`;
  const emailMatches = db
    .select({ id: searchIdentities.id })
    .from(searchIdentities)
    .where(sql`${searchIdentities.email} collate "C" like ${search.pattern}`);
  const pair = search.firstAndSurname;
  const both = pair ? [customersWhere(sql`${firstNameLike(pair[0])} and ${surnameLike(pair[1])}`)] : [];
  return inArray(
    profiles.userId,
    unionAll(
      customersWhere(firstNameLike(search.pattern)),
      customersWhere(surnameLike(search.pattern)),
      emailMatches,
      ...both,
    ),
  );
}

/** The same search on a probe window's columns: the two must agree row for row (tested). */
function windowMatches(w: Window, search: Search): SQL {
  if (search.kind === 'account') return sql`${w.accountNumber} collate "C" like ${search.pattern}`;
  const pair = search.firstAndSurname;
  const any = or(
    sql`${w.firstNameKey} like ${search.pattern}`,
    sql`${w.surnameKey} like ${search.pattern}`,
    sql`${w.email} collate "C" like ${search.pattern}`,
    pair ? sql`(${w.firstNameKey} like ${pair[0]} and ${w.surnameKey} like ${pair[1]})` : undefined,
  );
  return any ?? sql`false`;
}

function toRow(row: ListRow): AdminUserRow {
  return {
    id: row.userId,
    firstName: row.firstName,
    surname: row.surname,
    name: `${row.firstName} ${row.surname}`,
    email: row.email,
    accountNumber: row.accountNumber ?? '',
    status: row.status,
    balance: formatCents(row.balanceCents),
    currency: row.currency,
    accountLimit: formatCents(row.accountLimitCents),
    avatar: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAdminUserList(deps: {
  db: ReadDatabase;
  /** Tests set 0 (straight to the indexes) or a few rows (mixed) to prove both paths agree. */
  searchProbeRows?: number;
}): (params: AdminUserListParams) => Promise<AdminUserPage> {
  const { db } = deps;
  const probeRows = deps.searchProbeRows ?? SEARCH_PROBE_ROWS;

  return async (params) => {
    const order = params.order ?? adminUserSortDefaultOrder[params.sort];
    const plan = sortPlans[params.sort];
    const tag = `${params.sort}:${order}`;
    const direction = order === 'desc' ? sql`desc` : sql`asc`;
    const ordered = (columns: SQL[]) => columns.map((column) => sql`${column} ${direction}`);

    // Every customer has exactly one account, opened with the profile: an inner join loses nobody.
    // The conditions on the profile alone, and those that need the account (the balance sort's).
    const onProfile: SQL[] = [isCustomer];
    const onAccount: SQL[] = [isCustomerAccount];
    if (params.status) onProfile.push(eq(profiles.status, params.status));
    if (params.cursor) {
      const keys = decodeCursor(params.cursor, tag, plan.kinds);
      const comparison = order === 'desc' ? sql`<` : sql`>`;
      (params.sort === 'balance' ? onAccount : onProfile).push(
        sql`(${sql.join(plan.columns, sql`, `)}) ${comparison} (${sql.join(plan.bounds(keys), sql`, `)})`,
      );
    }
    const where = [...onProfile, ...onAccount];
    const take = params.limit + 1;
    const pageWhere = (conditions: SQL[]): Promise<ListRow[]> =>
      db
        .select({ ...rowColumns, ...keyColumns })
        .from(profiles)
        .innerJoin(identities, identityOfProfile)
        .innerJoin(accounts, accountOfProfile)
        .where(and(...conditions))
        .orderBy(...ordered(plan.columns))
        .limit(take);

    const search = parseSearch(params.q);
    let rows: ListRow[] = [];
    if (search === null) {
      rows = await pageWhere(where);
    } else {
      if (probeRows > 0 && !search.pinpoint) {
        const w = db
          .select({
            ...rowColumns,
            surnameKey: nameKey(profiles.surname).as('surname_key'),
            firstNameKey: nameKey(profiles.firstName).as('first_name_key'),
          })
          .from(profiles)
          .innerJoin(identities, identityOfProfile)
          .innerJoin(accounts, accountOfProfile)
          .where(and(...where))
          .orderBy(...ordered(plan.columns))
          .limit(probeRows)
          .as('probe_window');
        rows = await db
          .select({
            userId: w.userId,
            firstName: w.firstName,
            surname: w.surname,
            email: w.email,
            accountNumber: w.accountNumber,
            status: w.status,
            accountLimitCents: w.accountLimitCents,
            avatarUrl: w.avatarUrl,
            createdAt: w.createdAt,
            balanceCents: w.balanceCents,
            currency: w.currency,
            createdKey: createdKey(w.createdAt),
            surnameKey: w.surnameKey,
            firstNameKey: w.firstNameKey,
          })
          .from(w)
          .where(windowMatches(w, search))
          .orderBy(...ordered(plan.windowColumns(w)))
          .limit(take);
      }
      // The window held less than a page: the matches are few, and the indexes find them fast.
      // They may still be a thousand (1 % of 100,000 customers): the page is picked among them on
      // the sort's own table, and only its rows are joined to their identity and account
      // (docs/decisions/0040; joining every match first took half to two thirds of the time).
      if (rows.length < take) {
        const ranked =
          params.sort === 'balance'
            ? db
                .select({ id: profiles.userId })
                .from(profiles)
                .innerJoin(accounts, accountOfProfile)
                .where(and(...where, matchingIds(db, search)))
            : db
                .select({ id: profiles.userId })
                .from(profiles)
                .where(and(...onProfile, matchingIds(db, search)));
        const page = ranked.orderBy(...ordered(plan.columns)).limit(take);
        rows = await pageWhere([...where, inArray(profiles.userId, page)]);
      }
    }

    const items = rows.slice(0, params.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toRow),
      nextCursor: rows.length > params.limit && last ? encodeCursor(tag, plan.keysOf(last)) : null,
    };
  };
}
