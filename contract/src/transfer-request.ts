import { z } from 'zod';
import {
  ACCOUNT_FIELD_LENGTH_MAX,
  NAME_FIELD_LENGTH_MAX,
  PURPOSE_LENGTH_MAX,
  requiredText,
  text,
  transferTypeSchema,
} from './banking';
import {
  ACCOUNT_INPUT_LENGTH_MAX,
  bicSchema,
  countryCodeSchema,
  currencyCodeSchema,
  FOREIGN_AMOUNT_INPUT_LENGTH_MAX,
  internationalAccountProblem,
  normaliseAccountInput,
} from './international';
import { amountInputSchema } from './money';
import {
  BANK_DISPLAY_NAME,
  isValidAbaRoutingNumber,
  LARKSPUR_ROUTING_NUMBER,
  namesLarkspurBank,
} from './aba-routing';

/**
 * True when a wire's routing number and bank name name different banks: ours under another name,
 * or another bank's under ours (decision 0206). An empty name is ours, as the request's default.
 */
export function wireBankMismatch(routingNumber: string, bankName: string): boolean {
  return (
    (routingNumber === LARKSPUR_ROUTING_NUMBER) !== namesLarkspurBank(bankName.trim() || BANK_DISPLAY_NAME)
  );
}

export const WIRE_ROUTING_NUMBER_REQUIRED = 'Enter the 9-digit routing number';

/** What is wrong with a wire's routing number, or null (decision 0206). */
export function wireRoutingProblem(routingNumber: string | null | undefined): string | null {
  if (!routingNumber) return WIRE_ROUTING_NUMBER_REQUIRED;
  if (!isValidAbaRoutingNumber(routingNumber))
    return 'This routing number is not valid: check its 9 digits (the check digit does not match)';
  return null;
}

/**
 * POST /api/transfers: the request, and the recipient abroad it may name (issue 18, decisions
 * 0164–0165). Apart from banking.ts so that only the code that makes a transfer (the send-money
 * page, the server) loads the ISO lists and the IBAN checks (~16 KB gzipped): a page that only
 * reads records imports banking.ts without them.
 */

/**
 * The recipient abroad, as a transfer request and a payee carry them (issue 18, decision 0164).
 * The account (an IBAN or an account number) is the request's one `recipientAccount` field; the
 * currency symbol is derived from `currency`, never typed.
 */
export const internationalDetailsSchema = z.strictObject({
  recipientFullName: requiredText("recipient's full name", NAME_FIELD_LENGTH_MAX),
  recipientBank: requiredText("recipient's bank", NAME_FIELD_LENGTH_MAX),
  swiftBic: bicSchema,
  /** ISO 3166-1 alpha-2 code of the country of the recipient's bank ("DE"). */
  country: countryCodeSchema,
  /** ISO 4217 code the recipient is paid in ("EUR"). */
  currency: currencyCodeSchema,
});
export type InternationalDetails = z.infer<typeof internationalDetailsSchema>;

/**
 * What the review showed for an international transfer: the amount in the recipient's currency
 * and the posted rate it was converted at (null only for US dollars, which need none). The
 * request's `amount` is the dollars to be debited; the server converts again with the rate in
 * force and refuses if either differs (decision 0165).
 */
export const fxQuoteSchema = z.strictObject({
  foreignAmount: z.string().max(FOREIGN_AMOUNT_INPUT_LENGTH_MAX),
  rateId: z
    .string()
    .regex(/^\d{1,18}$/, 'rateId is the id of a posted rate')
    .nullable(),
});
export type FxQuote = z.infer<typeof fxQuoteSchema>;

/**
 * Local and Wire: the account as typed (trimmed); an international one may be an IBAN, normalised.
 * A payee's is the same (decision 0213): an IBAN pasted with its spaces fits before they go.
 */
export const recipientAccountSchema = z
  .string()
  .max(ACCOUNT_INPUT_LENGTH_MAX, `At most ${ACCOUNT_FIELD_LENGTH_MAX} characters`)
  .overwrite(normaliseAccountInput)
  .min(1, 'Enter the recipient account number')
  .max(ACCOUNT_FIELD_LENGTH_MAX, `At most ${ACCOUNT_FIELD_LENGTH_MAX} characters`);

export const transferRequestSchema = z
  .strictObject({
    type: transferTypeSchema,
    recipientAccount: recipientAccountSchema,
    recipientName: requiredText('recipient name', NAME_FIELD_LENGTH_MAX),
    bankName: text(NAME_FIELD_LENGTH_MAX).default(BANK_DISPLAY_NAME),
    routingNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'A routing number has 9 digits')
      .nullable()
      .optional(),
    /** US dollars. For an international transfer: the dollars the review showed to be debited. */
    amount: amountInputSchema,
    purpose: text(PURPOSE_LENGTH_MAX).default(''),
    internationalDetails: internationalDetailsSchema.optional(),
    fxQuote: fxQuoteSchema.optional(),
    /** The customer read the name check's warning (close or no match) and pays anyway (decision 0155). */
    confirmPayeeRisk: z.boolean().optional(),
  })
  .refine((t) => t.type !== 'International Transfer' || t.internationalDetails !== undefined, {
    message: 'An international transfer needs the international details',
    path: ['internationalDetails'],
  })
  .refine((t) => t.type !== 'International Transfer' || t.fxQuote !== undefined, {
    message: 'An international transfer needs the foreign amount and the rate it was reviewed at',
    path: ['fxQuote'],
  })
  .superRefine((t, ctx) => {
    // A wire is routed by its ABA number (decision 0206): required, and its check digit must hold.
    if (t.type === 'Wire Transfer') {
      const problem = wireRoutingProblem(t.routingNumber);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['routingNumber'] });
    }
    if (t.type !== 'International Transfer') return;
    const problem = internationalAccountProblem(t.recipientAccount);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['recipientAccount'] });
  });
export type TransferRequest = z.input<typeof transferRequestSchema>;
