import { formatCents, LOAN_STATUS_PENDING, parseAmountToCents, type LoanInquiry } from '@larkspur/contract';
import type { Database } from '../../db/client';
import { loanApplications, loanStatusHistory } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { assert } from '../../lib/errors';

/** Why the history row exists: staff reading a loan's trail see where it came from. */
export const INQUIRY_HISTORY_REASON = 'Visitor inquiry from a public loan page';

export interface CreatedInquiry {
  id: string;
  status: typeof LOAN_STATUS_PENDING;
  loanType: LoanInquiry['loanType'];
  amount: string;
  createdAt: string;
}

export interface LoanInquiryService {
  /** Stores a validated inquiry as a Pending, anonymous loan application with its first history row. */
  submit(inquiry: LoanInquiry): Promise<CreatedInquiry>;
}

export function createLoanInquiryService(deps: { db: Database; clock: Clock }): LoanInquiryService {
  const { db, clock } = deps;
  return {
    async submit(inquiry) {
      // The schema has already refused malformed and out-of-range amounts; only a bug gets here.
      const amountCents = parseAmountToCents(inquiry.amount);
      assert(amountCents !== null && amountCents > 0n, 'a validated inquiry has a positive amount');
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(loanApplications)
          .values({
            userId: null,
            source: 'inquiry',
            loanType: inquiry.loanType,
            amountCents,
            contactName: inquiry.name,
            contactEmail: inquiry.email,
            contactPhone: inquiry.phone,
            status: LOAN_STATUS_PENDING,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: loanApplications.id, createdAt: loanApplications.createdAt });
        assert(row !== undefined, 'insert returns the new row');
        await tx.insert(loanStatusHistory).values({
          loanId: row.id,
          fromStatus: null,
          toStatus: LOAN_STATUS_PENDING,
          actorId: null,
          reason: INQUIRY_HISTORY_REASON,
          createdAt: now,
        });
        return {
          id: row.id,
          status: LOAN_STATUS_PENDING,
          loanType: inquiry.loanType,
          amount: formatCents(amountCents),
          createdAt: row.createdAt.toISOString(),
        };
      });
    },
  };
}
