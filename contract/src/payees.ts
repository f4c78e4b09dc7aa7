import { z } from 'zod';
import { BANK_DISPLAY_NAME } from './aba-routing';
import { CURSOR_LENGTH_MAX } from './admin';
import { NAME_FIELD_LENGTH_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, transferTypeSchema } from './banking';
import { internationalAccountProblem } from './international';
import { errorCatalogue } from './errors';
import {
  internationalDetailsSchema,
  recipientAccountSchema,
  wireBankMismatch,
  wireRoutingProblem,
} from './transfer-request';

// The payee book (issue 18, decisions 0156–0157); the name check is in ./payee-check.

/** The most payees one customer may keep in their book. */
export const PAYEES_PER_CUSTOMER_MAX = 100;
/** Recent recipients shown on the overview. */
export const RECENT_RECIPIENTS_MAX = 5;
/**
 * A saved or edited payee counts as new for step-up (decision 0157) for this long: the first
 * payment to it within this window asks for a second factor even if the account was paid before.
 */
export const PAYEE_NEW_WINDOW_HOURS = 24;
export const PAYEE_NICKNAME_LENGTH_MAX = 50;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `Enter the ${label}`);

/** A payee as the customer saves it: the details Send money needs, as its form holds them. */
export const payeeInputSchema = z
  .strictObject({
    nickname: text(PAYEE_NICKNAME_LENGTH_MAX).default(''),
    type: transferTypeSchema,
    // As a transfer's: an IBAN is normalised (spaces out, upper case) and checked (decision 0164).
    recipientAccount: recipientAccountSchema,
    recipientName: requiredText('recipient name', NAME_FIELD_LENGTH_MAX),
    bankName: text(NAME_FIELD_LENGTH_MAX).default(BANK_DISPLAY_NAME),
    routingNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'A routing number has 9 digits')
      .nullable()
      .optional(),
    internationalDetails: internationalDetailsSchema.nullable().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.type !== 'International Transfer') return;
    const problem = internationalAccountProblem(p.recipientAccount);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['recipientAccount'] });
  })
  .refine((p) => p.type !== 'International Transfer' || p.internationalDetails, {
    message: 'An international payee needs the international details',
    path: ['internationalDetails'],
  })
  .superRefine((p, ctx) => {
    if (p.type !== 'Wire Transfer') return;
    const problem = wireRoutingProblem(p.routingNumber);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['routingNumber'] });
    else if (wireBankMismatch(p.routingNumber ?? '', p.bankName))
      ctx.addIssue({
        code: 'custom',
        message: errorCatalogue.WIRE_BANK_MISMATCH.message,
        path: ['bankName'],
      });
  });
export type PayeeInput = z.input<typeof payeeInputSchema>;

export const payeeSchema = z.object({
  id: z.uuid(),
  nickname: z.string(),
  type: transferTypeSchema,
  recipientAccount: z.string(),
  recipientName: z.string(),
  bankName: z.string(),
  routingNumber: z.string().nullable(),
  internationalDetails: internationalDetailsSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When this payee was last paid (a transfer debit to its account), or null. */
  lastPaidAt: z.string().nullable(),
});
export type Payee = z.infer<typeof payeeSchema>;

export const payeeListQuerySchema = z.strictObject({
  cursor: z.string().max(CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const payeePageSchema = z.object({
  items: z.array(payeeSchema),
  nextCursor: z.string().nullable(),
  /** How many payees the customer has, and the most they may have. */
  total: z.number().int(),
  max: z.number().int(),
});
export type PayeePage = z.infer<typeof payeePageSchema>;

/** Someone the customer paid lately, from their own records (the overview's shortcuts). */
export const recentRecipientSchema = z.object({
  type: transferTypeSchema,
  recipientAccount: z.string(),
  recipientName: z.string(),
  bankName: z.string(),
  routingNumber: z.string().nullable(),
  internationalDetails: internationalDetailsSchema.nullable(),
  lastPaidAt: z.string(),
});
export type RecentRecipient = z.infer<typeof recentRecipientSchema>;
export const recentRecipientsSchema = z.object({ items: z.array(recentRecipientSchema) });
