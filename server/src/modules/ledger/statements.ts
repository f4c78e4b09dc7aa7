import { and, eq, getTableColumns, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_NUMBER_PATTERN,
  DATE_YEAR_MAX,
  displayType,
  sharedReference,
  formatCents,
  PAGE_SIZE_MAX,
  parseAmountToCents,
  type TransactionRecord,
} from '@larkspur/contract';
import type { ReadDatabase } from '../../db/client';
import { depositHolds, transactionRecords } from '../../db/schema/index';
import { keysetCsv } from '../../lib/csv';
import { AppError, assert } from '../../lib/errors';
import { decodeInstantIdCursor, encodeInstantIdCursor } from '../../lib/keyset-cursor';
import { balancesAfter } from './documents/running-balance';
import { recordHoldColumns, toRecordDto, toRecordHold } from './records';
import { WHOLE_TRANSACTION_ID } from './transaction-ids';

export interface StatementFilter {
  userId?: string;
  /** The customers a typed name or account number names (decision 0169); empty matches nothing. */
  userIds?: string[];
  type?: string;
  direction?: 'credit' | 'debit';
  /** YYYY-MM-DD, inclusive, UTC days. */
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  q?: string;
}

const DAY_MS = 86_400_000;

/** Most rows one export writes; a larger statement is narrowed with the date filter. */
export const CSV_ROWS_MAX = 100_000;

/** `%` and `_` typed by a person are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function amountBound(value: string | undefined, field: string): bigint | undefined {
  if (value === undefined || value === '') return undefined;
  const cents = parseAmountToCents(value);
  if (cents === null)
    throw new AppError('VALIDATION_FAILED', {
      message: `Invalid ${field}: enter an amount like 12.34.`,
      field,
    });
  return cents;
}

function conditions(filter: StatementFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.userId) where.push(eq(transactionRecords.userId, filter.userId));
  if (filter.userIds) where.push(inArray(transactionRecords.userId, filter.userIds));
  if (filter.type) where.push(eq(transactionRecords.type, filter.type));
  if (filter.direction) where.push(eq(transactionRecords.direction, filter.direction));
  if (filter.from) where.push(gte(transactionRecords.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) {
    // The end is the next midnight, exclusive; after 9999-12-31 there is none (and no ISO string
    // the database reads): everything is before it.
    const end = new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS);
    if (end.getUTCFullYear() <= DATE_YEAR_MAX) where.push(lt(transactionRecords.createdAt, end));
  }
  const min = amountBound(filter.minAmount, 'minAmount');
  const max = amountBound(filter.maxAmount, 'maxAmount');
  if (min !== undefined) where.push(gte(transactionRecords.amountCents, min));
  if (max !== undefined) where.push(lte(transactionRecords.amountCents, max));
  if (filter.q && WHOLE_TRANSACTION_ID.test(filter.q)) {
    // A whole id names one record: the unique index finds it at once, where the substring search
    // below reads every record (6.6 s at a million records, bench/admin-scale.ts).
    // The shared reference too (decision 0197): a transfer's recipient finds it by the sender's TRF…
    // id, through its own partial index.
    const id = filter.q.toUpperCase();
    const either = or(eq(transactionRecords.transactionId, id), eq(transactionRecords.reference, id));
    if (either) where.push(either);
  } else if (filter.q && ACCOUNT_NUMBER_PATTERN.test(filter.q)) {
    // A whole account number: the records to or from that account, through the two account
    // indexes, where the substring search below reads every record (2.7 s at a million records).
    const either = or(
      eq(transactionRecords.recipientAccount, filter.q),
      eq(transactionRecords.senderAccount, filter.q),
    );
    if (either) where.push(either);
  } else if (filter.q) {
    const pattern = likePattern(filter.q);
    const any = or(
      ilike(transactionRecords.recipientName, pattern),
      ilike(transactionRecords.senderName, pattern),
      ilike(transactionRecords.purpose, pattern),
      ilike(transactionRecords.transactionId, pattern),
      eq(transactionRecords.recipientAccount, filter.q),
      eq(transactionRecords.senderAccount, filter.q),
    );
    if (any) where.push(any);
  }
  return where;
}

// The record indexes are `created_at DESC NULLS LAST, id DESC NULLS LAST`; a plain `desc` (nulls
// first) does not match them, and every page sorted the whole table: 0.5–1 s a page at a million
// records (bench/run.ts "pages"). The columns are NOT NULL, so the order is the same.
const newestFirst = [
  sql`${transactionRecords.createdAt} desc nulls last`,
  sql`${transactionRecords.id} desc nulls last`,
];

/**
 * Records newest first, one keyset page at a time: the next page starts strictly after the last
 * row's (created_at, id), so a page costs the same at row 10 and at row 1,000,000.
 */
export async function listRecords(
  db: ReadDatabase,
  filter: StatementFilter,
  page: { cursor?: string; limit: number },
): Promise<{ items: TransactionRecord[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(page.limit, 1), PAGE_SIZE_MAX);
  const where = conditions(filter);
  if (page.cursor) {
    const c = decodeInstantIdCursor(page.cursor);
    where.push(
      sql`(${transactionRecords.createdAt}, ${transactionRecords.id}) < (${c.createdAt}, ${c.id}::uuid)`,
    );
  }
  // A check deposit shows its hold: one row at most per record (a unique index on record_id).
  const rows = await db
    .select({ record: getTableColumns(transactionRecords), hold: recordHoldColumns })
    .from(transactionRecords)
    .leftJoin(depositHolds, eq(depositHolds.recordId, transactionRecords.id))
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1]?.record;
  const nextCursor = rows.length > limit && last ? encodeInstantIdCursor(last) : null;
  return { items: items.map((row) => toRecordDto(row.record, toRecordHold(row.hold))), nextCursor };
}

export const CSV_COLUMNS = [
  'Date',
  'Transaction ID',
  'Type',
  'Direction',
  'Amount',
  'Currency',
  'Counterparty',
  'Counterparty account',
  'Bank',
  'Purpose',
  'Status',
  // Issue 28: the reference both sides of a transfer quote (decision 0197).
  'Reference',
  // Issue 28: a check deposit's hold — "On hold", "Cleared" or "Returned" — and the day all of it is
  // (or was) available, so an export never reads held money as cash.
  'Hold',
  'Available from',
] as const;

/** The customer's export adds the balance after each record, as their list shows it (decision 0162). */
export const CUSTOMER_CSV_COLUMNS = [...CSV_COLUMNS, 'Balance after'] as const;

const HOLD_WORDS = { active: 'On hold', released: 'Cleared', returned: 'Returned' } as const;

/** One record as the statement's CSV cells, in the order of `CSV_COLUMNS`. */
export function recordCsvCells(r: TransactionRecord): string[] {
  const debit = r.direction === 'debit';
  return [
    r.createdAt,
    r.transactionId,
    displayType(r),
    debit ? 'Debit' : 'Credit',
    // Unsigned: the Direction column carries the sign, and a leading '-' would be neutralised.
    r.amount,
    r.currency,
    debit ? r.recipientName : r.senderName,
    debit ? r.recipientAccount : r.senderAccount,
    r.bankName,
    r.purpose,
    r.status,
    sharedReference(r),
    r.hold ? HOLD_WORDS[r.hold.status] : '',
    r.hold ? r.hold.availableAt.slice(0, 10) : '',
  ];
}

/**
 * The same filter as the statement, as CSV lines (header first), read a page at a time: the export
 * streams and never holds a whole statement in memory.
 */
export function recordsCsv(
  db: ReadDatabase,
  filter: StatementFilter & { userId: string },
): AsyncGenerator<string> {
  // Each page's balances walk on from the last row of the page before (issue 28): a page costs
  // about a page of reads, however deep into the export.
  let last: { id: string; balanceAfterCents: bigint } | undefined;
  return keysetCsv({
    columns: CUSTOMER_CSV_COLUMNS,
    page: async (cursor) => {
      const page = await listRecords(db, filter, { cursor, limit: PAGE_SIZE_MAX });
      const balances = await balancesAfter(db, filter.userId, page.items, last);
      const items = page.items.map((record) => {
        const after = balances.get(record.id);
        // A record listed a moment ago is still there: records are never deleted.
        assert(after !== undefined, 'a listed record has a balance after it');
        return { record, after };
      });
      const end = items[items.length - 1];
      if (end) last = { id: end.record.id, balanceAfterCents: end.after };
      return { items, nextCursor: page.nextCursor };
    },
    cells: ({ record, after }) => [...recordCsvCells(record), formatCents(after)],
    rowsMax: CSV_ROWS_MAX,
  });
}
