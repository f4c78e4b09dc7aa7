import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, instant } from './columns';

/**
 * A login identity: the email and password hash (the spec's "authentication service"). The
 * profile below is the spec's "users" document; a login without a profile is possible (and
 * answered "User profile not found.").
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: instant('password_changed_at').notNull().defaultNow(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identities_email_key').on(t.email),
    // The admin directory's email prefix search (`email collate "C" like 'jan%'`): a C-collated
    // btree answers LIKE prefixes whatever the database's own collation is.
    index('identities_email_prefix_idx').on(sql`${t.email} collate "C"`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => identities.id),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['active', 'suspended', 'closed'] })
      .notNull()
      .default('active'),
    /** Staff only (decision 0167): the admin's permission set; null for every customer. */
    staffRole: text('staff_role', { enum: ['operator', 'approver', 'administrator'] }),
    /**
     * Staff only (decision 0189): created by an administrator and not yet activated through the
     * emailed invitation; such a member has no password anyone knows and cannot sign in.
     */
    staffInvited: boolean('staff_invited').notNull().default(false),
    /**
     * Staff only (decision 0190): who last created or changed this member's permission set, and
     * when. Null for staff made by `npm run admin:create` or the demo seed (nobody at the bank).
     */
    appointedBy: uuid('appointed_by'),
    appointedAt: instant('appointed_at'),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default(''),
    maritalStatus: text('marital_status').notNull().default(''),
    occupation: text('occupation').notNull().default(''),
    /** AES-256-GCM ciphertext (see lib/crypto.ts); null for staff. */
    ssnEncrypted: text('ssn_encrypted'),
    ssnLast4: text('ssn_last4'),
    /** YYYY-MM-DD; empty for staff. */
    dob: text('dob').notNull().default(''),
    /** Customers only: `409` + 8 digits. */
    accountNumber: text('account_number'),
    accountLimitCents: cents('account_limit_cents').notNull(),
    avatarUrl: text('avatar_url').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_account_number_key').on(t.accountNumber),
    check(
      'profiles_account_number_format',
      sql`${t.accountNumber} is null or ${t.accountNumber} ~ '^409[0-9]{8}$'`,
    ),
    check('profiles_account_limit_nonnegative', sql`${t.accountLimitCents} >= 0`),
    // An admin always has a permission set and a customer never has one. `is not null` matters: a
    // CHECK passes when it is NULL, and `null in (…)` is NULL.
    check(
      'profiles_staff_role_valid',
      sql`(${t.role} = 'admin' and ${t.staffRole} is not null and ${t.staffRole} in ('operator', 'approver', 'administrator')) or (${t.role} <> 'admin' and ${t.staffRole} is null)`,
    ),
    // Admin directory (docs/decisions/0040). Ascending keys: a btree scanned backwards gives the
    // plain `desc` order too, which a `DESC NULLS LAST` key cannot. `user_id` is the keyset tie-break.
    index('profiles_role_created_idx').on(t.role, t.createdAt, t.userId),
    index('profiles_customer_status_created_idx')
      .on(t.status, t.createdAt, t.userId)
      .where(sql`${t.role} = 'user'`),
    // Name sort and surname prefix search in one index: C collation makes LIKE prefixes indexable
    // and the order the same on every server, whatever its locale. The expression indexes are not
    // partial on purpose: PostgreSQL keeps statistics for an indexed expression only when the index
    // is not partial, and without them every prefix is guessed at 0.5 % of the table.
    index('profiles_name_idx').on(
      sql`lower(${t.surname}) collate "C"`,
      sql`lower(${t.firstName}) collate "C"`,
      t.userId,
    ),
    index('profiles_first_name_idx').on(sql`lower(${t.firstName}) collate "C"`),
    index('profiles_account_number_prefix_idx').on(sql`${t.accountNumber} collate "C"`),
  ],
);

/**
 * Server-side sessions. The browser holds only a random 256-bit id; we store its SHA-256, so a
 * copy of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identities.id),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    idleExpiresAt: instant('idle_expires_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** What the customer signs it out by on the security page (decision 0140): not a secret. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** Where it signed in from, looked up at sign-in: an ISO 3166 country, 'local', or null (decision 0141). */
    place: text('place'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_idle_expiry_idx').on(t.idleExpiresAt),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
    check('sessions_place_format', sql`${t.place} is null or ${t.place} ~ '^([A-Z]{2}|local)$'`),
  ],
);

/**
 * Failed-login counters per key (`acct:…`, `email:…`, `ip:…`). Kept in the database so every
 * instance sees the same counts.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    /** Failures in the current window: they set the back-off. */
    failures: integer('failures').notNull().default(0),
    /** Failures since the last success, never windowed: NIST SP 800-63B §5.2.2's hard limit (decision 0081). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the owner was last mailed about failures on this key (at most one mail a period). */
    notifiedAt: instant('notified_at'),
    windowStartedAt: instant('window_started_at').notNull(),
    lockedUntil: instant('locked_until'),
    updatedAt: instant('updated_at').notNull(),
  },
  // Housekeeping's: rows long idle.
  (t) => [index('login_throttles_updated_idx').on(t.updatedAt)],
);

/**
 * The first step of a two-step sign-in (admin password, or a sign-up form), bound to the browser
 * that did it: the browser holds a random id in an HttpOnly cookie, we keep its SHA-256. The
 * second step needs the cookie as well as the emailed code (decision 0080).
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    idHash: text('id_hash').primaryKey(),
    purpose: text('purpose', { enum: ['signup', 'admin_login'] }).notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /**
     * The admin who gave the password; for a sign-up, null until its second step opened the
     * account, then that account (a retry of the same second step answers with it, decision 0106).
     */
    userId: uuid('user_id').references(() => identities.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Single use: set by the second step that succeeds. */
    consumedAt: instant('consumed_at'),
  },
  (t) => [
    index('pending_sign_ins_email_idx').on(t.email),
    index('pending_sign_ins_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Browsers a person has signed in from: a long-lived random id in an HttpOnly cookie (we keep its
 * SHA-256). Failed sign-ins from such a browser count apart from strangers' (decision 0081).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identities.id),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);
