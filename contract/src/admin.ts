import { z } from 'zod';
import { contactFieldsSchema, makeSignupSchema, profileSchema, userStatusSchema } from './auth';
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SEARCH_TEXT_LENGTH_MAX,
  holdStatusSchema,
  reasonSchema,
  transactionRecordSchema,
} from './banking';
import { personFilterSchema } from './people-filter';
import { amountInputSchema, formatCents, moneySchema, parseAmountToCents } from './money';

/**
 * The admin console (GitHub issue #8): the customer directory, one customer's file and its edits,
 * the overview and the audit log. Every query parameter and body field is bounded here, so the
 * console's forms check exactly what the server enforces.
 */

/** The highest daily transfer limit an admin may give a customer: $1,000,000.00. */
export const ACCOUNT_LIMIT_MAX_CENTS = 100_000_000n;
/** Longest page cursor accepted; ours are far shorter (a cursor carries at most two names). */
export const CURSOR_LENGTH_MAX = 1024;
/** How many of the newest records, loans and admin actions a summary shows. */
export const ADMIN_RECENT_ITEMS_MAX = 10;
/** Audit actions are dotted lower-case names (`admin.user_update`, `auth.login`). */
export const AUDIT_ACTION_LENGTH_MAX = 100;
export const AUDIT_ACTION_PATTERN = /^[a-z0-9_.]+$/;
export const AUDIT_SUBJECT_LENGTH_MAX = 100;
/** Every admin action's name starts with this (the overview lists the newest of them). */
export const ADMIN_ACTION_PREFIX = 'admin.';

const pageLimit = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT);
const cursor = z.string().max(CURSOR_LENGTH_MAX).optional();

// ---------------------------------------------------------------------------------------------
// GET /api/admin/users

export const adminUserSorts = ['createdAt', 'name', 'balance'] as const;
export const adminUserSortSchema = z.enum(adminUserSorts);
export type AdminUserSort = z.infer<typeof adminUserSortSchema>;
export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;
/** The order each sort uses when the request names none: newest, A→Z, richest. */
export const adminUserSortDefaultOrder: Record<AdminUserSort, SortOrder> = {
  createdAt: 'desc',
  name: 'asc',
  balance: 'desc',
};

/**
 * `q` searches, case-insensitively and by prefix: first name, surname, "first surname" and
 * email; when it is all digits, the account number instead. A cursor belongs to the sort and
 * order that produced it; sending it with another is a 400.
 */
export const adminUserListQuerySchema = z.strictObject({
  q: z.string().trim().max(SEARCH_TEXT_LENGTH_MAX).optional(),
  status: userStatusSchema.optional(),
  sort: adminUserSortSchema.default('createdAt'),
  order: sortOrderSchema.optional(),
  cursor,
  limit: pageLimit,
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  surname: z.string(),
  /** "First Surname", as the list shows it. */
  name: z.string(),
  email: z.string(),
  accountNumber: z.string(),
  status: userStatusSchema,
  balance: moneySchema,
  currency: z.string(),
  accountLimit: moneySchema,
  avatar: z.string(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserPageSchema = z.object({
  items: z.array(adminUserRowSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/admin/users/:id

export const adminUserLoanSchema = z.object({
  id: z.uuid(),
  loanType: z.string(),
  amount: moneySchema,
  termMonths: z.number().int().nullable(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUserLoan = z.infer<typeof adminUserLoanSchema>;

export const adminUserDetailSchema = z.object({
  /** The customer's profile as they see it themselves: the SSN only as its last four digits. */
  profile: profileSchema,
  /**
   * Until when sign-in (or password reset) is locked after failed attempts, ISO 8601; null when
   * it is not (issue 17: the back office can unlock it).
   */
  signInLockedUntil: z.string().nullable(),
  counts: z.object({
    transactions: z.number().int(),
    loans: z.number().int(),
    /** Sessions that could still act now (not idle- or absolutely expired). */
    openSessions: z.number().int(),
  }),
  /** Newest first, at most ADMIN_RECENT_ITEMS_MAX of each. */
  recentTransactions: z.array(transactionRecordSchema),
  recentLoans: z.array(adminUserLoanSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

// ---------------------------------------------------------------------------------------------
// PATCH /api/admin/users/:id

export const accountLimitMessages = {
  format: 'Enter the limit in dollars, like 50000 or 50000.00',
  max: `The limit can be at most $${formatCents(ACCOUNT_LIMIT_MAX_CENTS)}`,
} as const;

/** A daily transfer limit typed by an admin: dollars with at most two decimals, 0 to the max. */
export const accountLimitInputSchema = amountInputSchema
  .refine((value) => parseAmountToCents(value) !== null, accountLimitMessages.format)
  .refine((value) => {
    const cents = parseAmountToCents(value);
    return cents === null || cents <= ACCOUNT_LIMIT_MAX_CENTS;
  }, accountLimitMessages.max);

const signupShape = makeSignupSchema().shape;

/** The fields an admin may change, validated by the very rules that applied at sign-up. */
export const adminEditableFields = [
  'firstName',
  'surname',
  'phone',
  'address',
  'zipCode',
  'country',
  'maritalStatus',
  'occupation',
  'status',
  'accountLimit',
  'dob',
] as const;
export type AdminEditableField = (typeof adminEditableFields)[number];

/**
 * Strict: role, balance, email, account number, SSN — anything not named here —
 * is refused with 400, never ignored and never applied. Balance moves only through the ledger.
 */
export const adminUserUpdateSchema = z
  .strictObject({
    firstName: signupShape.firstName.optional(),
    surname: signupShape.surname.optional(),
    ...contactFieldsSchema.partial().shape,
    status: userStatusSchema.optional(),
    accountLimit: accountLimitInputSchema.optional(),
    /** The date of birth, as at sign-up (issue 17: corrected by the back office, with a reason). */
    dob: signupShape.dob.optional(),
    /** Why: kept in the audit log with the before and after. */
    reason: reasonSchema,
  })
  .refine((body) => adminEditableFields.some((field) => body[field] !== undefined), {
    message: 'Change at least one field',
  });
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/admin/audit

const auditAction = z
  .string()
  .trim()
  .min(1)
  .max(AUDIT_ACTION_LENGTH_MAX)
  .regex(AUDIT_ACTION_PATTERN, 'Use lower-case letters, digits, dots and underscores');

/** The audit log's filters: the list and its CSV export take the same ones. */
const auditFilterFields = {
  actorId: z.uuid().optional(),
  /** Exactly this action, e.g. `admin.user_update`. */
  action: auditAction.optional(),
  /** Actions starting with this, e.g. `admin.` or `auth.`. */
  actionPrefix: auditAction.optional(),
  subjectId: z.string().trim().min(1).max(AUDIT_SUBJECT_LENGTH_MAX).optional(),
  /** Who acted, by name, email or account number (decision 0169). */
  actor: personFilterSchema.optional(),
  /** The customer acted on, by name, email or account number (decision 0169). */
  subject: personFilterSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const fromNotAfterToError = { message: '"from" must be on or before "to"', path: ['from'] };

/** Dates are UTC days, both ends inclusive. */
export const adminAuditQuerySchema = z
  .strictObject({ cursor, limit: pageLimit, ...auditFilterFields })
  .refine(fromNotAfterTo, fromNotAfterToError);
/** GET /api/admin/audit.csv: the same filters, no page. */
export const adminAuditExportQuerySchema = z
  .strictObject(auditFilterFields)
  .refine(fromNotAfterTo, fromNotAfterToError);
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const auditOutcomeSchema = z.enum(['success', 'failure', 'denied']);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** "First Surname" of the actor's profile, when there is one. */
  actorName: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  ip: z.string().nullable(),
  outcome: auditOutcomeSchema,
  reason: z.string().nullable(),
  /** Before/after of a change or other context; secret-looking keys are removed server-side. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// GET /api/admin/overview

/**
 * Money movements in a window (decision 0124): one per journal entry that touched a customer — an
 * internal transfer counts once, under the sender's record type, not again as the recipient's
 * Deposit.
 */
const volumeSchema = z.object({
  /** The window, ISO 8601: from inclusive, to exclusive. */
  from: z.string(),
  to: z.string(),
  count: z.number().int(),
  byType: z.array(z.object({ type: z.string(), count: z.number().int(), amount: moneySchema })),
});
export type AdminVolume = z.infer<typeof volumeSchema>;

export const adminOverviewSchema = z.object({
  asOf: z.string(),
  customers: z.object({
    total: z.number().int(),
    active: z.number().int(),
    suspended: z.number().int(),
    closed: z.number().int(),
  }),
  /** What the bank holds for its customers: the sum of every customer account. */
  balances: z.object({ total: moneySchema, currency: z.string() }),
  volume: z.object({
    /** Today, as a UTC calendar day. */
    today: volumeSchema,
    /** The last seven UTC calendar days, today included. */
    last7Days: volumeSchema,
  }),
  loans: z.object({ pendingApplications: z.number().int(), pendingInquiries: z.number().int() }),
  recentAdminActions: z.array(auditEntrySchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/admin/holds, POST /api/admin/holds/:id/release, POST /api/admin/holds/:id/return

/** The newest first; `status` defaults to the holds still in force. */
export const adminHoldListQuerySchema = z.strictObject({
  status: holdStatusSchema.default('active'),
  cursor,
  limit: pageLimit,
});
export type AdminHoldListQuery = z.input<typeof adminHoldListQuerySchema>;

export const adminHoldSchema = z.object({
  id: z.uuid(),
  /** The Check Deposit record the hold belongs to. */
  recordId: z.uuid(),
  transactionId: z.string(),
  userId: z.uuid(),
  /** "First Surname". */
  customerName: z.string(),
  accountNumber: z.string(),
  /** The whole check. */
  amount: moneySchema,
  /** What is still held now. */
  heldAmount: moneySchema,
  checkNumber: z.string(),
  /** The rest of the check's MICR line as the customer typed it; null on deposits made before it was asked (decision 0192). */
  routingNumber: z.string().nullable(),
  payerAccountNumber: z.string().nullable(),
  createdAt: z.string(),
  /** When the whole deposit is available on the release schedule, ISO 8601. */
  availableAt: z.string(),
  status: holdStatusSchema,
  /** The reviewer who released or returned it early, and why; null while it runs its schedule. */
  reviewerId: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  reviewReason: z.string().nullable(),
  releasedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** For a returned check: what the customer's balance covered, and the shortfall the bank bore. */
  returnedCollected: moneySchema.nullable(),
  returnedShortfall: moneySchema.nullable(),
});
export type AdminHold = z.infer<typeof adminHoldSchema>;

export const adminHoldPageSchema = z.object({
  items: z.array(adminHoldSchema),
  nextCursor: z.string().nullable(),
});
export type AdminHoldPage = z.infer<typeof adminHoldPageSchema>;

export const adminHoldActionSchema = z.strictObject({ reason: reasonSchema });
export type AdminHoldAction = z.input<typeof adminHoldActionSchema>;

/** What release and return answer: the hold after the action. */
export const adminHoldActionResponseSchema = z.object({ hold: adminHoldSchema });
