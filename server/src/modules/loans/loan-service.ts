import { and, count, eq, inArray } from 'drizzle-orm';
import {
  formatCents,
  isApprovable,
  isAwaitingDecision,
  LOAN_AMOUNT_MIN_CENTS,
  LOAN_ANNUAL_INCOME_MAX_CENTS,
  LOAN_OPEN_APPLICATIONS_MAX,
  LOAN_STATUS_APPROVED,
  LOAN_STATUS_CANCELLED,
  LOAN_STATUS_PENDING,
  LOAN_STATUS_REJECTED,
  loanAmountMaxCents,
  loanAwaitingDecisionStatuses,
  parseAmountToCents,
  type AdminLoanApproveResponse,
  type AdminLoanDetail,
  type AdminLoanStatusRequest,
  type CustomerLoan,
  type ErrorCode,
  type LoanApplicationRequest,
  type LoanSource,
  type LoanStatus,
} from '@larkspur/contract';
import type { Database, ReadDatabase, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { loanApplications, loanStatusHistory, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { assert } from '../../lib/errors';
import type { UserService } from '../users/index';
import type { AuditLog } from '../audit/index';
import type { BankingService } from '../ledger/index';
import { Rejection, runIdempotent, type StoredAnswer } from '../../lib/idempotency';
import type { Outbox } from '../email/index';
import type { EmailBrand } from '../email/index';
import type { RenderedEmail } from '../email/index';
import { loanApplicant, renderLoanApproved, renderLoanRejected } from './loan-emails';
import { isNewlyAppointed } from '../staff/index';
import {
  adminLoanDetail,
  adminLoanPage,
  asLoanStatus,
  asLoanType,
  customerLoan,
  customerLoanPage,
  type LoanRow,
} from './loan-views';

/** Why the first history row of an application exists. */
export const APPLICATION_HISTORY_REASON = 'Application submitted by the customer';

/** A refusal the route answers with the catalogue's status and message; nothing was written. */
export interface LoanRefusal<C extends ErrorCode> {
  status: 'refused';
  code: C;
}
const refuse = <C extends ErrorCode>(code: C): LoanRefusal<C> => ({ status: 'refused', code });

export type ApplyOutcome =
  { status: 'created'; loan: CustomerLoan } | LoanRefusal<'USER_NOT_FOUND' | 'LOAN_OPEN_APPLICATIONS_LIMIT'>;
export type CancelOutcome =
  { status: 'cancelled'; loan: CustomerLoan } | LoanRefusal<'LOAN_NOT_FOUND' | 'LOAN_NOT_PENDING'>;
export type SetStatusOutcome =
  | { status: 'updated'; loan: AdminLoanDetail }
  | LoanRefusal<
      'LOAN_APPROVE_VIA_APPROVE' | 'LOAN_NOT_FOUND' | 'LOAN_APPROVED_FINAL' | 'LOAN_STATUS_UNCHANGED'
    >;

/**
 * Loans: a customer applies, lists and cancels; staff list, change the status and approve. Every
 * change is one database transaction that locks the loan row, checks the rules against what it
 * locked, and writes the loan, a status-history row and an audit row together. Approval also pays
 * the loan out through the ledger in that same transaction (docs/decisions/0031).
 */
export function createLoanService(deps: {
  db: Database;
  /** The admin's loan list only (decision 0107); the primary when not given. */
  readDb?: ReadDatabase;
  clock: Clock;
  banking: Pick<BankingService, 'disburseLoan'>;
  audit: AuditLog;
  users: Pick<UserService, 'profilesChanged'>;
  /**
   * Where decision emails go (issue 28, decision 0198): queued in the decision's transaction. The
   * demo seed passes none — its history is imported, not happening now.
   */
  mail?: { outbox: Pick<Outbox, 'enqueueEmail'>; brand: EmailBrand; nudge?: () => void };
}) {
  const { db, clock, banking, audit, users, mail } = deps;

  /** The applicant's decision email, in `tx`; nothing for a visitor inquiry or a closed customer. */
  async function emailDecision(
    tx: Tx,
    loan: LoanRow,
    render: (
      applicant: { email: string; name: string; accountNumber: string },
      brand: EmailBrand,
    ) => RenderedEmail,
  ): Promise<boolean> {
    if (!mail || loan.userId === null) return false;
    const applicant = await loanApplicant(tx, loan.userId);
    if (!applicant) return false;
    await mail.outbox.enqueueEmail(tx, { to: applicant.email, ...render(applicant, mail.brand) });
    return true;
  }

  /** The loan row, locked until the transaction ends: concurrent changes of one loan queue here. */
  async function lockLoan(tx: Tx, where: { id: string; userId?: string }): Promise<LoanRow | null> {
    const [row] = await tx
      .select()
      .from(loanApplications)
      .where(
        and(
          eq(loanApplications.id, where.id),
          where.userId === undefined ? undefined : eq(loanApplications.userId, where.userId),
        ),
      )
      .for('update')
      .limit(1);
    return row ?? null;
  }

  async function moveStatus(
    tx: Tx,
    loan: LoanRow,
    change: { to: LoanStatus; actorId: string; reason: string | null; disbursementRecordId?: string },
  ): Promise<void> {
    const now = clock.now();
    const updated = await tx
      .update(loanApplications)
      .set({
        status: change.to,
        updatedAt: now,
        ...(change.disbursementRecordId === undefined
          ? {}
          : { disbursementRecordId: change.disbursementRecordId }),
      })
      .where(eq(loanApplications.id, loan.id))
      .returning({ id: loanApplications.id });
    assert(updated.length === 1, 'the locked loan still exists');
    await tx.insert(loanStatusHistory).values({
      loanId: loan.id,
      fromStatus: loan.status,
      toStatus: change.to,
      actorId: change.actorId,
      reason: change.reason,
      createdAt: now,
    });
  }

  /**
   * Whether the applicant can still be paid: a customer profile that is not closed. Profiles are
   * never deleted, so a closed account is how a customer leaves the bank (docs/decisions/0031).
   */
  async function applicantExists(tx: Tx, userId: string): Promise<boolean> {
    const [profile] = await tx
      .select({ role: profiles.role, status: profiles.status, accountNumber: profiles.accountNumber })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1);
    return (
      profile !== undefined &&
      profile.role === 'user' &&
      profile.accountNumber !== null &&
      profile.status !== 'closed'
    );
  }

  return {
    /** POST /api/loans: a Pending application with its first history row. */
    async apply(actor: Actor, input: LoanApplicationRequest): Promise<ApplyOutcome> {
      // The schema has checked every range; a value outside them here is a bug.
      const amountCents = parseAmountToCents(input.loanAmount);
      const incomeCents = parseAmountToCents(input.annualIncome);
      assert(amountCents !== null, 'a validated application has an amount');
      assert(amountCents >= LOAN_AMOUNT_MIN_CENTS, 'the amount is at least the minimum');
      assert(amountCents <= loanAmountMaxCents[input.loanType], 'the amount is within the product maximum');
      assert(incomeCents !== null, 'a validated application has an income');
      assert(incomeCents <= LOAN_ANNUAL_INCOME_MAX_CENTS, 'the income is within its maximum');

      return db.transaction(async (tx): Promise<ApplyOutcome> => {
        // Locking the applicant's profile row serialises one customer's applications, so the cap
        // on open applications holds even when two are sent at once.
        const [applicant] = await tx
          .select({ userId: profiles.userId, role: profiles.role })
          .from(profiles)
          .where(eq(profiles.userId, actor.userId))
          .for('no key update')
          .limit(1);
        if (!applicant || applicant.role !== 'user') return refuse('USER_NOT_FOUND');
        const [open] = await tx
          .select({ n: count() })
          .from(loanApplications)
          .where(
            and(
              eq(loanApplications.userId, actor.userId),
              inArray(loanApplications.status, [...loanAwaitingDecisionStatuses]),
            ),
          );
        if ((open?.n ?? 0) >= LOAN_OPEN_APPLICATIONS_MAX) return refuse('LOAN_OPEN_APPLICATIONS_LIMIT');

        const now = clock.now();
        const [row] = await tx
          .insert(loanApplications)
          .values({
            userId: actor.userId,
            source: 'application' satisfies LoanSource,
            loanType: input.loanType,
            amountCents,
            termMonths: input.termMonths,
            purpose: input.purpose,
            annualIncomeCents: incomeCents,
            employmentStatus: input.employmentStatus,
            status: LOAN_STATUS_PENDING,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: loanApplications.id });
        assert(row, 'insert returns the new row');
        await tx.insert(loanStatusHistory).values({
          loanId: row.id,
          fromStatus: null,
          toStatus: LOAN_STATUS_PENDING,
          actorId: actor.userId,
          reason: APPLICATION_HISTORY_REASON,
          createdAt: now,
        });
        await audit.record(tx, {
          action: 'loan.apply',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'user',
          subjectType: 'loan',
          subjectId: row.id,
          ip: actor.ip,
          details: {
            loanType: input.loanType,
            loanAmount: formatCents(amountCents),
            termMonths: input.termMonths,
          },
        });
        const loan = await customerLoan(tx, actor.userId, row.id);
        assert(loan, 'the new application reads back');
        return { status: 'created', loan };
      });
    },

    listForCustomer: (userId: string, query: Parameters<typeof customerLoanPage>[2]) =>
      customerLoanPage(db, userId, query),

    getForCustomer: (userId: string, loanId: string) => customerLoan(db, userId, loanId),

    /**
     * POST /api/loans/:id/cancel: the applicant withdraws an application awaiting a decision.
     * Someone else's loan is answered exactly like a missing one.
     */
    async cancel(actor: Actor, loanId: string, input: { reason?: string }): Promise<CancelOutcome> {
      return db.transaction(async (tx): Promise<CancelOutcome> => {
        const loan = await lockLoan(tx, { id: loanId, userId: actor.userId });
        if (!loan) return refuse('LOAN_NOT_FOUND');
        if (!isAwaitingDecision(loan.status)) return refuse('LOAN_NOT_PENDING');
        await moveStatus(tx, loan, {
          to: LOAN_STATUS_CANCELLED,
          actorId: actor.userId,
          reason: input.reason ?? null,
        });
        await audit.record(tx, {
          action: 'loan.cancel',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'user',
          subjectType: 'loan',
          subjectId: loan.id,
          ip: actor.ip,
          reason: input.reason ?? null,
          details: { before: { status: loan.status }, after: { status: LOAN_STATUS_CANCELLED } },
        });
        const updated = await customerLoan(tx, actor.userId, loan.id);
        assert(updated, 'the cancelled loan reads back');
        return { status: 'cancelled', loan: updated };
      });
    },

    listForAdmin: (query: Parameters<typeof adminLoanPage>[1]) => adminLoanPage(deps.readDb ?? db, query),

    getForAdmin: (loanId: string) => adminLoanDetail(db, loanId),

    /**
     * PATCH /api/admin/loans/:id: any status but Approved (DESIGN §0: approval pays out, so it
     * has its own call), and never away from Approved: that money has been paid.
     */
    async setStatus(
      actor: Actor,
      loanId: string,
      input: Pick<AdminLoanStatusRequest, 'status' | 'reason'>,
    ): Promise<SetStatusOutcome> {
      if (input.status === LOAN_STATUS_APPROVED) return refuse('LOAN_APPROVE_VIA_APPROVE');
      const to = input.status;
      let mailed = false;
      const outcome = await db.transaction(async (tx): Promise<SetStatusOutcome> => {
        const loan = await lockLoan(tx, { id: loanId });
        if (!loan) return refuse('LOAN_NOT_FOUND');
        if (loan.status === LOAN_STATUS_APPROVED) return refuse('LOAN_APPROVED_FINAL');
        if (loan.status === to) return refuse('LOAN_STATUS_UNCHANGED');
        await moveStatus(tx, loan, { to, actorId: actor.userId, reason: input.reason });
        // A rejection is a decision the customer hears of, with the reason the bank may give.
        if (to === LOAN_STATUS_REJECTED) {
          mailed = await emailDecision(tx, loan, (applicant, brand) =>
            renderLoanRejected(
              {
                to: applicant.email,
                name: applicant.name,
                loanType: loan.loanType,
                amountCents: loan.amountCents,
                now: clock.now(),
              },
              brand,
            ),
          );
        }
        await audit.record(tx, {
          action: 'admin.loan_status',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'loan',
          subjectId: loan.id,
          ip: actor.ip,
          reason: input.reason,
          details: { userId: loan.userId, before: { status: loan.status }, after: { status: to } },
        });
        const updated = await adminLoanDetail(tx, loan.id);
        assert(updated, 'the changed loan reads back');
        return { status: 'updated', loan: updated };
      });
      if (mailed) mail?.nudge?.();
      return outcome;
    },

    /**
     * POST /api/admin/loans/:id/approve. product §5 in its order — an applicant, who still exists,
     * and a loan in Pending (not Under Review: product §4) — checked against the locked row, then in the same
     * transaction: the payout (ledger), Approved, the history row and the audit row. A second
     * approval waits on the lock, then sees Approved: "Loan is no longer pending." Rejections
     * go through `Rejection` so that the transaction rolls back and a retried key gets the same
     * answer (idempotency.ts).
     */
    async approve(
      actor: Actor,
      loanId: string,
      input: { reason?: string },
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      let paid: string | null = null;
      const stored = await runIdempotent(
        { db, clock },
        { scope: `${actor.userId}:loan_approve:${loanId}`, key: idempotencyKey, request: input },
        async (tx) => {
          const loan = await lockLoan(tx, { id: loanId });
          if (!loan) throw new Rejection('LOAN_NOT_FOUND');
          // Decision 0210: a payout is money leaving the bank on one person's word.
          if (await isNewlyAppointed(tx, actor.userId, clock.now()))
            throw new Rejection('LOAN_APPROVER_TOO_NEW');
          if (loan.userId === null) throw new Rejection('ANONYMOUS_LOAN');
          if (!(await applicantExists(tx, loan.userId))) throw new Rejection('LOAN_USER_GONE');
          if (!isApprovable(loan.status)) throw new Rejection('LOAN_NOT_PENDING');
          assert(loan.source === 'application', 'a loan with an applicant is an application');

          const loanType = asLoanType(loan.loanType);
          const payout = await banking.disburseLoan(tx, {
            userId: loan.userId,
            amountCents: loan.amountCents,
            loanType,
            actorId: actor.userId,
          });
          assert(
            parseAmountToCents(payout.answer.body.transaction.amount) === loan.amountCents,
            'the payout is exactly the loan amount',
          );
          await moveStatus(tx, loan, {
            to: LOAN_STATUS_APPROVED,
            actorId: actor.userId,
            reason: input.reason ?? null,
            disbursementRecordId: payout.recordId,
          });
          await audit.record(tx, {
            action: 'admin.loan_approve',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'loan',
            subjectId: loan.id,
            ip: actor.ip,
            reason: input.reason ?? null,
            details: {
              userId: loan.userId,
              loanType,
              loanAmount: formatCents(loan.amountCents),
              transactionId: payout.answer.body.transaction.transactionId,
              before: { status: asLoanStatus(loan.status) },
              after: { status: LOAN_STATUS_APPROVED },
            },
          });
          const approved = await adminLoanDetail(tx, loan.id);
          assert(approved, 'the approved loan reads back');
          const body: AdminLoanApproveResponse = {
            loan: approved,
            transaction: payout.answer.body.transaction,
          };
          await emailDecision(tx, loan, (applicant, brand) =>
            renderLoanApproved(
              {
                to: applicant.email,
                name: applicant.name,
                loanType,
                amountCents: loan.amountCents,
                accountNumber: applicant.accountNumber,
                reference: payout.answer.body.transaction.transactionId,
                now: clock.now(),
              },
              brand,
            ),
          );
          paid = loan.userId;
          return { statusCode: 200, body };
        },
      );
      // After the commit: the applicant's live views show the payout (decision 0017).
      if (paid !== null) {
        users.profilesChanged([paid]);
        mail?.nudge?.();
      }
      return stored;
    },
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
