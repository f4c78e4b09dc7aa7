import { z } from 'zod';
import { personFilterSchema } from './people-filter';
import { INSIGHT_PERIOD_DAYS } from './insight-periods';
import { amountInputSchema, moneySchema } from './money';
import { payeeNameCheckSchema, recordPayeeCheckSchema } from './payee-check';
import { payerAccountNumberSchema, routingNumberSchema, withoutLeadingZeros } from './routing-number';

/**
 * Money movement: transfers, check deposits, admin helpers, transaction records and statements.
 * Amounts arrive as strings and are parsed by the operation itself, so that each can answer with
 * its own product §8 message ("Invalid transfer amount.", "Invalid deposit amount." …).
 */
export const NAME_FIELD_LENGTH_MAX = 100;
export const ACCOUNT_FIELD_LENGTH_MAX = 34;
export const PURPOSE_LENGTH_MAX = 140;
export const REASON_LENGTH_MIN = 3;
export const REASON_LENGTH_MAX = 500;
export const CHECK_NUMBER_LENGTH_MAX = 15;
/** A check photo: JPEG or PNG, checked by content, at most 5 MB. */
export const CHECK_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const CHECK_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IDEMPOTENCY_KEY_LENGTH_MAX = 100;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_TEXT_LENGTH_MAX = 100;
/**
 * The years a date may name: PostgreSQL has no year 0000, and past 9999 an ISO string needs six
 * digits and a sign that no timestamp column reads. Outside them a date is a 400, not a 500.
 */
export const DATE_YEAR_MIN = 1;
export const DATE_YEAR_MAX = 9999;
/**
 * How far past the server's clock an admin may date a record (the admin's computer may run a little
 * ahead); the earliest date is the customer's account opening, checked by the server.
 */
export const RECORD_DATE_FUTURE_SKEW_MS = 5 * 60_000;

/**
 * Check-deposit fraud controls (issue 13, decisions 0070–0074). A deposited check is credited at
 * once but held: only the available balance (balance − active holds) can be spent.
 */
/** The most one check may be for: $10,000.00. */
export const CHECK_DEPOSIT_MAX_CENTS = 1_000_000n;
/** The most a customer may deposit by check in one UTC calendar day: $20,000.00. */
export const CHECK_DEPOSIT_DAILY_MAX_CENTS = 2_000_000n;
/** The most a customer may deposit by check in any rolling 30 days: $50,000.00. */
export const CHECK_DEPOSIT_30_DAY_MAX_CENTS = 5_000_000n;
export const CHECK_DEPOSIT_WINDOW_DAYS = 30;
/** Check deposits a customer may make in one rolling hour (429 beyond). */
export const CHECK_DEPOSITS_PER_HOUR_MAX = 10;
/** The sum of the stored (re-encoded) check photos one customer may keep: 20 MB. */
export const CHECK_IMAGE_QUOTA_BYTES = 20 * 1024 * 1024;
/** The most pixels a check photo may have before decoding is refused (a 40-megapixel photo). */
export const CHECK_IMAGE_PIXELS_MAX = 40_000_000;

/** The names customers choose between (docs/decisions: transfer types). */
export const transferTypes = ['Local Transfer', 'Wire Transfer', 'International Transfer'] as const;
export const transferTypeSchema = z.enum(transferTypes);
export type TransferType = z.infer<typeof transferTypeSchema>;

/** What the customer-facing record calls each kind of movement (product §3 `type`). */
export const recordTypes = [
  ...transferTypes,
  'Deposit',
  'Check Deposit',
  'Withdrawal',
  /** A deposited check that bounced: the reviewer returned it (decision 0071). */
  'Returned Check',
] as const;
export const recordTypeSchema = z.enum(recordTypes);
export type RecordType = z.infer<typeof recordTypeSchema>;

export const directionSchema = z.enum(['credit', 'debit']);
export type Direction = z.infer<typeof directionSchema>;

export const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
export const requiredText = (label: string, max: number) => text(max).min(1, `Enter the ${label}`);

/**
 * An international record's details as the API returns them. Records made since migration 0011
 * carry the conversion; older ones (typed symbol, free-text country, a second account field) are
 * read tolerantly: their conversion fields are null, `ibanOrAccount` is theirs only (decision 0164).
 */
export const recordInternationalDetailsSchema = z.object({
  recipientFullName: z.string(),
  recipientBank: z.string(),
  swiftBic: z.string(),
  /** ISO code on new records; the text typed on records before 0011. */
  country: z.string(),
  currency: z.string(),
  /** Derived from the currency when the transfer was made; as typed on older records. */
  currencySymbol: z.string(),
  /** The amount in `currency`, with its ISO minor digits ("110.78", "15000"); null on older records. */
  foreignAmount: z.string().nullable(),
  /** US dollars per unit at which it was converted ("1.08320000"); null on older records. */
  usdPerUnit: z.string().nullable(),
  /** The posted rate used (null for US dollars and on older records). */
  rateId: z.string().nullable(),
  /** Records before 0011 only: their second account field. */
  ibanOrAccount: z.string().optional(),
});
export type RecordInternationalDetails = z.infer<typeof recordInternationalDetailsSchema>;

// The transfer request and the recipient abroad: transfer-request.ts (the ISO lists and IBAN
// checks load only where a transfer is made, decision 0164).

export const holdStatuses = ['active', 'released', 'returned'] as const;
export const holdStatusSchema = z.enum(holdStatuses);
export type HoldStatus = z.infer<typeof holdStatusSchema>;

/** The hold a check deposit placed, as its record shows it. */
export const recordHoldSchema = z.object({
  status: holdStatusSchema,
  /** What is still held now ("0.00" once released or returned). */
  heldAmount: moneySchema,
  /** When the whole deposit is (or was) available on the release schedule, ISO 8601. */
  availableAt: z.string(),
});
export type RecordHold = z.infer<typeof recordHoldSchema>;

/** product §3: the customer-facing record of a money movement, as the API returns it. */
export const transactionRecordSchema = z.object({
  id: z.uuid(),
  transactionId: z.string(),
  userId: z.uuid(),
  type: z.string(),
  direction: directionSchema,
  amount: moneySchema,
  currency: z.string(),
  recipientName: z.string(),
  recipientAccount: z.string(),
  bankName: z.string(),
  routingNumber: z.string().nullable(),
  senderName: z.string(),
  senderAccount: z.string(),
  purpose: z.string(),
  status: z.string(),
  internationalDetails: recordInternationalDetailsSchema.nullable(),
  createdAt: z.string(),
  created_at: z.string(),
  /** The check deposit's hold; null for every other record. */
  hold: recordHoldSchema.nullable(),
  /** The name check made when the transfer was sent: on the sender's record only (decision 0155). */
  payeeCheck: recordPayeeCheckSchema,
  /**
   * The reference both sides quote (issue 28, decision 0197): on a transfer's received leg the
   * sender's TRF… id, else the record's own `transactionId`. Absent from movement answers, where it
   * is always `transactionId` (`sharedReference` reads either).
   */
  reference: z.string().optional(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const movementResponseSchema = z.object({
  transaction: transactionRecordSchema,
  /** The customer's balance right after the movement. */
  balance: moneySchema,
  /** What of it the customer can spend now: the balance less active check holds. */
  availableBalance: moneySchema,
});
export type MovementResponse = z.infer<typeof movementResponseSchema>;

export const checkImageSchema = z.strictObject({
  contentType: z.enum(CHECK_IMAGE_TYPES),
  /** base64 of the file; the size limit is applied to the decoded bytes. */
  dataBase64: z.string().max(Math.ceil((CHECK_IMAGE_BYTES_MAX * 4) / 3) + 4),
});

export const checkDepositRequestSchema = z.strictObject({
  amount: amountInputSchema,
  checkNumber: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${CHECK_NUMBER_LENGTH_MAX}}$`), 'Enter the check number (digits only)')
    .transform(withoutLeadingZeros),
  /** The rest of the check's MICR line, as typed from its bottom edge (decision 0192). */
  routingNumber: routingNumberSchema,
  payerAccountNumber: payerAccountNumberSchema,
  /** Both photos are required (issue 13): a check without them is not accepted. */
  frontImage: checkImageSchema,
  backImage: checkImageSchema,
});

export const reasonSchema = z
  .string()
  .trim()
  .min(REASON_LENGTH_MIN, 'Give a reason (at least 3 characters)')
  .max(REASON_LENGTH_MAX, `At most ${REASON_LENGTH_MAX} characters`);

export const adminAmountRequestSchema = z.strictObject({ amount: amountInputSchema, reason: reasonSchema });

/** A record's date and time with its offset, in years DATE_YEAR_MIN–DATE_YEAR_MAX once in UTC. */
const recordDateSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}, `Enter a date between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}.`);

export const adminCreateRecordSchema = z.strictObject({
  userId: z.uuid(),
  direction: directionSchema,
  amount: amountInputSchema,
  counterpartyName: requiredText('counterparty name', NAME_FIELD_LENGTH_MAX),
  counterpartyAccount: text(ACCOUNT_FIELD_LENGTH_MAX).default(''),
  bankName: text(NAME_FIELD_LENGTH_MAX).default(''),
  purpose: text(PURPOSE_LENGTH_MAX).default(''),
  /** When it happened (ISO 8601); now if omitted. Not in the future, not before the account opened. */
  createdAt: recordDateSchema.optional(),
  reason: reasonSchema,
});

export const adminEditRecordSchema = z.strictObject({
  /** product §5: a number of at least 0, zero allowed. Checked by the operation ("Invalid new amount."). */
  amount: amountInputSchema,
  /** Not in the future, not before the customer's account opened (checked by the server). */
  createdAt: recordDateSchema,
  reason: reasonSchema,
});

/** A day (YYYY-MM-DD) from the year DATE_YEAR_MIN: "0000-01-01" passes z.iso.date(), not the database. */
const isoDate = z.iso
  .date()
  .refine((value) => Number(value.slice(0, 4)) >= DATE_YEAR_MIN, 'Enter a date from the year 0001 on.');

/** Filters shared by the customer's and the admin's statement. */
export const statementQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  type: recordTypeSchema.optional(),
  direction: directionSchema.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  minAmount: amountInputSchema.optional(),
  maxAmount: amountInputSchema.optional(),
  q: z.string().trim().max(SEARCH_TEXT_LENGTH_MAX).optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const adminStatementQuerySchema = statementQuerySchema.extend({
  userId: z.uuid().optional(),
  /** The records' customer by name, email or account number (decision 0169). */
  customer: personFilterSchema.optional(),
});
/** GET /api/admin/transactions.csv: the same filters as the admin list, no page. */
export const adminStatementExportQuerySchema = adminStatementQuerySchema.omit({ cursor: true, limit: true });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const recipientLookupResponseSchema = z.object({
  accountNumber: z.string(),
  /**
   * "Jane D.": only when `?name=` matched (decision 0199). A look-up with no name or whose name does
   * not match names nobody, as UK Confirmation of Payee answers; a close match gives `check.accountName`.
   */
  maskedName: z.string().optional(),
  /** When the look-up sent `?name=`: how that name compares with the holder's (decision 0155). */
  check: payeeNameCheckSchema.optional(),
});

// Zod-free, so the overview can offer the periods without loading the schemas (insight-periods.ts).
export { INSIGHT_PERIOD_DAYS } from './insight-periods';

export const insightsQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (INSIGHT_PERIOD_DAYS as readonly number[]).includes(d), 'days must be 30 or 90')
    .default(30),
});

/** What the customer overview charts: balance per day, money in and out, by type. */
export const insightsResponseSchema = z.object({
  days: z.number(),
  /**
   * End-of-day balance for each of the last `days` days (UTC dates), oldest first; an account opened
   * since starts on its opening day (or on an earlier record's day).
   */
  balanceSeries: z.array(z.object({ date: z.string(), balance: moneySchema })),
  /** Money in and out per record type over the period. */
  byType: z.array(
    z.object({ type: z.string(), moneyIn: moneySchema, moneyOut: moneySchema, count: z.number() }),
  ),
  /** This calendar month (UTC) so far. */
  monthIn: moneySchema,
  monthOut: moneySchema,
});
export type Insights = z.infer<typeof insightsResponseSchema>;
