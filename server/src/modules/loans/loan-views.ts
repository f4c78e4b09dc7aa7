import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  employmentStatuses,
  formatAprThousandths,
  formatCents,
  illustrativeMonthlyPaymentCents,
  LOAN_ILLUSTRATIVE_APR_THOUSANDTHS,
  LOAN_PAGE_SIZE_MAX,
  LOAN_STATUS_HISTORY_SHOWN_MAX,
  loanStatuses,
  loanTypes,
  type AdminLoan,
  type AdminLoanDetail,
  type AdminLoanStatusChange,
  type CustomerLoan,
  type EmploymentStatus,
  type IllustrativeLoanEstimate,
  type LoanSource,
  type LoanStatus,
  type LoanStatusChange,
  type LoanType,
} from '@larkspur/contract';
import type { DbOrTx, ReadDatabase } from '../../db/client';
import { loanApplications, loanStatusHistory, profiles, transactionRecords } from '../../db/schema/index';
import { assert } from '../../lib/errors';
import { decodeInstantIdCursor, encodeInstantIdCursor } from '../../lib/keyset-cursor';

/**
 * Reading loans: rows → the API's views (customer and admin), status histories, and keyset pages.
 * Writes live in loan-service.ts; both use these so a loan reads the same after every change.
 */

export type LoanRow = typeof loanApplications.$inferSelect;

/** Stored text we wrote ourselves from a closed list; anything else is a bug, not bad input. */
function member<T extends string>(values: readonly T[], value: string, what: string): T {
  assert((values as readonly string[]).includes(value), `${what} is one of the known values: ${value}`);
  return value as T;
}
export const asLoanType = (value: string): LoanType => member(loanTypes, value, 'loan type');
export const asLoanStatus = (value: string): LoanStatus => member(loanStatuses, value, 'loan status');
const asEmploymentStatus = (value: string): EmploymentStatus =>
  member(employmentStatuses, value, 'employment status');

/** The illustrative payment at the product's illustrative APR; null without a term (inquiries). */
export function estimateOf(row: Pick<LoanRow, 'loanType' | 'amountCents' | 'termMonths'>) {
  if (row.termMonths === null) return null;
  const loanType = asLoanType(row.loanType);
  const paymentCents = illustrativeMonthlyPaymentCents(loanType, row.amountCents, row.termMonths);
  if (paymentCents === null) return null;
  const estimate: IllustrativeLoanEstimate = {
    illustrative: true,
    apr: formatAprThousandths(LOAN_ILLUSTRATIVE_APR_THOUSANDTHS[loanType]),
    monthlyPayment: formatCents(paymentCents),
  };
  return estimate;
}

// ——— Status histories ———

interface HistoryRow {
  id: number;
  loanId: string;
  fromStatus: string | null;
  toStatus: string;
  actorId: string | null;
  actorFirstName: string | null;
  actorSurname: string | null;
  reason: string | null;
  createdAt: Date;
}

/**
 * The newest LOAN_STATUS_HISTORY_SHOWN_MAX entries of each loan, oldest first: one query for a
 * whole page, bounded per loan however often staff have moved a loan back and forth.
 */
export async function loadHistories(db: DbOrTx, loanIds: string[]): Promise<Map<string, HistoryRow[]>> {
  const byLoan = new Map<string, HistoryRow[]>(loanIds.map((id) => [id, []]));
  if (loanIds.length === 0) return byLoan;
  assert(loanIds.length <= LOAN_PAGE_SIZE_MAX, 'histories are loaded for one page at a time');
  const ranked = db
    .select({
      id: loanStatusHistory.id,
      loanId: loanStatusHistory.loanId,
      fromStatus: loanStatusHistory.fromStatus,
      toStatus: loanStatusHistory.toStatus,
      actorId: loanStatusHistory.actorId,
      reason: loanStatusHistory.reason,
      createdAt: loanStatusHistory.createdAt,
      rank: sql<number>`row_number() over (partition by ${loanStatusHistory.loanId} order by ${loanStatusHistory.id} desc)`.as(
        'rank',
      ),
    })
    .from(loanStatusHistory)
    .where(inArray(loanStatusHistory.loanId, loanIds))
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      loanId: ranked.loanId,
      fromStatus: ranked.fromStatus,
      toStatus: ranked.toStatus,
      actorId: ranked.actorId,
      actorFirstName: profiles.firstName,
      actorSurname: profiles.surname,
      reason: ranked.reason,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .leftJoin(profiles, eq(profiles.userId, ranked.actorId))
    .where(lte(ranked.rank, LOAN_STATUS_HISTORY_SHOWN_MAX))
    .orderBy(asc(ranked.loanId), asc(ranked.id));
  for (const row of rows) byLoan.get(row.loanId)?.push(row);
  return byLoan;
}

function customerChange(row: HistoryRow, applicantId: string | null): LoanStatusChange {
  return {
    fromStatus: row.fromStatus === null ? null : asLoanStatus(row.fromStatus),
    toStatus: asLoanStatus(row.toStatus),
    by: row.actorId !== null && row.actorId === applicantId ? 'applicant' : 'bank',
    createdAt: row.createdAt.toISOString(),
  };
}

function adminChange(row: HistoryRow): AdminLoanStatusChange {
  return {
    id: row.id,
    fromStatus: row.fromStatus === null ? null : asLoanStatus(row.fromStatus),
    toStatus: asLoanStatus(row.toStatus),
    actorId: row.actorId,
    actorName: row.actorFirstName === null ? null : `${row.actorFirstName} ${row.actorSurname ?? ''}`.trim(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

// ——— Loans with what the views need beside the row ———

const loanWithParties = {
  loan: loanApplications,
  applicantFirstName: profiles.firstName,
  applicantSurname: profiles.surname,
  applicantAccountNumber: profiles.accountNumber,
  applicantStatus: profiles.status,
  disbursementTransactionId: transactionRecords.transactionId,
};

type LoanWithParties = {
  loan: LoanRow;
  applicantFirstName: string | null;
  applicantSurname: string | null;
  applicantAccountNumber: string | null;
  applicantStatus: 'active' | 'suspended' | 'closed' | null;
  disbursementTransactionId: string | null;
};

export interface LoanFilter {
  userId?: string;
  id?: string;
  status?: LoanStatus;
  loanType?: LoanType;
  source?: LoanSource;
}

/** Loans newest first, (created_at, id) keyset; `limit + 1` rows tell whether a next page exists. */
async function selectLoans(
  db: ReadDatabase,
  filter: LoanFilter,
  page: { cursor?: string; limit: number },
): Promise<{ rows: LoanWithParties[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(page.limit, 1), LOAN_PAGE_SIZE_MAX);
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(eq(loanApplications.id, filter.id));
  if (filter.userId !== undefined) where.push(eq(loanApplications.userId, filter.userId));
  if (filter.status !== undefined) where.push(eq(loanApplications.status, filter.status));
  if (filter.loanType !== undefined) where.push(eq(loanApplications.loanType, filter.loanType));
  if (filter.source !== undefined) where.push(eq(loanApplications.source, filter.source));
  if (page.cursor !== undefined) {
    // A cursor we did not make is bad input (400), never a 500.
    const c = decodeInstantIdCursor(page.cursor);
    where.push(
      sql`(${loanApplications.createdAt}, ${loanApplications.id}) < (${c.createdAt}, ${c.id}::uuid)`,
    );
  }
  const rows = await db
    .select(loanWithParties)
    .from(loanApplications)
    .leftJoin(profiles, eq(profiles.userId, loanApplications.userId))
    .leftJoin(transactionRecords, eq(transactionRecords.id, loanApplications.disbursementRecordId))
    .where(and(...where))
    // As the index `loan_applications_created_idx` holds it (docs/decisions/0044): a plain `desc` is
    // nulls first, which the index does not match, and every page sorted the whole table (0.1 s at
    // 20,000 loans, bench/admin-scale.ts). The columns are NOT NULL, so the order is the same.
    .orderBy(sql`${loanApplications.createdAt} desc nulls last`, sql`${loanApplications.id} desc nulls last`)
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor: rows.length > limit && last ? encodeInstantIdCursor(last.loan) : null,
  };
}

function toCustomerLoan(item: LoanWithParties, history: HistoryRow[]): CustomerLoan {
  const { loan } = item;
  // A customer's loan is always an application: these fields are required by POST /api/loans.
  assert(loan.source === 'application', 'customers see only their applications');
  assert(loan.termMonths !== null, 'an application has its term');
  assert(loan.purpose !== null, 'an application has its purpose');
  assert(loan.annualIncomeCents !== null, 'an application has the annual income');
  assert(loan.employmentStatus !== null, 'an application has the employment status');
  assert(loan.userId !== null, 'an application has its applicant');

  return {
    id: loan.id,
    userId: loan.userId,
    loanType: asLoanType(loan.loanType),
    loanAmount: formatCents(loan.amountCents),
    termMonths: loan.termMonths,
    purpose: loan.purpose,
    annualIncome: formatCents(loan.annualIncomeCents),
    employmentStatus: asEmploymentStatus(loan.employmentStatus),
    status: asLoanStatus(loan.status),
    estimate: estimateOf(loan),
    disbursementTransactionId: item.disbursementTransactionId,
    statusHistory: history.map((h) => customerChange(h, loan.userId)),
    createdAt: loan.createdAt.toISOString(),
    updatedAt: loan.updatedAt.toISOString(),
  };
}

function toAdminLoan(item: LoanWithParties): AdminLoan {
  const { loan } = item;
  const hasContact = loan.contactName !== null && loan.contactEmail !== null && loan.contactPhone !== null;
  return {
    id: loan.id,
    source: loan.source,
    userId: loan.userId,
    loanType: asLoanType(loan.loanType),
    loanAmount: formatCents(loan.amountCents),
    status: asLoanStatus(loan.status),
    termMonths: loan.termMonths,
    purpose: loan.purpose,
    annualIncome: loan.annualIncomeCents === null ? null : formatCents(loan.annualIncomeCents),
    employmentStatus: loan.employmentStatus === null ? null : asEmploymentStatus(loan.employmentStatus),
    applicant:
      item.applicantFirstName !== null && item.applicantStatus !== null
        ? {
            name: `${item.applicantFirstName} ${item.applicantSurname ?? ''}`.trim(),
            accountNumber: item.applicantAccountNumber,
            status: item.applicantStatus,
          }
        : null,
    contact: hasContact
      ? { name: loan.contactName ?? '', email: loan.contactEmail ?? '', phone: loan.contactPhone ?? '' }
      : null,
    estimate: estimateOf(loan),
    disbursementTransactionId: item.disbursementTransactionId,
    createdAt: loan.createdAt.toISOString(),
    updatedAt: loan.updatedAt.toISOString(),
  };
}

/** One page of a customer's own applications, each with its status history. */
export async function customerLoanPage(
  db: DbOrTx,
  userId: string,
  query: { cursor?: string; limit: number; status?: LoanStatus },
): Promise<{ items: CustomerLoan[]; nextCursor: string | null }> {
  const { rows, nextCursor } = await selectLoans(
    db,
    { userId, status: query.status },
    { cursor: query.cursor, limit: query.limit },
  );
  const histories = await loadHistories(
    db,
    rows.map((r) => r.loan.id),
  );
  return { items: rows.map((r) => toCustomerLoan(r, histories.get(r.loan.id) ?? [])), nextCursor };
}

/** One of a customer's own applications, or null (someone else's is null too). */
export async function customerLoan(db: DbOrTx, userId: string, loanId: string): Promise<CustomerLoan | null> {
  const { rows } = await selectLoans(db, { userId, id: loanId }, { limit: 1 });
  const row = rows[0];
  if (!row) return null;
  const histories = await loadHistories(db, [loanId]);
  return toCustomerLoan(row, histories.get(loanId) ?? []);
}

/** One page of every application and inquiry, for the back office. */
export async function adminLoanPage(
  db: ReadDatabase,
  query: { cursor?: string; limit: number; status?: LoanStatus; loanType?: LoanType; source?: LoanSource },
): Promise<{ items: AdminLoan[]; nextCursor: string | null }> {
  const { cursor, limit, ...filter } = query;
  const { rows, nextCursor } = await selectLoans(db, filter, { cursor, limit });
  return { items: rows.map(toAdminLoan), nextCursor };
}

/** Any loan with its full (bounded) status history, or null. */
export async function adminLoanDetail(db: DbOrTx, loanId: string): Promise<AdminLoanDetail | null> {
  const { rows } = await selectLoans(db, { id: loanId }, { limit: 1 });
  const row = rows[0];
  if (!row) return null;
  const histories = await loadHistories(db, [loanId]);
  return { ...toAdminLoan(row), statusHistory: (histories.get(loanId) ?? []).map(adminChange) };
}
