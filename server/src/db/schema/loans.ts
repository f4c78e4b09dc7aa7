import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cents, instant } from './columns';
import { profiles } from './identity';
import { transactionRecords } from './ledger';

/**
 * Loan applications from customers (source 'application', user_id set) and inquiries from visitors
 * of the public loan pages (source 'inquiry', user_id null, contact fields set). product §4: created
 * Pending; Approved only through approval, which pays out (docs/decisions/0030, 0031).
 */
export const loanApplications = pgTable(
  'loan_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a visitor inquiry ("anonymous applicant"). Profiles are never deleted, only closed. */
    userId: uuid('user_id').references(() => profiles.userId),
    source: text('source', { enum: ['application', 'inquiry'] }).notNull(),
    loanType: text('loan_type').notNull(),
    amountCents: cents('amount_cents').notNull(),
    termMonths: integer('term_months'),
    purpose: text('purpose'),
    annualIncomeCents: cents('annual_income_cents'),
    employmentStatus: text('employment_status'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    status: text('status', {
      enum: ['Pending', 'Under Review', 'Approved', 'Rejected', 'Cancelled'],
    })
      .notNull()
      .default('Pending'),
    /** The customer's LOAN… record of the payout; set in the same transaction that approves. */
    disbursementRecordId: uuid('disbursement_record_id').references(() => transactionRecords.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('loan_applications_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'loan_applications_status_known',
      sql`${t.status} in ('Pending', 'Under Review', 'Approved', 'Rejected', 'Cancelled')`,
    ),
    // An application always has its customer; an inquiry never has one.
    check('loan_applications_source_user', sql`(${t.source} = 'application') = (${t.userId} is not null)`),
    // "Approved" always means the money was paid out (DESIGN §0), and only then is there a payout.
    check(
      'loan_applications_approved_paid',
      sql`(${t.status} = 'Approved') = (${t.disbursementRecordId} is not null)`,
    ),
    check('loan_applications_term_range', sql`${t.termMonths} is null or ${t.termMonths} between 1 and 480`),
    check(
      'loan_applications_income_nonnegative',
      sql`${t.annualIncomeCents} is null or ${t.annualIncomeCents} >= 0`,
    ),
    index('loan_applications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('loan_applications_user_idx').on(t.userId, t.createdAt.desc()),
    index('loan_applications_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Who moved a loan from which status to which, when and why. Append-only. */
export const loanStatusHistory = pgTable(
  'loan_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The customer or staff member; null for a visitor's inquiry. */
    actorId: uuid('actor_id'),
    reason: text('reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('loan_status_history_loan_idx').on(t.loanId, t.id)],
);
