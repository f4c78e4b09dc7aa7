import { statementMonths } from '@larkspur/contract';

/** Months offered in the statement picker: ten years; an older statement is one URL away. */
export const STATEMENT_MONTHS_LISTED_MAX = 120;

/**
 * GET /api/me/statements/:month.pdf — the monthly statement. A plain link, so the browser downloads
 * it (with the session cookie) and shows its own progress; the server answers `no-store`.
 */
export function statementPdfUrl(month: string): string {
  return `/api/me/statements/${encodeURIComponent(month)}.pdf`;
}

/** GET /api/me/transactions/:id/receipt.pdf — one record's receipt, as a plain download link. */
export function receiptPdfUrl(id: string): string {
  return `/api/me/transactions/${encodeURIComponent(id)}/receipt.pdf`;
}

/** The months with a statement, newest first: from the account's opening month to this month. */
export function statementMonthOptions(openedAt: string, now: Date): string[] {
  const opened = new Date(openedAt);
  if (Number.isNaN(opened.getTime())) return [];
  return statementMonths(opened, now, STATEMENT_MONTHS_LISTED_MAX);
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "November 2026", or "November 2026 (to date)" for the month still running. */
export function statementMonthLabel(month: string, current: boolean): string {
  const name = monthName.format(new Date(`${month}-01T00:00:00.000Z`));
  return current ? `${name} (to date)` : name;
}
