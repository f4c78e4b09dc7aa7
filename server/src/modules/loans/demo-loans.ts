import type { Database } from '../../db/client';
import type { ManualClock } from '../../lib/clock';
import { assert } from '../../lib/errors';
import { createAuditLog } from '../audit/index';
import type { BankingService } from '../ledger/index';
import { createLoanInquiryService } from './inquiry-service';
import { createLoanService } from './loan-service';

const DAY_MS = 86_400_000;

/**
 * The demo's loans, as the `extra` step of `seedDemoHistory` (its clock walks the past): Jane's auto
 * loan, applied for, reviewed and approved — paid out through the ledger — a month ago; Marcus's
 * personal loan awaiting a decision; a visitor's mortgage inquiry. Written through the loan
 * service, so they have the history and audit rows of real ones.
 */
export function seedDemoLoans(deps: { db: Database; adminId: string }) {
  return async (
    banking: Pick<BankingService, 'disburseLoan'>,
    clock: ManualClock,
    customers: ReadonlyArray<{ userId: string }>,
  ): Promise<void> => {
    const [jane, marcus] = customers;
    if (!jane || !marcus) return;
    const end = clock.now().getTime();
    const daysAgo = (days: number) => clock.set(new Date(end - days * DAY_MS));
    // Seeded before anyone is signed in: no live view to nudge.
    const loans = createLoanService({
      db: deps.db,
      clock,
      banking,
      audit: createAuditLog({ clock }),
      users: { profilesChanged: () => undefined },
    });
    const staff = { userId: deps.adminId, ip: null };

    daysAgo(34);
    const auto = await loans.apply(
      { userId: jane.userId, ip: null },
      {
        loanType: 'Auto Loan',
        loanAmount: '18500.00',
        termMonths: 60,
        purpose: 'A used hybrid to replace our 2009 sedan',
        annualIncome: '86000',
        employmentStatus: 'Employed',
      },
    );
    assert(auto.status === 'created', 'the demo auto loan application is accepted');
    daysAgo(33);
    const review = await loans.setStatus(staff, auto.loan.id, {
      status: 'Under Review',
      reason: 'Pay slips and vehicle details requested',
    });
    assert(review.status === 'updated', 'the demo auto loan goes under review');
    daysAgo(32);
    // product §4: approval only from Pending, so the finished checks move it back first.
    const checked = await loans.setStatus(staff, auto.loan.id, {
      status: 'Pending',
      reason: 'Pay slips and vehicle details received',
    });
    assert(checked.status === 'updated', 'the demo auto loan is back to Pending after its checks');
    const approval = await loans.approve(
      staff,
      auto.loan.id,
      { reason: 'Income and vehicle verified' },
      null,
    );
    assert(approval.statusCode === 200, 'the demo auto loan is approved');

    daysAgo(3);
    const personal = await loans.apply(
      { userId: marcus.userId, ip: null },
      {
        loanType: 'Personal Loan',
        loanAmount: '8000.00',
        termMonths: 36,
        purpose: 'Consolidating two credit cards',
        annualIncome: '64000',
        employmentStatus: 'Self-employed',
      },
    );
    assert(personal.status === 'created', 'the demo personal loan application is accepted');

    daysAgo(1);
    await createLoanInquiryService({ db: deps.db, clock }).submit({
      name: 'Priya Raman',
      email: 'priya.raman@example.com',
      phone: '+1 (555) 010-7788',
      loanType: 'Mortgage',
      amount: '420000',
    });
    clock.set(new Date(end));
  };
}
