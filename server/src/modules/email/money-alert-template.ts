import { displayRate, mediumDate } from '@larkspur/contract';
import type { RenderedEmail } from './transport';
import { required, requiredDate } from '../../lib/required';
import {
  bodies,
  CREDIT_COLOR,
  DEBIT_COLOR,
  DEFAULT_CURRENCY_SYMBOL,
  formatAlertDate,
  formatForeignAlertAmount,
  formatMoney,
  oneLine,
  type EmailBrand,
  type Row,
} from './email-layout';

// ---------------------------------------------------------------------------------------------
// Money alert (product §3 and §7): one template for every credit and debit.

export interface MoneyAlertInput {
  to: string;
  /** The customer's name as it should greet them. */
  name: string;
  direction: 'credit' | 'debit';
  /** The record's type as the customer knows it: "Deposit", "Withdrawal", "International Transfer" … */
  transactionType: string;
  amountCents: bigint;
  /** From the transfer's international details; the dollar sign when absent (product §9). */
  currencySymbol?: string | null;
  /**
   * An international transfer's conversion (issue 18): the amount in the recipient's currency
   * (the alert's amount, with `currencySymbol`) and the posted rate; `amountCents` is then the
   * dollars that moved, stated beside it. Absent or without a foreign amount: a dollar alert.
   */
  international?: { foreignAmount: string | null; currency: string; usdPerUnit: string | null } | null;
  date: Date;
  /** The transaction id, e.g. "TRF1768478400000A1B2". */
  reference: string;
  /** The other party: recipient of a debit, sender of a credit. */
  counterparty: string;
  /** The account's balance after the movement. */
  balanceCents: bigint;
  /**
   * Issue 28 (decision 0198): what of that balance is on hold (deposited checks not yet cleared),
   * and the day the last of it is available. The alert states the available balance, and the
   * current one beside it when they differ.
   */
  held?: { cents: bigint; until: Date | null } | null;
}

/** The money alert's fields (product §3), all strings: what the hosted API gets, and what the body is rendered from. */
// A type, not an interface: it must be assignable to `Record<string, string>` (the outbox's params).
export type MoneyAlertParams = {
  to_email: string;
  subject: string;
  name: string;
  transaction_type: string;
  amount: string;
  date: string;
  reference: string;
  counterparty: string;
  balance: string;
  amount_color: string;
  year: string;
  from_name: string;
  /** International only (issue 18): the dollars debited or credited, e.g. "$120.00". */
  usd_amount?: string;
  /** International only: the posted rate used, e.g. "1 EUR = 1.0832 USD". */
  exchange_rate?: string;
  /** With money on hold only (decision 0198): the balance including it; `balance` is what is available. */
  current_balance?: string;
  /** With money on hold only: how much, e.g. "$250.10". */
  on_hold?: string;
  /** With money on hold only: the day the last of it is available, e.g. "Jan 26, 2026". */
  held_until?: string;
};

export function moneyAlertParams(input: MoneyAlertInput, brand: EmailBrand): MoneyAlertParams {
  const isCredit = input.direction === 'credit';
  const kind = isCredit ? 'Credit' : 'Debit';
  const symbol = input.currencySymbol?.trim() || DEFAULT_CURRENCY_SYMBOL;
  const foreign = input.international?.foreignAmount ? input.international : null;
  // product §9: the amount carries the international details' symbol. Since issue 18 that is the
  // amount in that currency; the dollars that moved are stated beside it, never under its symbol.
  const amount = foreign?.foreignAmount
    ? formatForeignAlertAmount(foreign.foreignAmount, symbol)
    : formatMoney(input.amountCents, symbol);
  const subject = oneLine(`${brand.bankName} ${kind} Alert: ${amount} ${input.transactionType}`);
  const conversion = foreign
    ? {
        usd_amount: formatMoney(input.amountCents),
        ...(foreign.usdPerUnit
          ? { exchange_rate: `1 ${foreign.currency} = ${displayRate(foreign.usdPerUnit)} USD` }
          : {}),
      }
    : {};
  // `balance` is what can be spent (decision 0198); the current balance only beside it, with the hold.
  const heldCents = input.held && input.held.cents > 0n ? input.held.cents : 0n;
  const holds =
    heldCents > 0n
      ? {
          current_balance: formatMoney(input.balanceCents),
          on_hold: formatMoney(heldCents),
          ...(input.held?.until ? { held_until: mediumDate(input.held.until, 'utc') } : {}),
        }
      : {};
  return {
    ...conversion,
    ...holds,
    to_email: input.to,
    subject,
    name: oneLine(input.name),
    transaction_type: input.transactionType,
    amount,
    date: formatAlertDate(input.date),
    reference: input.reference,
    counterparty: input.counterparty,
    balance: formatMoney(input.balanceCents - heldCents),
    amount_color: isCredit ? CREDIT_COLOR : DEBIT_COLOR,
    year: String(input.date.getUTCFullYear()),
    from_name: brand.fromName,
  };
}

/**
 * The money alert's HTML and text from its stored fields alone (decision 0147): the outbox keeps
 * an alert as template + fields and the worker renders it when it sends, so a movement writes
 * ~0.5 KB per alert instead of ~3 KB. `renderMoneyAlert` renders through here too, so the two can
 * never differ.
 */
export function renderMoneyAlertBodies(
  params: Record<string, string>,
  brand: EmailBrand,
): { html: string; text: string } {
  const field = (key: string): string => params[key] ?? '';
  const isCredit = field('amount_color') === CREDIT_COLOR;
  const kind = isCredit ? 'Credit' : 'Debit';
  const amount = field('amount');
  // International (issue 18): the dollars that moved and the rate, beside the foreign amount.
  const usd = field('usd_amount');
  const rate = field('exchange_rate');
  const rows: Row[] = [
    { label: 'Transaction', value: `${kind} (${field('transaction_type')})` },
    // The word Credit/Debit sits beside the colour: colour alone says nothing to many readers.
    { label: 'Amount', value: `${amount} ${kind}`, color: isCredit ? CREDIT_COLOR : DEBIT_COLOR },
    ...(usd ? [{ label: isCredit ? 'US dollars credited' : 'US dollars debited', value: usd }] : []),
    ...(rate ? [{ label: 'Exchange rate', value: rate }] : []),
    { label: 'Date', value: field('date') },
    { label: 'Reference', value: field('reference') },
    { label: isCredit ? 'From' : 'To', value: field('counterparty') },
    { label: 'Available balance', value: field('balance') },
    // Money on hold (decision 0198): the current balance, and what is held until when.
    ...(field('current_balance') ? [{ label: 'Current balance', value: field('current_balance') }] : []),
    ...(field('on_hold')
      ? [
          {
            label: 'On hold',
            value: field('held_until')
              ? `${field('on_hold')} (available in full by ${field('held_until')})`
              : field('on_hold'),
          },
        ]
      : []),
  ];
  const before = [
    `Hello ${field('name')},`,
    usd
      ? isCredit
        ? `Your ${brand.bankName} account has been credited with ${usd} (${amount}${rate ? ` at ${rate}` : ''}).`
        : `Your ${brand.bankName} account has been debited by ${usd} (${amount}${rate ? ` at ${rate}` : ''}).`
      : isCredit
        ? `Your ${brand.bankName} account has been credited with ${amount}.`
        : `Your ${brand.bankName} account has been debited by ${amount}.`,
  ];
  const after = [
    `If you do not recognise this transaction, contact ${brand.bankName} support at once: ${brand.publicOrigin}/support/contact`,
  ];
  return bodies({
    brand,
    title: `${kind} Alert`,
    year: field('year'),
    paragraphsBefore: before,
    rows,
    paragraphsAfter: after,
  });
}

export function renderMoneyAlert(input: MoneyAlertInput, brand: EmailBrand): RenderedEmail {
  const params = moneyAlertParams(input, brand);
  return {
    template: 'money-alert',
    subject: params.subject,
    ...renderMoneyAlertBodies(params, brand),
    params,
  };
}

/**
 * A money alert as `lb_post_movement` stores it (decision 0173): the movement's own fields,
 * unformatted — amounts in cents, the date as ISO 8601, the balance the account held once the
 * movement posted — read back into what `moneyAlertParams` renders. Null for any other row.
 */
function storedMoneyAlertInput(params: Record<string, string>): MoneyAlertInput | null {
  const balance = params.balance_cents;
  const amount = params.amount_cents;
  if (balance === undefined || amount === undefined) return null;
  const foreign =
    params.foreign_currency !== undefined
      ? {
          foreignAmount: params.foreign_amount ?? null,
          currency: params.foreign_currency,
          usdPerUnit: params.usd_per_unit ?? null,
        }
      : null;
  // Every field below but the currency symbol and the conversion is written from a not-null
  // column or the alert's own `to` and `name` (lb_post_movement): a missing one is a writer's bug,
  // and the alert must fail, not go out with a blank or 1 January 1970 (issue 29).
  const field = (key: string): string => required(params[key], `money alert ${key}`);
  const direction = field('direction');
  if (direction !== 'credit' && direction !== 'debit')
    throw new Error(`Not a direction: money alert direction`);
  return {
    to: field('to_email'),
    name: field('name'),
    direction,
    transactionType: field('transaction_type'),
    amountCents: BigInt(amount),
    // Absent on dollar movements: the alert then shows the bank's own currency.
    currencySymbol: params.currency_symbol ?? null,
    international: foreign,
    date: requiredDate(params.date, 'money alert date'),
    reference: field('reference'),
    counterparty: field('counterparty'),
    balanceCents: BigInt(balance),
    held:
      params.held_cents === undefined
        ? null
        : {
            cents: BigInt(params.held_cents),
            until: params.held_until === undefined ? null : new Date(params.held_until),
          },
  };
}

/**
 * What the outbox worker sends for a stored row: a money alert stored as the movement's fields
 * (decision 0173) rendered now — subject, fields and bodies; one stored as rendered fields with no
 * body (decision 0147, rows written before migration 0014) given its bodies; any other as stored.
 */
export function renderStoredEmail(
  message: { template: string; subject: string; html: string; text: string; params: Record<string, string> },
  brand: EmailBrand,
): { subject: string; html: string; text: string; params: Record<string, string> } {
  if (message.template === 'money-alert') {
    const input = storedMoneyAlertInput(message.params);
    if (input) {
      const rendered = renderMoneyAlert(input, brand);
      return { subject: rendered.subject, html: rendered.html, text: rendered.text, params: rendered.params };
    }
    if (message.html === '')
      return {
        subject: message.subject,
        ...renderMoneyAlertBodies(message.params, brand),
        params: message.params,
      };
  }
  return { subject: message.subject, html: message.html, text: message.text, params: message.params };
}
