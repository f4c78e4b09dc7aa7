import { sql } from 'drizzle-orm';
import { RECEIVED_TRANSFER_TYPE, STATEMENT_MONTH_PATTERN, STATEMENT_RECORDS_MAX } from '@larkspur/contract';
import type { ReadDatabase } from '../../../db/client';
import { AppError, assert } from '../../../lib/errors';
import { required, requiredDate } from '../../../lib/required';
import { RECORD_EFFECT_SQL, rowsOf } from './running-balance';

/** One calendar month in UTC: `[start, end)`. */
export interface StatementPeriod {
  month: string;
  start: Date;
  end: Date;
}

/** `YYYY-MM` as a period, or a 400 with the catalogue's message. */
export function parseStatementMonth(month: string): StatementPeriod {
  const match = STATEMENT_MONTH_PATTERN.exec(month);
  const year = Number(match?.[1]);
  const index = Number(match?.[2]) - 1;
  // Year 0000 has no timestamp in PostgreSQL; four digits stop at 9999.
  if (!match || year < 1) throw new AppError('STATEMENT_MONTH_INVALID', { field: 'month' });
  const start = new Date(Date.UTC(year, index, 1));
  // Date.UTC reads 0–99 as 1900–1999: set the year exactly.
  start.setUTCFullYear(year, index, 1);
  const end = new Date(start);
  end.setUTCFullYear(year, index + 1, 1);
  return { month, start, end };
}

/** One statement line: a record and the balance after it. */
export interface StatementLine {
  id: string;
  /** The reference the customer quotes: a transfer's TRF… id on both its legs (decision 0197). */
  transactionId: string;
  createdAt: Date;
  type: string;
  direction: 'credit' | 'debit';
  /** What the record did to the balance, unsigned (see RECORD_EFFECT_SQL). */
  amountCents: bigint;
  /** What the record says, when it differs from what moved (a Returned Check's shortfall). */
  statedCents: bigint;
  counterparty: string;
  purpose: string;
  balanceAfterCents: bigint;
  /** A check deposit's hold as it stands when the statement is issued (issue 28), else null. */
  hold: { status: 'active' | 'released' | 'returned'; availableAt: Date } | null;
}

export interface MonthlyStatement {
  period: StatementPeriod;
  holder: { fullName: string; accountNumber: string };
  openedAt: Date;
  openingCents: bigint;
  closingCents: bigint;
  moneyInCents: bigint;
  moneyOutCents: bigint;
  creditCount: number;
  debitCount: number;
  /** All records of the month. */
  recordCount: number;
  /** The first `recordsMax` (STATEMENT_RECORDS_MAX) of them, oldest first. */
  lines: StatementLine[];
}

interface Row {
  full_name: string;
  account_number: string | null;
  opened_at: Date | string;
  balance_cents: string;
  after_cents: string;
  month_cents: string;
  in_cents: string;
  out_cents: string;
  credits: number | string;
  debits: number | string;
  records: number | string;
  id: string | null;
  transaction_id: string | null;
  created_at: Date | string | null;
  type: string | null;
  direction: 'credit' | 'debit' | null;
  effect_cents: string | null;
  stated_cents: string | null;
  counterparty: string | null;
  purpose: string | null;
  running_cents: string | null;
  hold_status: 'active' | 'released' | 'returned' | null;
  hold_available_at: Date | string | null;
}

/**
 * A customer's statement for one month, in one statement (one snapshot, so its figures agree with
 * each other and with the ledger at that instant): the closing balance is the account's balance
 * less everything dated after the month; the opening is the closing less the month's movements;
 * each line's balance is the opening plus the lines up to it. Null: no such customer account.
 * The month must have begun and may not be before the account opened (the route checks).
 */
export async function readMonthlyStatement(
  db: ReadDatabase,
  userId: string,
  period: StatementPeriod,
  recordsMax = STATEMENT_RECORDS_MAX,
): Promise<MonthlyStatement | null> {
  const rows = await rowsOf<Row>(
    db,
    sql`with account as (
          select a.balance_cents, a.created_at as opened_at, p.first_name || ' ' || p.surname as full_name,
                 p.account_number
          from accounts a join profiles p on p.user_id = a.user_id
          where a.user_id = ${userId}::uuid and a.kind = 'customer'
        ),
        moved as (
          select r.id, coalesce(r.reference, r.transaction_id) as transaction_id, r.created_at,
                 case when r.direction = 'credit' and r.reference is not null
                   then ${RECEIVED_TRANSFER_TYPE} else r.type end as type,
                 r.direction, r.amount_cents, r.purpose,
                 case when r.direction = 'debit' then r.recipient_name else r.sender_name end as counterparty,
                 ${RECORD_EFFECT_SQL} as effect
          from transaction_records r
          where r.user_id = ${userId}::uuid and r.created_at >= ${period.start.toISOString()}::timestamptz
        ),
        month as (select * from moved where created_at < ${period.end.toISOString()}::timestamptz),
        totals as (
          select
            (select coalesce(sum(effect), 0) from moved where created_at >= ${period.end.toISOString()}::timestamptz) as after_cents,
            coalesce(sum(effect), 0) as month_cents,
            coalesce(sum(effect) filter (where direction = 'credit'), 0) as in_cents,
            coalesce(-sum(effect) filter (where direction = 'debit'), 0) as out_cents,
            count(*) filter (where direction = 'credit') as credits,
            count(*) filter (where direction = 'debit') as debits,
            count(*) as records
          from month
        ),
        lines as (
          select id, transaction_id, created_at, type, direction, effect, amount_cents, counterparty, purpose,
                 sum(effect) over (order by created_at, id) as running
          from month
          order by created_at, id
          limit ${recordsMax}
        )
        select account.full_name, account.account_number, account.opened_at,
               account.balance_cents::text as balance_cents, totals.after_cents::text as after_cents,
               totals.month_cents::text as month_cents, totals.in_cents::text as in_cents,
               totals.out_cents::text as out_cents, totals.credits, totals.debits, totals.records,
               lines.id::text as id, lines.transaction_id, lines.created_at, lines.type, lines.direction,
               lines.effect::text as effect_cents, lines.amount_cents::text as stated_cents,
               lines.counterparty, lines.purpose, lines.running::text as running_cents,
               h.status as hold_status, h.available_at as hold_available_at
        from account cross join totals left join lines on true
        left join deposit_holds h on h.record_id = lines.id
        order by lines.created_at, lines.id`,
  );
  const first = rows[0];
  if (!first) return null;
  const closingCents = BigInt(first.balance_cents) - BigInt(first.after_cents);
  const openingCents = closingCents - BigInt(first.month_cents);
  const moneyInCents = BigInt(first.in_cents);
  const moneyOutCents = BigInt(first.out_cents);
  // Paired with the ledger: the month's movements are exactly its money in less its money out.
  assert(openingCents + moneyInCents - moneyOutCents === closingCents, 'opening + in − out = closing');
  const lines: StatementLine[] = [];
  for (const row of rows) {
    // The left join's one row of a month without records; on a record's row every line field comes
    // from a not-null column, so a missing one is a bug in the query, not a blank to print.
    if (row.id === null) continue;
    const effect = BigInt(required(row.effect_cents, 'statement line effect_cents'));
    lines.push({
      id: row.id,
      transactionId: required(row.transaction_id, 'statement line transaction_id'),
      createdAt: requiredDate(row.created_at, 'statement line created_at'),
      type: required(row.type, 'statement line type'),
      direction: required(row.direction, 'statement line direction'),
      amountCents: effect < 0n ? -effect : effect,
      statedCents: BigInt(required(row.stated_cents, 'statement line stated_cents')),
      counterparty: required(row.counterparty, 'statement line counterparty'),
      purpose: required(row.purpose, 'statement line purpose'),
      balanceAfterCents: openingCents + BigInt(required(row.running_cents, 'statement line running_cents')),
      hold:
        row.hold_status && row.hold_available_at
          ? { status: row.hold_status, availableAt: new Date(row.hold_available_at) }
          : null,
    });
  }
  const recordCount = Number(first.records);
  if (recordCount <= recordsMax) {
    assert(lines.length === recordCount, 'every record of the month is listed');
    const last = lines[lines.length - 1];
    if (last) assert(last.balanceAfterCents === closingCents, 'the last line ends at the closing balance');
  }
  return {
    period,
    // A customer account's profile always has its number; only staff profiles have none.
    holder: {
      fullName: first.full_name,
      accountNumber: required(first.account_number, 'statement account_number'),
    },
    openedAt: new Date(first.opened_at),
    openingCents,
    closingCents,
    moneyInCents,
    moneyOutCents,
    creditCount: Number(first.credits),
    debitCount: Number(first.debits),
    recordCount,
    lines,
  };
}
