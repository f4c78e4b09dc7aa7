import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  AMOUNT_MAX_CENTS,
  BANK_DISPLAY_NAME,
  errorMessage,
  formatCents,
  isExternalWire,
  moneyToCents,
  normalizeTypedAmount,
  parseTypedAmountToCents,
  transferRequestSchema,
  typedAmountProblem,
  wireBankMismatch,
  wireRoutingProblem,
  type PayeeCheckResult,
  type TransferType,
  type TypedAmountProblem,
} from '@larkspur/contract';
import { formatMoney } from '@/lib/format-money';
import { internationalQuote, type FxRates } from './international-quote';

/** What the send-money form holds: every field as typed, whatever the type shows. */
export interface TransferFormValues {
  type: TransferType;
  recipientAccount: string;
  recipientName: string;
  bankName: string;
  routingNumber: string;
  /** US dollars (Local and Wire). */
  amount: string;
  /** International: the amount in the recipient's currency, as typed (issue 18). */
  foreignAmount: string;
  purpose: string;
  internationalDetails: {
    recipientFullName: string;
    recipientBank: string;
    swiftBic: string;
    /** ISO 3166-1 alpha-2, chosen from the list. */
    country: string;
    /** ISO 4217, chosen from the list; the symbol is derived from it. */
    currency: string;
  };
  /** The customer accepts a close or no match of the name check (decision 0155). */
  confirmPayeeRisk?: boolean;
}

export type TransferRequestOut = z.output<typeof transferRequestSchema>;

export const emptyTransfer: TransferFormValues = {
  type: 'Local Transfer',
  recipientAccount: '',
  recipientName: '',
  bankName: BANK_DISPLAY_NAME,
  routingNumber: '',
  amount: '',
  foreignAmount: '',
  purpose: '',
  internationalDetails: {
    recipientFullName: '',
    recipientBank: '',
    swiftBic: '',
    country: '',
    currency: '',
  },
};

/** What the form knows beyond its own fields; read at each validation, so it is always current. */
export interface TransferContext {
  /** The live available balance ("1234.50", checks on hold left out); undefined while the profile loads. */
  balance: string | undefined;
  ownAccountNumber: string | undefined;
  /** True when confirmation of payee said no Larkspur account has the number typed. */
  recipientUnknown: boolean;
  /**
   * The name check of the name typed, when the look-up answered one (decision 0155); a close or no
   * match needs `confirmPayeeRisk` before the review. `needsConfirm`: the server said so.
   */
  payeeCheck?: PayeeCheckResult | null;
  payeeNeedsConfirm?: boolean;
  /** The bank's posted rates by currency (international); undefined while they load. */
  rates?: FxRates | undefined;
}

export const PAYEE_RISK_REQUIRED = 'Correct the name, or confirm that you understand the risk.';

/** The bank details of a recipient: what Send money and a payee both hold. */
export type RecipientValues = Pick<
  TransferFormValues,
  'type' | 'recipientAccount' | 'recipientName' | 'bankName' | 'routingNumber' | 'internationalDetails'
>;

/**
 * Who is paid, as a transfer and a payee both send it: an international recipient is named once,
 * in the international details, and the top-level fields repeat them (the record shows them); a
 * Local transfer is always to Larkspur Bank; only a Wire carries a routing number.
 */
export function recipientOf(values: RecipientValues) {
  const international = values.type === 'International Transfer';
  const wire = values.type === 'Wire Transfer';
  return {
    recipientAccount: values.recipientAccount,
    recipientName: international ? values.internationalDetails.recipientFullName : values.recipientName,
    bankName: international
      ? values.internationalDetails.recipientBank
      : wire
        ? values.bankName
        : BANK_DISPLAY_NAME,
    routingNumber: wire ? values.routingNumber : null,
  };
}

/**
 * The request the form describes: its recipient (`recipientOf`), the amount, and for an
 * international transfer its details and the quote.
 */
export function toTransferRequest(
  values: TransferFormValues,
  rates?: FxRates,
): z.input<typeof transferRequestSchema> {
  const international = values.type === 'International Transfer';
  // International: the dollars are the foreign amount at the posted rate (decision 0165); the
  // server converts again and refuses if its answer differs.
  const quote = international ? internationalQuote(values, rates) : null;
  return {
    type: values.type,
    ...recipientOf(values),
    // Always the wire's two-decimal string, whatever was typed ("5", "12,000"): the review shows it as money.
    amount: international ? (quote?.ok ? quote.usdAmount : '') : normalizeTypedAmount(values.amount),
    purpose: values.purpose,
    ...(international
      ? {
          internationalDetails: values.internationalDetails,
          fxQuote: {
            foreignAmount: quote?.ok ? quote.foreignAmount : values.foreignAmount.trim(),
            rateId: quote?.ok ? quote.rateId : null,
          },
        }
      : {}),
    ...(values.confirmPayeeRisk ? { confirmPayeeRisk: true } : {}),
  };
}

/** Cents the customer will have after sending, from the wire strings, in integers: never a float. */
export function balanceAfterCents(balance: string, amount: string): bigint | null {
  const amountCents = parseTypedAmountToCents(amount);
  if (amountCents === null) return null;
  return moneyToCents(balance) - amountCents;
}

/** The same, as the API's two-decimal string, for the Money component. */
export function balanceAfter(balance: string, amount: string): string | null {
  const cents = balanceAfterCents(balance, amount);
  return cents === null ? null : formatCents(cents);
}

export type TransferValidation =
  | { ok: true; request: TransferRequestOut; amountCents: bigint }
  | { ok: false; errors: Record<string, string> };

/**
 * What the amount field says when the amount cannot be sent (issue 28: "amount errors say why"):
 * the spec's "Invalid transfer amount." and why; an empty field is simply asked for.
 */
export function amountMessage(problem: TypedAmountProblem): string {
  const invalid = errorMessage('INVALID_TRANSFER_AMOUNT');
  switch (problem) {
    case 'empty':
      return 'Enter the amount to send.';
    case 'decimals':
      return `${invalid} Use at most two decimal places (cents).`;
    case 'not-positive':
      return `${invalid} Enter more than $0.00.`;
    case 'too-large':
      return `${invalid} One transfer sends at most ${formatMoney(AMOUNT_MAX_CENTS)}.`;
    default:
      return `${invalid} Type the amount in digits, for example 125.50.`;
  }
}

/**
 * The contract's own schema (the rules the server enforces), then what only the spec's messages
 * say: an amount that parses to more than zero ("Invalid transfer amount."), not to oneself, an
 * existing recipient unless International, and enough money. The server checks all of it again.
 */
export function validateTransfer(values: TransferFormValues, context: TransferContext): TransferValidation {
  const errors: Record<string, string> = {};
  const put = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const parsed = transferRequestSchema.safeParse(toTransferRequest(values, context.rates));
  const international = values.type === 'International Transfer';
  // International: the amount the person types is the foreign one; what is checked is its dollars.
  const amountField = international ? 'foreignAmount' : 'amount';
  const quote = international ? internationalQuote(values, context.rates) : null;
  if (quote && !quote.ok && quote.field === 'internationalDetails.currency') put(quote.field, quote.message);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // An international transfer's recipient name is its full name; say it once, beside that field.
      if (international && path === 'recipientName') continue;
      if (international && path === 'bankName') continue;
      put(path === 'amount' || path.startsWith('fxQuote') ? amountField : path, issue.message);
    }
  }

  const amountCents = international
    ? quote?.ok
      ? quote.usdCents
      : null
    : parseTypedAmountToCents(values.amount);
  if (quote && !quote.ok && quote.field === 'foreignAmount') {
    errors.foreignAmount = quote.message;
  } else if (international && quote && !quote.ok) {
    // No rate yet (loading or none posted): said beside the currency above.
  } else if (amountCents === null || amountCents <= 0n || amountCents > AMOUNT_MAX_CENTS) {
    errors[amountField] = international
      ? errorMessage('INVALID_TRANSFER_AMOUNT')
      : amountMessage(typedAmountProblem(values.amount) ?? 'unreadable');
  } else if (context.balance !== undefined && amountCents > moneyToCents(context.balance)) {
    put(
      amountField,
      `${errorMessage('INSUFFICIENT_FUNDS')} You can send up to ${formatMoney(moneyToCents(context.balance))}.`,
    );
  }

  const account = values.recipientAccount.trim();
  if (account !== '' && account === context.ownAccountNumber) {
    errors.recipientAccount = errorMessage('SELF_TRANSFER');
  } else if (account !== '' && context.recipientUnknown && !international && !isExternalWire(values)) {
    put('recipientAccount', errorMessage('RECIPIENT_NOT_FOUND'));
  }
  // A wire goes where its routing number says (decision 0206): a valid ABA number, and a bank name
  // that names the same bank (ours for ours, another for another's).
  if (values.type === 'Wire Transfer') {
    const routing = values.routingNumber.trim();
    const problem = wireRoutingProblem(routing);
    // An empty field asks for the number (the contract's words), rather than the schema's "has 9 digits".
    if (routing === '' && problem) errors.routingNumber = problem;
    else if (problem) put('routingNumber', problem);
    else if (wireBankMismatch(routing, values.bankName)) put('bankName', errorMessage('WIRE_BANK_MISMATCH'));
  }
  const doubtfulName =
    context.payeeNeedsConfirm === true ||
    context.payeeCheck === 'no_match' ||
    context.payeeCheck === 'close_match';
  if (doubtfulName && values.confirmPayeeRisk !== true) errors.confirmPayeeRisk = PAYEE_RISK_REQUIRED;

  if (Object.keys(errors).length > 0 || !parsed.success || amountCents === null) return { ok: false, errors };
  return { ok: true, request: parsed.data, amountCents };
}

/** Turns "internationalDetails.swiftBic" → message into react-hook-form's nested error object. */
export function toFieldErrors(errors: Record<string, string>): FieldErrors<TransferFormValues> {
  const result: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const keys = path.split('.');
    let node = result;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = { type: 'validate', message };
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return result as FieldErrors<TransferFormValues>;
}

/**
 * A react-hook-form resolver over `validateTransfer`. The context is the form's `context` option,
 * which react-hook-form refreshes at every render: a balance pushed by the live stream is used at
 * the very next keystroke.
 */
export const transferResolver: Resolver<TransferFormValues, TransferContext, TransferFormValues> = (
  values,
  context,
) => {
  const result = validateTransfer(
    values,
    context ?? { balance: undefined, ownAccountNumber: undefined, recipientUnknown: false },
  );
  return result.ok ? { values, errors: {} } : { values: {}, errors: toFieldErrors(result.errors) };
};
