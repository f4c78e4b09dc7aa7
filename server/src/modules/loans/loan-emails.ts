import type { DbOrTx } from '../../db/client';
import { bodies, formatAlertDate, formatMoney, oneLine, type EmailBrand } from '../email/index';
import type { EmailTemplateName, RenderedEmail } from '../email/index';
import { loadCustomer } from '../ledger/index';

/**
 * The emails of a loan decision (issue 28 point 14, decision 0198): until then an approval reached
 * the customer only as a "Deposit" credit alert and a rejection not at all. Queued in the decision's
 * own transaction, so one decision is one email however many staff race to make it.
 */

export const LOAN_APPROVED_TEMPLATE = 'loan-approved' satisfies EmailTemplateName;
export const LOAN_REJECTED_TEMPLATE = 'loan-rejected' satisfies EmailTemplateName;

/**
 * What a rejection tells the customer. Staff write a reason for the history and the audit log, which
 * may hold what a bank must not disclose (fraud-prevention or credit-reference findings), so the
 * customer gets the reason the bank may always give, and the way to ask for more.
 */
export const LOAN_REJECTION_REASON =
  'it does not meet our lending criteria at this time, based on the details in your application and our checks. We cannot always share every part of a lending decision (for example, what fraud-prevention checks found).';

interface DecisionBase {
  to: string;
  name: string;
  loanType: string;
  amountCents: bigint;
  now: Date;
}

const year = (now: Date) => String(now.getUTCFullYear());

/** Approved: the amount, the account it was paid into (last four digits), the payout's reference. */
export function renderLoanApproved(
  input: DecisionBase & { accountNumber: string; reference: string },
  brand: EmailBrand,
): RenderedEmail {
  const amount = formatMoney(input.amountCents);
  const account = `ending ${input.accountNumber.slice(-4)}`;
  const subject = oneLine(`${brand.bankName}: your ${input.loanType} is approved`);
  return {
    template: LOAN_APPROVED_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: `Your ${input.loanType} is approved`,
      year: year(input.now),
      paragraphsBefore: [
        `Hello ${oneLine(input.name)},`,
        `Good news: your ${input.loanType} of ${amount} is approved, and the money has been paid into your ${brand.bankName} account ${account}. You can spend it now.`,
      ],
      rows: [
        { label: 'Loan', value: input.loanType },
        { label: 'Amount paid', value: amount },
        { label: 'Paid into', value: `Account ${account}` },
        { label: 'Reference', value: input.reference },
        { label: 'Date', value: formatAlertDate(input.now) },
      ],
      paragraphsAfter: [
        `Your loan and its repayments are under Loans in your dashboard: ${brand.publicOrigin}/user/dashboard/loans`,
      ],
    }),
    params: {
      to_email: input.to,
      subject,
      name: oneLine(input.name),
      loan_type: input.loanType,
      amount,
      account,
      reference: input.reference,
      date: formatAlertDate(input.now),
      year: year(input.now),
      from_name: brand.fromName,
    },
  };
}

/** Rejected: the loan, and the reason the bank may give (never the staff's note). */
export function renderLoanRejected(input: DecisionBase, brand: EmailBrand): RenderedEmail {
  const amount = formatMoney(input.amountCents);
  const subject = oneLine(`${brand.bankName}: your ${input.loanType} application`);
  const contact = `${brand.publicOrigin}/support/contact`;
  return {
    template: LOAN_REJECTED_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: `Your ${input.loanType} application`,
      year: year(input.now),
      paragraphsBefore: [
        `Hello ${oneLine(input.name)},`,
        `Thank you for applying. We are sorry: we are not able to offer you this ${input.loanType} of ${amount}, because ${LOAN_REJECTION_REASON}`,
      ],
      rows: [
        { label: 'Loan', value: input.loanType },
        { label: 'Amount asked for', value: amount },
        { label: 'Decided', value: formatAlertDate(input.now) },
      ],
      paragraphsAfter: [
        'No money has moved and your account is unchanged. This decision does not stop you applying again later.',
        `To ask us about the decision, contact us: ${contact}`,
      ],
    }),
    params: {
      to_email: input.to,
      subject,
      name: oneLine(input.name),
      loan_type: input.loanType,
      amount,
      reason: LOAN_REJECTION_REASON,
      contact_url: contact,
      date: formatAlertDate(input.now),
      year: year(input.now),
      from_name: brand.fromName,
    },
  };
}

/** The applicant as the decision email addresses them; null when they are no customer any more. */
export async function loanApplicant(
  tx: DbOrTx,
  userId: string,
): Promise<{ email: string; name: string; accountNumber: string } | null> {
  const customer = await loadCustomer(tx, { userId });
  if (!customer) return null;
  // Greeted by their full name, as the money alerts greet them.
  return { email: customer.email, name: customer.fullName, accountNumber: customer.accountNumber };
}
