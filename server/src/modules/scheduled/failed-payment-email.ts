import type { EmailBrand, RenderedEmail } from '../email/index';
import type { EmailTemplateName } from '../email/index';
import { bodies, DEBIT_COLOR, formatAlertDate, formatMoney, oneLine, type Row } from '../email/index';

export const SCHEDULED_PAYMENT_FAILED_TEMPLATE = 'scheduled-payment-failed' satisfies EmailTemplateName;

export interface FailedPaymentInput {
  to: string;
  name: string;
  amountCents: bigint;
  recipientName: string;
  recipientAccount: string;
  /** The day the payment was due (YYYY-MM-DD, UTC). */
  dueOn: string;
  /** Why it was refused: the transfer's own message ("Insufficient funds."). */
  reason: string;
  /** The next payment's day, or null when this was the series' last. */
  nextRunOn: string | null;
  date: Date;
}

const dueFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "2027-02-28" → "February 28, 2027". */
export function formatDueDay(day: string): string {
  return dueFormat.format(new Date(`${day}T00:00:00.000Z`));
}

/**
 * A scheduled payment was not made (decision 0159): which one, why in the transfer's own words,
 * and that the series goes on (or that this was its last payment). Nothing left the account.
 */
export function renderFailedPayment(input: FailedPaymentInput, brand: EmailBrand): RenderedEmail {
  const amount = formatMoney(input.amountCents);
  const name = oneLine(input.name);
  const due = formatDueDay(input.dueOn);
  const year = String(input.date.getUTCFullYear());
  const subject = oneLine(`${brand.bankName}: your scheduled payment of ${amount} was not made`);
  const rows: Row[] = [
    { label: 'Payment', value: `${amount} not sent`, color: DEBIT_COLOR },
    { label: 'To', value: `${oneLine(input.recipientName)} (${input.recipientAccount})` },
    { label: 'Due', value: due },
    { label: 'Reason', value: input.reason },
    { label: 'Tried', value: formatAlertDate(input.date) },
  ];
  const next = input.nextRunOn
    ? `Your other scheduled payments are not affected: the next one is due on ${formatDueDay(input.nextRunOn)}.`
    : 'This was the last payment of this schedule.';
  return {
    template: SCHEDULED_PAYMENT_FAILED_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: 'Scheduled payment not made',
      year,
      paragraphsBefore: [
        `Hello ${name},`,
        `We could not make your scheduled payment of ${amount} to ${oneLine(input.recipientName)} due on ${due}. No money left your account.`,
      ],
      rows,
      paragraphsAfter: [
        next,
        `You can pay it now from Send money, or change the schedule: ${brand.publicOrigin}/user/dashboard/scheduled`,
      ],
    }),
    params: {
      to_email: input.to,
      subject,
      name,
      amount,
      recipient: oneLine(input.recipientName),
      due,
      reason: input.reason,
      next_due: input.nextRunOn ? formatDueDay(input.nextRunOn) : '',
      year,
      from_name: brand.fromName,
    },
  };
}
