import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoanApproveResponse } from '@larkspur/contract';
import { outboxMessages } from '../../db/schema/index';
import {
  appliedLoanId,
  approve,
  buildLoanTestBed,
  customer,
  setStatus,
  validApplication,
  type LoanTestBed,
} from '../../test/loans';

/**
 * Issue 28 point 14: a loan decision reached the customer only as a "Deposit" credit alert (an
 * approval) or not at all (a rejection). Each decision is emailed, in the transaction that makes
 * it (decision 0198): approved with the amount and where it went; rejected with the reason the
 * bank may give — never the staff's own note.
 */
let bed: LoanTestBed;
beforeAll(async () => {
  bed = await buildLoanTestBed();
});
afterAll(async () => {
  await bed.close();
});

async function decisionMails(email: string) {
  return bed.t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.toEmail, email),
        inArray(outboxMessages.template, ['loan-approved', 'loan-rejected']),
      ),
    )
    .orderBy(asc(outboxMessages.id));
}

describe('a loan decision is emailed', () => {
  it('approved: the amount, the loan, the account it was paid into and the reference — once, however many approvals race', async () => {
    const kim = await customer(bed);
    const id = await appliedLoanId(
      bed,
      kim,
      validApplication({ loanType: 'Personal Loan', loanAmount: '12345.67', termMonths: 36 }),
    );
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        approve(bed, id, {
          app: i % 2 === 0 ? bed.t.app : bed.peer,
          body: { reason: 'Staff note: income ok' },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const { transaction } = ok[0]!.json<AdminLoanApproveResponse>();

    const mails = await decisionMails(kim.email);
    expect(mails.map((m) => m.template)).toEqual(['loan-approved']);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Larkspur Bank: your Personal Loan is approved');
    expect(mail.text).toContain('$12,345.67');
    expect(mail.text).toContain(`ending ${kim.accountNumber.slice(-4)}`);
    expect(mail.text).toContain(transaction.transactionId);
    expect(mail.html).toContain('$12,345.67');
    // The staff's note is for the history and the audit log, not the customer.
    expect(mail.text).not.toContain('Staff note');
    expect(mail.params).toMatchObject({
      to_email: kim.email,
      amount: '$12,345.67',
      reference: transaction.transactionId,
    });
  });

  it('rejected: the reason the bank may give, not the staff note; other status changes send none', async () => {
    const lee = await customer(bed);
    const id = await appliedLoanId(
      bed,
      lee,
      validApplication({ loanType: 'Auto Loan', loanAmount: '9000.00' }),
    );
    expect((await setStatus(bed, id, 'Under Review', 'Pay slips requested')).statusCode).toBe(200);
    expect(await decisionMails(lee.email)).toEqual([]);
    expect((await setStatus(bed, id, 'Rejected', 'Internal: fraud score 87, do not tell')).statusCode).toBe(
      200,
    );

    const mails = await decisionMails(lee.email);
    expect(mails.map((m) => m.template)).toEqual(['loan-rejected']);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Larkspur Bank: your Auto Loan application');
    expect(mail.text).toContain('we are not able to offer you this Auto Loan of $9,000.00');
    expect(mail.text).toContain('/support/contact');
    expect(mail.text).not.toContain('fraud score');
    expect(mail.html).not.toContain('fraud score');
    expect(JSON.stringify(mail.params)).not.toContain('do not tell');
  });
});
