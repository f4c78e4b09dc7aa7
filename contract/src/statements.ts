import type { z } from 'zod';
import { moneySchema } from './money';
import { pageOf, transactionRecordSchema } from './banking';

/**
 * Monthly statements, receipts and the running balance (issue 18, decisions 0161–0163).
 */

/** `:month` of `GET /api/me/statements/:month.pdf`: a calendar month, UTC, as `YYYY-MM`. */
export const STATEMENT_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The longest `:month` the route reads; anything longer is refused before it is parsed. */
export const STATEMENT_MONTH_LENGTH_MAX = 7;

/**
 * Most records one statement lists (decision 0163). The totals, the opening and the closing
 * balance always cover the whole month; a month with more records says so on its first page and
 * points to the CSV of the month, which lists them all.
 */
export const STATEMENT_RECORDS_MAX = 5_000;

/**
 * A record in the customer's own list, with the account's balance right after it (decision 0162):
 * the balance over every record of the account up to and including this one in date order
 * (`created_at`, then id), whatever filter chose the page.
 */
export const customerTransactionRecordSchema = transactionRecordSchema.extend({
  balanceAfter: moneySchema,
});
export type CustomerTransactionRecord = z.infer<typeof customerTransactionRecordSchema>;

export const customerTransactionPageSchema = pageOf(customerTransactionRecordSchema);

/** `YYYY-MM` of a date, in UTC (statements are UTC calendar months). */
export function statementMonthOf(date: Date): string {
  return `${date.getUTCFullYear().toString().padStart(4, '0')}-${(date.getUTCMonth() + 1)
    .toString()
    .padStart(2, '0')}`;
}

/**
 * The months a customer can download, newest first: from the month the account opened to the
 * month of `now`, at most `limit` of them.
 */
export function statementMonths(openedAt: Date, now: Date, limit: number): string[] {
  const months: string[] = [];
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  const firstYear = openedAt.getUTCFullYear();
  const firstMonth = openedAt.getUTCMonth();
  while (months.length < limit && (year > firstYear || (year === firstYear && month >= firstMonth))) {
    months.push(statementMonthOf(new Date(Date.UTC(year, month, 1))));
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
  }
  return months;
}
