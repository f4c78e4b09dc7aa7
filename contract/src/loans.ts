import { z } from 'zod';
import { userStatusSchema } from './auth';
import { transactionRecordSchema } from './banking';
import {
  LOAN_PRINCIPAL_MAX_CENTS,
  LOAN_PRINCIPAL_MIN_CENTS,
  LOAN_TERM_MONTHS_MAX,
  LOAN_TERM_MONTHS_MIN,
  monthlyPaymentCents,
} from './loan-math';
import { AMOUNT_INPUT_LENGTH_MAX, moneySchema, parseAmountToCents } from './money';

/** The loan products a person can ask about or apply for; the text is what staff and customers see. */
export const loanTypes = ['Personal Loan', 'Auto Loan', 'Mortgage', 'Business Loan'] as const;
export const loanTypeSchema = z.enum(loanTypes);
export type LoanType = z.infer<typeof loanTypeSchema>;

/** product §4: every application and inquiry starts here. */
export const LOAN_STATUS_PENDING = 'Pending';

/** The largest amount each product lends; an inquiry above it is refused with the limit named. */
export const loanAmountMaxCents: Record<LoanType, bigint> = {
  'Personal Loan': 5_000_000n,
  'Auto Loan': 15_000_000n,
  Mortgage: 200_000_000n,
  'Business Loan': 50_000_000n,
};
export const LOAN_AMOUNT_MIN_CENTS = LOAN_PRINCIPAL_MIN_CENTS;

export const LOAN_INQUIRY_NAME_LENGTH_MAX = 100;
/** RFC 5321's limit on a whole address. */
export const LOAN_INQUIRY_EMAIL_LENGTH_MAX = 254;
export const LOAN_INQUIRY_PHONE_DIGITS_MIN = 7;
export const LOAN_INQUIRY_PHONE_LENGTH_MAX = 20;

const dollars = (cents: bigint) => `$${(cents / 100n).toLocaleString('en-US')}`;

export const loanInquiryMessages = {
  name: 'Enter your name',
  nameTooLong: `Use at most ${LOAN_INQUIRY_NAME_LENGTH_MAX} characters`,
  email: 'Enter a valid email address',
  phone: `Enter a phone number with at least ${LOAN_INQUIRY_PHONE_DIGITS_MIN} digits`,
  phoneCharacters: 'Use digits, spaces, brackets, hyphens and an optional leading +',
  loanType: 'Choose a loan type',
  amountFormat: 'Enter the amount in dollars, digits only, e.g. 15000 or 15000.00',
  amountRange: (type: LoanType) =>
    `${type} inquiries can be from ${dollars(LOAN_AMOUNT_MIN_CENTS)} to ${dollars(loanAmountMaxCents[type])}`,
} as const;

/**
 * POST /api/loan-inquiries: a visitor of a public loan page asks to be contacted about a loan.
 * No account, no credit check — contact details and what they would like to borrow. The amount is
 * a string parsed to cents (never a float); its range depends on the product.
 */
export const loanInquirySchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, loanInquiryMessages.name)
      .max(LOAN_INQUIRY_NAME_LENGTH_MAX, loanInquiryMessages.nameTooLong),
    email: z
      .string()
      .trim()
      .max(LOAN_INQUIRY_EMAIL_LENGTH_MAX, loanInquiryMessages.email)
      .pipe(z.email(loanInquiryMessages.email))
      .transform((email) => email.toLowerCase()),
    phone: z
      .string()
      .trim()
      .max(LOAN_INQUIRY_PHONE_LENGTH_MAX, loanInquiryMessages.phone)
      .regex(/^\+?[0-9 ()-]*$/, loanInquiryMessages.phoneCharacters)
      .refine((p) => p.replace(/\D/g, '').length >= LOAN_INQUIRY_PHONE_DIGITS_MIN, loanInquiryMessages.phone),
    loanType: z.enum(loanTypes, { error: loanInquiryMessages.loanType }),
    amount: z
      .string()
      .trim()
      .max(AMOUNT_INPUT_LENGTH_MAX, loanInquiryMessages.amountFormat)
      .refine((amount) => parseAmountToCents(amount) !== null, loanInquiryMessages.amountFormat),
  })
  .superRefine(
    (value, ctx) => {
      const cents = parseAmountToCents(value.amount);
      if (cents !== null && (cents < LOAN_AMOUNT_MIN_CENTS || cents > loanAmountMaxCents[value.loanType])) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: loanInquiryMessages.amountRange(value.loanType),
        });
      }
    },
    // The range depends on the product, so check it as soon as both of those fields are valid,
    // even while others (name, email …) are still wrong: the form shows every error at once.
    // Root-level issues (not an object, unknown keys) have no path: skip the check then too.
    {
      when: (payload) =>
        payload.issues.every((issue) => {
          const key = issue.path?.[0];
          return key !== undefined && key !== 'amount' && key !== 'loanType';
        }),
    },
  );
export type LoanInquiryInput = z.input<typeof loanInquirySchema>;
export type LoanInquiry = z.output<typeof loanInquirySchema>;

export const loanInquiryResponseSchema = z.object({
  id: z.uuid(),
  status: z.literal(LOAN_STATUS_PENDING),
  loanType: loanTypeSchema,
  /** The amount as stored, two decimals. */
  amount: z.string(),
  createdAt: z.string(),
});
export type LoanInquiryResponse = z.infer<typeof loanInquiryResponseSchema>;

// ————————————————————————————————————————————————————————————————————————————————————————————
// Customer loan applications (issue #6). Same products, same amount ranges as the inquiries
// above; an application also carries a term, a purpose and the applicant's income.
// ————————————————————————————————————————————————————————————————————————————————————————————

/**
 * product §4 names Pending and Approved; the rest are ours (docs/decisions/0030). "Approved" is
 * reached only through approval, which pays the loan out.
 */
export const loanStatuses = ['Pending', 'Under Review', 'Approved', 'Rejected', 'Cancelled'] as const;
export const loanStatusSchema = z.enum(loanStatuses);
export type LoanStatus = z.infer<typeof loanStatusSchema>;
export const LOAN_STATUS_APPROVED = 'Approved' satisfies LoanStatus;
export const LOAN_STATUS_CANCELLED = 'Cancelled' satisfies LoanStatus;
export const LOAN_STATUS_UNDER_REVIEW = 'Under Review' satisfies LoanStatus;
export const LOAN_STATUS_REJECTED = 'Rejected' satisfies LoanStatus;

/** Awaiting a decision: the only statuses a loan can be approved, or cancelled by its applicant, from. */
export const loanAwaitingDecisionStatuses = [
  LOAN_STATUS_PENDING,
  LOAN_STATUS_UNDER_REVIEW,
] as const satisfies readonly LoanStatus[];
export function isAwaitingDecision(status: string): boolean {
  return (loanAwaitingDecisionStatuses as readonly string[]).includes(status);
}

/**
 * product §4/§5: approval is allowed only from Pending. An Under Review loan is moved back to Pending
 * (with a reason, so the history says the checks are done) before it can be approved
 * (docs/decisions/0120).
 */
export function isApprovable(status: string): boolean {
  return status === LOAN_STATUS_PENDING;
}

/** What an admin may set with a plain status change: every status but Approved (DESIGN §0). */
export const adminSettableLoanStatuses = [
  'Pending',
  'Under Review',
  'Rejected',
  'Cancelled',
] as const satisfies readonly LoanStatus[];

/** An application comes from a signed-in customer; an inquiry from a visitor of a public page. */
export const loanSources = ['application', 'inquiry'] as const;
export const loanSourceSchema = z.enum(loanSources);
export type LoanSource = z.infer<typeof loanSourceSchema>;

export const employmentStatuses = ['Employed', 'Self-employed', 'Unemployed', 'Retired', 'Student'] as const;
export const employmentStatusSchema = z.enum(employmentStatuses);
export type EmploymentStatus = z.infer<typeof employmentStatusSchema>;

/** Shortest and longest term any application may ask for; each product narrows it below. */
export const LOAN_APPLICATION_TERM_MONTHS_MIN = 6;
export const LOAN_APPLICATION_TERM_MONTHS_MAX = 360;
/** The terms each product offers, in months (the public pages quote the same ranges). */
export const loanTermMonthsRange: Record<LoanType, { min: number; max: number }> = {
  'Personal Loan': { min: 6, max: 84 },
  'Auto Loan': { min: 24, max: 84 },
  Mortgage: { min: 60, max: 360 },
  'Business Loan': { min: 6, max: 120 },
};

/**
 * The APR each product's illustrative payment is computed at, in thousandths of a percent (see
 * loan-math.ts). Not an offer: the rate is set at underwriting. The dashboard's live estimate and
 * the server's `estimate` field both use these, so they can never disagree.
 */
export const LOAN_ILLUSTRATIVE_APR_THOUSANDTHS: Record<LoanType, number> = {
  'Personal Loan': 11_990,
  'Auto Loan': 6_490,
  Mortgage: 6_750,
  'Business Loan': 9_990,
};

export const LOAN_PURPOSE_LENGTH_MIN = 3;
export const LOAN_PURPOSE_LENGTH_MAX = 500;
/** Annual income may be zero (students, the retired); above $100,000,000.00 is a typo. */
export const LOAN_ANNUAL_INCOME_MAX_CENTS = 10_000_000_000n;
/** How many applications one customer may have awaiting a decision at once. */
export const LOAN_OPEN_APPLICATIONS_MAX = 5;
/** Most status-history entries shown per loan (the newest ones); a loan rarely has more than five. */
export const LOAN_STATUS_HISTORY_SHOWN_MAX = 50;
/** The free-text reason a customer may give when cancelling, and an admin when deciding. */
export const LOAN_REASON_LENGTH_MIN = 3;
export const LOAN_REASON_LENGTH_MAX = 500;
export const LOAN_PAGE_SIZE_DEFAULT = 25;
export const LOAN_PAGE_SIZE_MAX = 100;
/** Longest opaque page cursor accepted (a real one is about 80 characters). */
export const LOAN_CURSOR_LENGTH_MAX = 200;

export const loanApplicationMessages = {
  loanType: 'Choose a loan type',
  amountFormat: 'Enter the amount in dollars, digits only, e.g. 15000 or 15000.00',
  amountRange: (type: LoanType) =>
    `${type} applications can be from ${dollars(LOAN_AMOUNT_MIN_CENTS)} to ${dollars(loanAmountMaxCents[type])}`,
  termMonths: 'Enter the term as a whole number of months',
  termRange: (type: LoanType) =>
    `${type} terms are from ${loanTermMonthsRange[type].min} to ${loanTermMonthsRange[type].max} months`,
  purpose: `Tell us what the loan is for (at least ${LOAN_PURPOSE_LENGTH_MIN} characters)`,
  purposeTooLong: `Use at most ${LOAN_PURPOSE_LENGTH_MAX} characters`,
  annualIncome: `Enter your annual income in dollars, from $0 to ${dollars(LOAN_ANNUAL_INCOME_MAX_CENTS)}, e.g. 65000`,
  employmentStatus: 'Choose your employment status',
  reason: `Give a reason of ${LOAN_REASON_LENGTH_MIN} to ${LOAN_REASON_LENGTH_MAX} characters`,
} as const;

const incomeWithinRange = (income: string) => {
  const cents = parseAmountToCents(income);
  return cents !== null && cents <= LOAN_ANNUAL_INCOME_MAX_CENTS;
};

/**
 * POST /api/loans: a signed-in customer applies for a loan. Money is a string parsed to cents;
 * the amount range and the term range depend on the product, so they are checked together once
 * both the product and the field itself are valid (every error shows at once, as on the inquiry).
 */
export const loanApplicationRequestSchema = z
  .strictObject({
    loanType: z.enum(loanTypes, { error: loanApplicationMessages.loanType }),
    loanAmount: z
      .string({ error: loanApplicationMessages.amountFormat })
      .trim()
      .max(AMOUNT_INPUT_LENGTH_MAX, loanApplicationMessages.amountFormat)
      .refine((amount) => parseAmountToCents(amount) !== null, loanApplicationMessages.amountFormat),
    termMonths: z
      .number({ error: loanApplicationMessages.termMonths })
      .int(loanApplicationMessages.termMonths)
      .min(LOAN_APPLICATION_TERM_MONTHS_MIN, loanApplicationMessages.termMonths)
      .max(LOAN_APPLICATION_TERM_MONTHS_MAX, loanApplicationMessages.termMonths),
    purpose: z
      .string({ error: loanApplicationMessages.purpose })
      .trim()
      .min(LOAN_PURPOSE_LENGTH_MIN, loanApplicationMessages.purpose)
      .max(LOAN_PURPOSE_LENGTH_MAX, loanApplicationMessages.purposeTooLong),
    annualIncome: z
      .string({ error: loanApplicationMessages.annualIncome })
      .trim()
      .max(AMOUNT_INPUT_LENGTH_MAX, loanApplicationMessages.annualIncome)
      .refine(incomeWithinRange, loanApplicationMessages.annualIncome),
    employmentStatus: z.enum(employmentStatuses, { error: loanApplicationMessages.employmentStatus }),
  })
  .superRefine(
    (value, ctx) => {
      const cents = parseAmountToCents(value.loanAmount);
      if (cents !== null && (cents < LOAN_AMOUNT_MIN_CENTS || cents > loanAmountMaxCents[value.loanType])) {
        ctx.addIssue({
          code: 'custom',
          path: ['loanAmount'],
          message: loanApplicationMessages.amountRange(value.loanType),
        });
      }
      const range = loanTermMonthsRange[value.loanType];
      if (value.termMonths < range.min || value.termMonths > range.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['termMonths'],
          message: loanApplicationMessages.termRange(value.loanType),
        });
      }
    },
    {
      // Run once the product, amount and term are each valid, whatever else is still wrong.
      when: (payload) =>
        payload.issues.every((issue) => {
          const key = issue.path?.[0];
          return key !== undefined && key !== 'loanType' && key !== 'loanAmount' && key !== 'termMonths';
        }),
    },
  );
export type LoanApplicationRequestInput = z.input<typeof loanApplicationRequestSchema>;
export type LoanApplicationRequest = z.output<typeof loanApplicationRequestSchema>;

const loanReasonSchema = z
  .string()
  .trim()
  .min(LOAN_REASON_LENGTH_MIN, loanApplicationMessages.reason)
  .max(LOAN_REASON_LENGTH_MAX, loanApplicationMessages.reason);

/** POST /api/loans/:id/cancel: the body is optional; a reason, if given, is kept in the history. */
export const loanCancelRequestSchema = z.strictObject({ reason: loanReasonSchema.optional() });

/**
 * PATCH /api/admin/loans/:id. Any status parses, so that "Approved" is answered with its own
 * message (use Approve) rather than a generic validation error.
 */
export const adminLoanStatusRequestSchema = z.strictObject({
  status: loanStatusSchema,
  reason: loanReasonSchema,
});
export type AdminLoanStatusRequest = z.input<typeof adminLoanStatusRequestSchema>;

/** POST /api/admin/loans/:id/approve: an optional note for the history and the audit log. */
export const adminLoanApproveRequestSchema = z.strictObject({ reason: loanReasonSchema.optional() });

/**
 * The illustrative monthly payment of a loan at its product's illustrative APR, or null when the
 * terms are outside what the loan arithmetic accepts (an inquiry has no term, for one).
 */
export function illustrativeMonthlyPaymentCents(
  loanType: LoanType,
  principalCents: bigint,
  termMonths: number,
): bigint | null {
  if (principalCents < LOAN_PRINCIPAL_MIN_CENTS || principalCents > LOAN_PRINCIPAL_MAX_CENTS) return null;
  if (!Number.isInteger(termMonths) || termMonths < LOAN_TERM_MONTHS_MIN || termMonths > LOAN_TERM_MONTHS_MAX)
    return null;
  return monthlyPaymentCents({
    principalCents,
    aprThousandths: LOAN_ILLUSTRATIVE_APR_THOUSANDTHS[loanType],
    termMonths,
  });
}

export const loanEstimateSchema = z.object({
  /** Always true: an example at the product's illustrative APR, not an offer. */
  illustrative: z.literal(true),
  /** "11.99" (percent). */
  apr: z.string(),
  monthlyPayment: moneySchema,
});
export type IllustrativeLoanEstimate = z.infer<typeof loanEstimateSchema>;

/** One step of a loan's life, as the customer sees it: the staff member's identity stays internal. */
export const loanStatusChangeSchema = z.object({
  fromStatus: loanStatusSchema.nullable(),
  toStatus: loanStatusSchema,
  /** Who made the change: the applicant themself, or the bank (staff, or the system). */
  by: z.enum(['applicant', 'bank']),
  createdAt: z.string(),
});
export type LoanStatusChange = z.infer<typeof loanStatusChangeSchema>;

/** A customer's own application (product §3 field names: loanAmount, loanType, status, createdAt, updatedAt). */
export const customerLoanSchema = z.object({
  id: z.uuid(),
  /** product §3: a loan application carries its applicant's userId (here always the reader's own). */
  userId: z.uuid(),
  loanType: loanTypeSchema,
  loanAmount: moneySchema,
  termMonths: z.number().int(),
  purpose: z.string(),
  annualIncome: moneySchema,
  employmentStatus: employmentStatusSchema,
  status: loanStatusSchema,
  estimate: loanEstimateSchema.nullable(),
  /** The LOAN… transaction id of the payout, once approved. */
  disbursementTransactionId: z.string().nullable(),
  statusHistory: z.array(loanStatusChangeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerLoan = z.infer<typeof customerLoanSchema>;

export const customerLoanQuerySchema = z.strictObject({
  cursor: z.string().max(LOAN_CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(LOAN_PAGE_SIZE_MAX).default(LOAN_PAGE_SIZE_DEFAULT),
  status: loanStatusSchema.optional(),
});

export const customerLoanPageSchema = z.object({
  items: z.array(customerLoanSchema),
  nextCursor: z.string().nullable(),
});

/** A status change as staff see it: who (id and name), from, to, why, when. */
export const adminLoanStatusChangeSchema = z.object({
  id: z.number().int(),
  fromStatus: loanStatusSchema.nullable(),
  toStatus: loanStatusSchema,
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminLoanStatusChange = z.infer<typeof adminLoanStatusChangeSchema>;

/** Any application or inquiry, as the back office lists it. */
export const adminLoanSchema = z.object({
  id: z.uuid(),
  source: loanSourceSchema,
  /** Null for a visitor inquiry: the "anonymous applicant" of product §5. */
  userId: z.uuid().nullable(),
  loanType: loanTypeSchema,
  loanAmount: moneySchema,
  status: loanStatusSchema,
  termMonths: z.number().int().nullable(),
  purpose: z.string().nullable(),
  annualIncome: moneySchema.nullable(),
  employmentStatus: employmentStatusSchema.nullable(),
  /** Applications: the customer as they are now (null if the profile is gone). */
  applicant: z
    .object({
      name: z.string(),
      accountNumber: z.string().nullable(),
      status: userStatusSchema,
    })
    .nullable(),
  /** Inquiries: how to reach the visitor. */
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  estimate: loanEstimateSchema.nullable(),
  /** The LOAN… transaction id of the payout, once approved. */
  disbursementTransactionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminLoan = z.infer<typeof adminLoanSchema>;

export const adminLoanDetailSchema = adminLoanSchema.extend({
  statusHistory: z.array(adminLoanStatusChangeSchema),
});
export type AdminLoanDetail = z.infer<typeof adminLoanDetailSchema>;

export const adminLoanQuerySchema = z.strictObject({
  cursor: z.string().max(LOAN_CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(LOAN_PAGE_SIZE_MAX).default(LOAN_PAGE_SIZE_DEFAULT),
  status: loanStatusSchema.optional(),
  loanType: loanTypeSchema.optional(),
  source: loanSourceSchema.optional(),
});
export type AdminLoanQuery = z.input<typeof adminLoanQuerySchema>;

export const adminLoanPageSchema = z.object({
  items: z.array(adminLoanSchema),
  nextCursor: z.string().nullable(),
});

/** POST /api/admin/loans/:id/approve answers with the approved loan and the customer's LOAN record. */
export const adminLoanApproveResponseSchema = z.object({
  loan: adminLoanDetailSchema,
  transaction: transactionRecordSchema,
});
export type AdminLoanApproveResponse = z.infer<typeof adminLoanApproveResponseSchema>;
