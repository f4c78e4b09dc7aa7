import crypto from 'node:crypto';
import pg from 'pg';
import {
  BANK_DISPLAY_NAME,
  employmentStatuses,
  loanAmountMaxCents,
  loanTypes,
  type LoanType,
} from '@larkspur/contract';
import { openDatabase } from '../../server/src/db/client';
import { systemClock } from '../../server/src/lib/clock';
import { createFieldCipher } from '../../server/src/lib/field-encryption';
import { hashPassword } from '../../server/src/lib/passwords';
import { newCardNumber } from '../../server/src/modules/cards/card-numbers';
import {
  ensureSystemAccounts,
  SYSTEM_ACCOUNTS,
  type SystemAccountCode,
} from '../../server/src/modules/ledger/system-accounts';
import { verifyLedger } from '../../server/src/modules/ledger/verify';
import { RECORD_PREFIXES } from '../../server/src/modules/ledger/transaction-ids';
import {
  ACCOUNT_NUMBER_RANDOM_MAX,
  ACCOUNT_NUMBER_RANDOM_MIN,
} from '../../server/src/modules/users/account-numbers';
import { avatarUrlFor } from '../../server/src/modules/users/avatar';
import { createUserService } from '../../server/src/modules/users/user-service';

/**
 * A bank's worth of data, seeded straight into a migrated PostgreSQL database with set-based SQL:
 * customers (identity, profile, account, card), a ledger of balanced journal entries with their
 * postings and the customers' transaction records, loans with their status history, and the audit
 * rows all of that would have left. For the admin-console benchmarks (bench/admin-scale.ts,
 * bench/explain-directory.ts): the server's services write one row per round trip, which at a
 * million records would take hours.
 *
 * The ledger invariants hold exactly as `verifyLedger` checks them: every entry has two postings
 * summing to zero, every record points at an entry with a posting on its owner's account, every
 * cached balance is the sum of its postings, and no customer balance is ever negative — each
 * customer's opening deposit, dated at sign-up, covers every debit they make later.
 *
 * Not seeded, because no admin page reads them: sessions, outbox and mailbox messages (the alert
 * emails of each movement), idempotency keys, check images, record corrections.
 */

// ---- shape of the data (shares of a real bank's tables, chosen, not measured) ------------------
/** Customers signed up evenly over this period, so a small and a large bank span the same dates. */
const SIGNUP_SPAN_MS = 3 * 365 * 86_400_000;
/** The opening deposit lands this long after sign-up; every other movement of theirs after it. */
const OPENING_DELAY_MS = 60_000;
/** One busy customer (a small business) owns this share of the movements: the worst customer file. */
export const BUSY_CUSTOMER_N = 2;
const BUSY_CUSTOMER_SHARE = 0.01;
/** Activity by sign-up order: `n = U · random()^skew`, so older customers move money more often. */
const ACTIVITY_SKEW = 1.3;
/** Share of movements that are transfers between two customers (two records each); rest one record. */
const LOCAL_TRANSFER_SHARE = 0.45;
/** The one-record movements, as weights out of their sum (cycled by entry number). */
const SINGLE_KINDS = [
  { kind: 'check', weight: 15 },
  { kind: 'deposit', weight: 18 },
  { kind: 'withdrawal', weight: 12 },
  { kind: 'wire', weight: 8 },
  { kind: 'intl', weight: 2 },
] as const;
/** Each kind's amount in cents: min + (max − min) · random()^skew, so most are small. */
const MOVEMENT_CENTS: Record<string, { min: number; max: number; skew: number }> = {
  local: { min: 100, max: 50_000, skew: 3 },
  check: { min: 1_000, max: 300_000, skew: 2 },
  deposit: { min: 1_000, max: 500_000, skew: 2 },
  withdrawal: { min: 2_000, max: 100_000, skew: 2 },
  wire: { min: 5_000, max: 500_000, skew: 2 },
  intl: { min: 10_000, max: 1_000_000, skew: 2 },
};
/** What each customer keeps on top of the opening deposit that covers all their debits. */
const OPENING_SURPLUS_CENTS = { min: 2_500, max: 2_500_000, skew: 2 };
/** A transfer reaches a payee at least this long after the payee signed up. */
const PAYEE_SIGNUP_GAP_MS = 1_000;
const CHECK_NUMBER_MIN = 1_000;
const CHECK_NUMBER_COUNT = 9_000;
/** Digits of a payee's account at another bank, of an IBAN after its country code, of a routing number. */
const WIRE_ACCOUNT_DIGITS = 10;
const IBAN_DIGITS = 18;
const ROUTING_DIGITS = 9;
/** Loan applications and visitor inquiries per customer, and the inquiries' share of them. */
const LOANS_PER_CUSTOMER = 0.2;
const INQUIRY_PERCENT = 15;
/** Statuses of applications and of inquiries, in percent (an inquiry cannot be approved). */
const APPLICATION_STATUS_PERCENT: [string, number][] = [
  ['Pending', 6],
  ['Under Review', 4],
  ['Approved', 30],
  ['Rejected', 45],
  ['Cancelled', 15],
];
const INQUIRY_STATUS_PERCENT: [string, number][] = [
  ['Pending', 30],
  ['Under Review', 10],
  ['Rejected', 40],
  ['Cancelled', 20],
];
/** Loan k's status is drawn from `k · stride mod 100`, apart from its source (`k mod 100`). */
const LOAN_STATUS_STRIDE = 7;
const ANNUAL_INCOME_CENTS = { min: 2_000_000, max: 25_000_000 };
/** Undecided loans are recent: created within this many days. */
const OPEN_LOAN_AGE_MS = 30 * 86_400_000;
const DECISION_DELAY_MAX_MS = 14 * 86_400_000;
/** Sign-ins leave an audit row each; a bank's audit log is mostly these. */
const LOGINS_PER_RECORD = 0.5;
const LOGIN_FAILURE_SHARE = 0.03;
/** Statuses by sign-up number, as the directory's EXPLAIN figures (docs/decisions/0040) used them. */
const SUSPENDED_EVERY = 50;
const CLOSED_EVERY = 101;
/** `n · stride mod 90,000,000` is one-to-one (the stride is a prime not dividing 90,000,000): account
 *  numbers scattered like real draws, never repeated. */
const ACCOUNT_NUMBER_STRIDE = 7919;
const ACCOUNT_NUMBER_SPACE = ACCOUNT_NUMBER_RANDOM_MAX - ACCOUNT_NUMBER_RANDOM_MIN + 1;
const SURNAME_STRIDE = 7919;
/** The server's default daily limit (contract DEFAULT_ACCOUNT_LIMIT_CENTS), as a plain number for SQL. */
const ACCOUNT_LIMIT_CENTS = 5_000_000;
const CARD_VALIDITY_YEARS = 4;
/** Rows per customer insert: a few MB of parameters per statement. */
const CUSTOMER_BATCH_ROWS = 20_000;
/** transaction-ids.ts: prefix, millisecond, then this many characters of this alphabet (5 bits each);
 *  here they spell the row's own number, so no two ids collide. */
const SUFFIX_LENGTH = 8;
const SUFFIX_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Memory for the index builds after the load and for the seed's hash joins (this session only). */
const SEED_MAINTENANCE_WORK_MEM = '512MB';
const SEED_WORK_MEM = '128MB';

export const CUSTOMER_PASSWORD = 'bench customer password 1234';

export const FIRST_NAMES =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra
Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George
Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Maria Martin Marco
Marta Mario Marisol José Émile Zoë`.split(/\s+/);
export const SURNAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell
Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook
Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks
Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster
Jiménez Müller O'Brien`
    .split(/\s+/)
    // A surname with spaces: a "van der…" prefix is a surname search (user-list.ts).
    .concat('van der Berg');

const STREETS = ['Market Street', 'Oak Avenue', 'Maple Drive', 'Cedar Lane', 'Pine Street', 'Elm Court'];
const CITIES = ['San Francisco, CA', 'Portland, OR', 'Austin, TX', 'Denver, CO', 'Chicago, IL', 'Boston, MA'];
const OCCUPATIONS = ['Engineer', 'Teacher', 'Nurse', 'Accountant', 'Designer', 'Electrician', 'Chef'];
const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'];
const TRANSFER_PURPOSES = [
  'Rent',
  'Dinner',
  'Groceries',
  'Birthday gift',
  'Utilities',
  'Concert tickets',
  'Car repair',
  'Shared vacation',
  'Tuition',
  'Loan repayment',
  'Babysitting',
  'Phone bill',
];
const DEPOSIT_REASONS = [
  'Cash deposit at the branch',
  'Fee refund',
  'Goodwill credit',
  'Interest adjustment',
];
const WITHDRAWAL_REASONS = [
  'Cash withdrawal at the branch',
  'Overdraft fee',
  'Card replacement fee',
  'Wire fee',
];
const OTHER_BANKS = [
  'First Harbor Bank',
  'Cedar Valley Credit Union',
  'Northwind Savings',
  'Summit National',
];
/** International payees: country, bank, SWIFT/BIC, IBAN country code, currency, symbol. */
const FOREIGN = [
  ['Germany', 'Rheinland Bank', 'RHLBDEFF', 'DE', 'EUR', '€'],
  ['United Kingdom', 'Thames Mutual', 'THMSGB2L', 'GB', 'GBP', '£'],
  ['Japan', 'Sakura Trust', 'SKRTJPJT', 'JP', 'JPY', '¥'],
  ['Mexico', 'Banco del Valle', 'BDVAMXMM', 'MX', 'MXN', '$'],
] as const;
const LOAN_PURPOSES = ['Home renovation', 'A used car', 'Consolidating credit cards', 'Equipment', 'Tuition'];
/** Per loan type: amount range and term range (months), within the contract's bounds. */
const LOAN_SHAPES: Record<
  LoanType,
  { minCents: number; maxCents: number; minTerm: number; maxTerm: number }
> = {
  'Personal Loan': { minCents: 100_000, maxCents: 5_000_000, minTerm: 12, maxTerm: 60 },
  'Auto Loan': { minCents: 500_000, maxCents: 8_000_000, minTerm: 36, maxTerm: 72 },
  Mortgage: { minCents: 5_000_000, maxCents: 80_000_000, minTerm: 180, maxTerm: 360 },
  'Business Loan': { minCents: 1_000_000, maxCents: 50_000_000, minTerm: 12, maxTerm: 120 },
};
/** Where the bank's own side of each movement lands (banking-service.ts does the same). */
const SYSTEM_SIDE: Record<string, SystemAccountCode> = {
  wire: SYSTEM_ACCOUNTS.externalSettlement,
  intl: SYSTEM_ACCOUNTS.internationalSettlement,
  check: SYSTEM_ACCOUNTS.checkClearing,
  deposit: SYSTEM_ACCOUNTS.cash,
  opening: SYSTEM_ACCOUNTS.cash,
  withdrawal: SYSTEM_ACCOUNTS.cash,
  loan: SYSTEM_ACCOUNTS.loanDisbursement,
};
const DEBIT_KINDS = `('local', 'wire', 'intl', 'withdrawal')`;
/** Customers sign in from this many addresses of a documentation range. */
const CUSTOMER_IP_PREFIX = '203.0.113.';
const CUSTOMER_IP_COUNT = 250;
/** Draws are reproducible: the same dataset every run, so runs compare. */
const RANDOM_SEED = 0.4091;
const ADMIN_IP = '198.51.100.7';

export interface CustomerShape {
  firstName: string;
  surname: string;
  email: string;
  accountNumber: string;
  status: 'active' | 'suspended' | 'closed';
}

function asciiFold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The n-th customer's names, email, account number and status (n from 1, in sign-up order). */
export function customerShape(n: number): CustomerShape {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length] as string;
  const surname = SURNAMES[(n * SURNAME_STRIDE) % SURNAMES.length] as string;
  return {
    firstName,
    surname,
    email: `${asciiFold(firstName).toLowerCase()}.${n}@example.test`,
    accountNumber: `409${ACCOUNT_NUMBER_RANDOM_MIN + ((n * ACCOUNT_NUMBER_STRIDE) % ACCOUNT_NUMBER_SPACE)}`,
    status: n % SUSPENDED_EVERY === 0 ? 'suspended' : n % CLOSED_EVERY === 0 ? 'closed' : 'active',
  };
}

export interface DatasetOptions {
  customers: number;
  records: number;
  /** The server's DATA_ENCRYPTION_KEY: SSNs and card numbers must decrypt with it. */
  dataKey: Buffer;
  /** The staff member behind every seeded admin action (an existing admin profile). */
  adminId: string;
  /** Ids of the system accounts (ensureSystemAccounts). */
  systemAccounts: Record<SystemAccountCode, number>;
  now?: Date;
  log?: (line: string) => void;
}

export interface DatasetSummary {
  customers: number;
  records: number;
  entries: number;
  postings: number;
  loans: number;
  auditRows: number;
  busyCustomer: { userId: string; accountNumber: string; records: number };
  /** Seconds per phase, in order. */
  phases: [string, number][];
  totalSeconds: number;
}

/** Positional parameters with their casts, so long statements stay readable. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/** `'epoch' + ms`: integer milliseconds to a timestamptz, exactly, whatever the session time zone. */
const at = (ms: string) => `('epoch'::timestamptz + (${ms}) * interval '1 millisecond')`;
/** SUFFIX_LENGTH characters of the suffix alphabet spelling a bigint expression, most significant first. */
const suffixOf = (k: string) =>
  Array.from({ length: SUFFIX_LENGTH }, (_, i) => 5 * (SUFFIX_LENGTH - 1 - i))
    .map((shift) => `substr('${SUFFIX_ALPHABET}', (((${k}) >> ${shift}) & 31)::int + 1, 1)`)
    .join(' || ');
/** Dollars and cents as formatCents writes them, for audit details. */
const money = (cents: string) => `((${cents}) / 100)::text || '.' || lpad(((${cents}) % 100)::text, 2, '0')`;
/** An element of a text[] parameter picked by a random in [0, 1). */
const pickText = (array: string, random: string) =>
  `(${array})[1 + floor((${random}) * array_length(${array}, 1))::int]`;

/** `min + (max − min) · random^skew` as a bigint: a range where small values are the common ones. */
const skewed = (range: { min: number; max: number; skew: number }, random: string) =>
  `(${range.min} + floor(power(${random}, ${range.skew}) * ${range.max - range.min}))::bigint`;
/** A string of `count` random digits (leading zeros kept). */
const digits = (count: number, random: string) =>
  `lpad(floor((${random}) * 1e${count})::bigint::text, ${count}, '0')`;
/** A CASE picking a label by a value in [0, 100) and cumulative percentages. */
function percentCase(value: string, shares: [string, number][]): string {
  let bound = 0;
  const arms = shares.map(([label, percent]) => {
    bound += percent;
    return `when ${value} < ${bound} then '${label}'`;
  });
  return `case ${arms.join(' ')} end`;
}

/** Movements of each shape that make exactly `remaining` records: a transfer between customers writes two. */
function movementCounts(remaining: number): { local: number; single: number } {
  const local = Math.round((LOCAL_TRANSFER_SHARE * remaining) / (1 + LOCAL_TRANSFER_SHARE));
  return { local, single: remaining - 2 * local };
}

/**
 * Drops every foreign key, primary and unique key and index of the public schema and returns the
 * statements that rebuild them. A bulk load then writes bare heaps, and each index is built once,
 * sorted, afterwards; re-adding the keys validates every row as the live constraints would have.
 */
async function dropKeysAndIndexes(client: pg.Client): Promise<string[]> {
  const { rows: foreign } = await client.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, quote_ident(conname) as name, pg_get_constraintdef(oid) as def
     from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const { rows: keys } = await client.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, quote_ident(conname) as name, pg_get_constraintdef(oid) as def
     from pg_constraint where contype in ('p', 'u') and connamespace = 'public'::regnamespace`,
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class c on c.oid = i.indrelid
     where c.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const f of foreign) await client.query(`alter table ${f.tbl} drop constraint ${f.name}`);
  for (const k of keys) await client.query(`alter table ${k.tbl} drop constraint ${k.name}`);
  for (const i of indexes) await client.query(`drop index ${i.name}`);
  return [
    ...indexes.map((i) => i.def),
    ...keys.map((k) => `alter table ${k.tbl} add constraint ${k.name} ${k.def}`),
    ...foreign.map((f) => `alter table ${f.tbl} add constraint ${f.name} ${f.def}`),
  ];
}

/**
 * Seeds `customers` customers and exactly `records` transaction records (with their entries,
 * postings, loans and audit rows) into an empty, migrated database that already holds the system
 * accounts and the admin. Ends with VACUUM ANALYZE: a long-lived database is vacuumed and has
 * statistics, and plans (index-only scans above all) depend on both.
 */
export async function seedBankDataset(databaseUrl: string, options: DatasetOptions): Promise<DatasetSummary> {
  const U = options.customers;
  const log = options.log ?? (() => undefined);
  if (U < BUSY_CUSTOMER_N) throw new Error(`at least ${BUSY_CUSTOMER_N} customers`);
  const nowMs = (options.now ?? new Date()).getTime();
  const stepMs = Math.floor(SIGNUP_SPAN_MS / U);
  const startMs = nowMs - SIGNUP_SPAN_MS;
  const created = (n: string) => `(${startMs}::bigint + ((${n}) - 1)::bigint * ${stepMs}::bigint)`;
  const phases: [string, number][] = [];
  const started = Date.now();
  let phaseStarted = started;
  const phase = (name: string) => {
    const seconds = (Date.now() - phaseStarted) / 1000;
    phases.push([name, seconds]);
    log(`  ${name}: ${seconds.toFixed(1)} s`);
    phaseStarted = Date.now();
  };

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q(`set maintenance_work_mem = '${SEED_MAINTENANCE_WORK_MEM}'`);
    await q(`set work_mem = '${SEED_WORK_MEM}'`);
    // Nothing here needs to survive a crash before the end: the seed is redone from scratch.
    await q('set synchronous_commit = off');
    const rebuild = await dropKeysAndIndexes(client);

    // ---- customers: identity, profile, account, card (Node encrypts SSNs and card numbers) ----
    const cipher = createFieldCipher(options.dataKey);
    const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
    for (let first = 1; first <= U; first += CUSTOMER_BATCH_ROWS) {
      const last = Math.min(U, first + CUSTOMER_BATCH_ROWS - 1);
      const c = {
        id: [] as string[],
        email: [] as string[],
        createdAt: [] as string[],
        status: [] as string[],
        firstName: [] as string[],
        surname: [] as string[],
        phone: [] as string[],
        address: [] as string[],
        zip: [] as string[],
        marital: [] as string[],
        occupation: [] as string[],
        ssn: [] as string[],
        ssnLast4: [] as string[],
        dob: [] as string[],
        accountNumber: [] as string[],
        avatar: [] as string[],
        card: [] as string[],
        cardLast4: [] as string[],
        holder: [] as string[],
        expiryMonth: [] as number[],
        expiryYear: [] as number[],
      };
      for (let n = first; n <= last; n++) {
        const shape = customerShape(n);
        const createdAt = new Date(startMs + (n - 1) * stepMs);
        const ssnLast4 = String(n % 10_000).padStart(4, '0');
        const cardNumber = newCardNumber();
        c.id.push(crypto.randomUUID());
        c.email.push(shape.email);
        c.createdAt.push(createdAt.toISOString());
        c.status.push(shape.status);
        c.firstName.push(shape.firstName);
        c.surname.push(shape.surname);
        c.phone.push(`+1 415 555 ${String(n % 10_000).padStart(4, '0')}`);
        c.address.push(`${1 + (n % 9_999)} ${STREETS[n % STREETS.length]}, ${CITIES[n % CITIES.length]}`);
        c.zip.push(String(10_000 + ((n * 37) % 89_999)));
        c.marital.push(MARITAL_STATUSES[n % MARITAL_STATUSES.length] as string);
        c.occupation.push(OCCUPATIONS[n % OCCUPATIONS.length] as string);
        c.ssn.push(cipher.encrypt(`${100 + (n % 800)}-${10 + (n % 90)}-${ssnLast4}`));
        c.ssnLast4.push(ssnLast4);
        c.dob.push(
          `${1950 + (n % 55)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
        );
        c.accountNumber.push(shape.accountNumber);
        c.avatar.push(avatarUrlFor(shape.firstName, shape.surname));
        c.card.push(cipher.encrypt(cardNumber));
        c.cardLast4.push(cardNumber.slice(-4));
        c.holder.push(`${shape.firstName} ${shape.surname}`.toUpperCase());
        c.expiryMonth.push(createdAt.getUTCMonth() + 1);
        c.expiryYear.push(createdAt.getUTCFullYear() + CARD_VALIDITY_YEARS);
      }
      await q(
        `insert into identities (id, email, password_hash, password_changed_at, created_at)
         select id, email, $3, created_at, created_at from unnest($1::uuid[], $2::text[], $4::timestamptz[]) as t(id, email, created_at)`,
        [c.id, c.email, passwordHash, c.createdAt],
      );
      await q(
        `insert into profiles (user_id, role, status, first_name, surname, phone, address, zip_code, country,
           marital_status, occupation, ssn_encrypted, ssn_last4, dob, account_number, account_limit_cents,
           avatar_url, created_at, updated_at)
         select t.id, 'user', t.status, t.first_name, t.surname, t.phone, t.address, t.zip, 'United States', t.marital,
           t.occupation, t.ssn, t.ssn_last4, t.dob, t.account_number, ${ACCOUNT_LIMIT_CENTS}, t.avatar, t.created_at,
           t.created_at
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::timestamptz[])
           as t(id, status, first_name, surname, phone, address, zip, marital, occupation, ssn, ssn_last4, dob,
                account_number, avatar, created_at)`,
        [
          c.id,
          c.status,
          c.firstName,
          c.surname,
          c.phone,
          c.address,
          c.zip,
          c.marital,
          c.occupation,
          c.ssn,
          c.ssnLast4,
          c.dob,
          c.accountNumber,
          c.avatar,
          c.createdAt,
        ],
      );
      await q(
        `insert into accounts (kind, user_id, balance_cents, created_at)
         select 'customer', id, 0, created_at from unnest($1::uuid[], $2::timestamptz[]) as t(id, created_at)`,
        [c.id, c.createdAt],
      );
      await q(
        `insert into cards (user_id, number_encrypted, last4, holder_name, expiry_month, expiry_year, status,
           created_at, updated_at)
         select id, card, last4, holder, month, year, 'active', created_at, created_at
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::timestamptz[])
           as t(id, card, last4, holder, month, year, created_at)`,
        [c.id, c.card, c.cardLast4, c.holder, c.expiryMonth, c.expiryYear, c.createdAt],
      );
    }
    // Sign-up order is created_at order (strictly increasing with n), so n is recovered exactly.
    await q(`create unlogged table bench_seed_customer as
      select (row_number() over (order by p.created_at))::int as n, p.user_id, a.id as account_id, p.account_number,
             p.first_name || ' ' || p.surname as full_name, p.status
      from profiles p join accounts a on a.user_id = p.user_id where p.role = 'user'`);
    await q('alter table bench_seed_customer add primary key (n)');
    await q('analyze bench_seed_customer');
    phase(`${U.toLocaleString('en-US')} customers (identity, profile, account, card)`);

    // ---- movements: one row per journal entry, in a staging table ----------------------------
    await q(`create unlogged table bench_seed_movement (
      g bigint primary key, kind text not null, owner_n int not null, other_n int, amount bigint not null,
      at_ms bigint not null, purpose text not null, ext_name text, ext_bank text, ext_account text,
      routing text, intl jsonb, record_id uuid not null default gen_random_uuid(), loan_id uuid)`);
    await q(`select setseed(${RANDOM_SEED})`);

    // Loans first: the approved ones are paid out, and every payout is a record.
    const L = Math.round(U * LOANS_PER_CUSTOMER);
    const shapes = loanTypes.map((t) => LOAN_SHAPES[t]);
    const loanMinCents = shapes.map((s) => s.minCents);
    const loanMaxCents = loanTypes.map((t) =>
      Math.min(LOAN_SHAPES[t].maxCents, Number(loanAmountMaxCents[t])),
    );
    await q(
      `create unlogged table bench_seed_loan as
       select d.k, gen_random_uuid() as loan_id, s.source, case when s.source = 'application' then o.n end as owner_n,
         1 + (d.k % ${loanTypes.length}) as type_i, d.r_amount, d.r_term, d.r_text, d.r_text2, st.status, c.created_ms,
         case when st.status = 'Pending' then null
              else c.created_ms + floor(d.r_decide * least(${DECISION_DELAY_MAX_MS}::bigint, ${nowMs}::bigint - c.created_ms))::bigint
         end as decided_ms
       from (select k, random() as r_owner, random() as r_time, random() as r_amount, random() as r_term,
                    random() as r_text, random() as r_text2, random() as r_decide
             from generate_series(1, ${L}) k) d
       cross join lateral (select case when d.k % 100 < ${INQUIRY_PERCENT} then 'inquiry' else 'application' end as source) s
       cross join lateral (select 1 + floor(${U} * power(d.r_owner, ${ACTIVITY_SKEW}))::int as n) o
       cross join lateral (select case when s.source = 'application'
           then ${percentCase(`(d.k * ${LOAN_STATUS_STRIDE}) % 100`, APPLICATION_STATUS_PERCENT)}
           else ${percentCase(`(d.k * ${LOAN_STATUS_STRIDE}) % 100`, INQUIRY_STATUS_PERCENT)}
         end as status) st
       cross join lateral (select case when s.source = 'application' then ${created('o.n')} + ${OPENING_DELAY_MS} else ${startMs}::bigint end as from_ms) f
       cross join lateral (select case
           when st.status in ('Pending', 'Under Review')
             then greatest(f.from_ms, ${nowMs}::bigint - floor(d.r_time * ${OPEN_LOAN_AGE_MS})::bigint)
           else f.from_ms + floor(d.r_time * (${nowMs}::bigint - f.from_ms))::bigint
         end as created_ms) c`,
    );
    const approvedLoans = Number(
      (await q(`select count(*)::int as n from bench_seed_loan where status = 'Approved'`)).rows[0]?.n ?? 0,
    );

    const remaining = options.records - U - approvedLoans;
    if (remaining < 0) {
      throw new Error(
        `${options.records} records is fewer than one opening deposit per customer plus ${approvedLoans} loan payouts`,
      );
    }
    const { local: mLocal, single: mSingle } = movementCounts(remaining);
    const M = mLocal + mSingle;
    const weightSum = SINGLE_KINDS.reduce((sum, k) => sum + k.weight, 0);
    let bound = 0;
    const singleCase = SINGLE_KINDS.map(({ kind, weight }) => {
      bound += weight;
      return `when (g % ${weightSum}) < ${bound} then '${kind}'`;
    }).join(' ');

    const mp = new Params();
    const purposes = mp.add(TRANSFER_PURPOSES, 'text[]');
    const depositReasons = mp.add(DEPOSIT_REASONS, 'text[]');
    const withdrawalReasons = mp.add(WITHDRAWAL_REASONS, 'text[]');
    const banks = mp.add(OTHER_BANKS, 'text[]');
    const mFirst = mp.add(FIRST_NAMES, 'text[]');
    const mSurname = mp.add(SURNAMES, 'text[]');
    const foreignIndex = `1 + floor(d.r_text2 * ${FOREIGN.length})::int`;
    const foreign = (column: number) =>
      `(${mp.add(
        FOREIGN.map((f) => f[column]),
        'text[]',
      )})[${foreignIndex}]`;
    const cents = `case d.kind ${Object.entries(MOVEMENT_CENTS)
      .map(([kind, range]) => `when '${kind}' then ${skewed(range, 'd.r_amount')}`)
      .join(' ')} end`;
    await q(
      `insert into bench_seed_movement (g, kind, owner_n, other_n, amount, at_ms, purpose, ext_name, ext_bank,
         ext_account, routing, intl)
       select d.g, d.kind, o.n, p.m, (${cents})::bigint,
         case when d.kind = 'local' then greatest(t.t_ms, ${created('p.m')} + ${PAYEE_SIGNUP_GAP_MS}) else t.t_ms end,
         case d.kind
           when 'local' then ${pickText(purposes, 'd.r_text')}
           when 'wire' then ${pickText(purposes, 'd.r_text')}
           when 'intl' then ${pickText(purposes, 'd.r_text')}
           when 'check' then 'Check deposit #' || (${CHECK_NUMBER_MIN} + d.g % ${CHECK_NUMBER_COUNT})
           when 'deposit' then ${pickText(depositReasons, 'd.r_text')}
           else ${pickText(withdrawalReasons, 'd.r_text')} end,
         case when d.kind in ('wire', 'intl') then ${pickText(mFirst, 'd.r_text')} || ' ' || ${pickText(mSurname, 'd.r_text2')} end,
         case d.kind when 'wire' then ${pickText(banks, 'd.r_text2')} when 'intl' then ${foreign(1)} end,
         case d.kind
           when 'wire' then ${digits(WIRE_ACCOUNT_DIGITS, 'd.r_text2')}
           when 'intl' then ${foreign(3)} || ${digits(IBAN_DIGITS, 'd.r_text2')} end,
         case when d.kind = 'wire' then ${digits(ROUTING_DIGITS, 'd.r_text')} end,
         case when d.kind = 'intl' then jsonb_build_object(
           'recipientFullName', ${pickText(mFirst, 'd.r_text')} || ' ' || ${pickText(mSurname, 'd.r_text2')},
           'recipientBank', ${foreign(1)}, 'swiftBic', ${foreign(2)},
           'ibanOrAccount', ${foreign(3)} || ${digits(IBAN_DIGITS, 'd.r_text2')},
           'country', ${foreign(0)}, 'currencyCode', ${foreign(4)}, 'currencySymbol', ${foreign(5)}) end
       from (select g, case when g <= ${mLocal} then 'local' else case ${singleCase} end end as kind,
                    random() as r_busy, random() as r_owner, random() as r_time, random() as r_other,
                    random() as r_amount, random() as r_text, random() as r_text2
             from generate_series(1, ${M}) g) d
       cross join lateral (select case when d.r_busy < ${BUSY_CUSTOMER_SHARE} then ${BUSY_CUSTOMER_N}
                                       else 1 + floor(${U} * power(d.r_owner, ${ACTIVITY_SKEW}))::int end as n) o
       cross join lateral (select ${created('o.n')} + ${OPENING_DELAY_MS} as from_ms) f
       cross join lateral (select f.from_ms + floor(d.r_time * (${nowMs}::bigint - f.from_ms))::bigint as t_ms) t
       -- A transfer's payee is someone who had signed up by then (never the sender).
       cross join lateral (select least(${U}, ((t.t_ms - ${startMs}::bigint) / ${stepMs}::bigint)::int + 1) as existing) e
       cross join lateral (select case when d.kind <> 'local' then null
                                       when 1 + floor(d.r_other * e.existing)::int <> o.n then 1 + floor(d.r_other * e.existing)::int
                                       when o.n > 1 then o.n - 1 else 2 end as m) p`,
      mp.values,
    );
    await q(
      `insert into bench_seed_movement (g, kind, owner_n, amount, at_ms, purpose, loan_id)
       select ${M} + row_number() over (order by k), 'loan', owner_n,
         ($1::bigint[])[type_i] + floor(r_amount * (($2::bigint[])[type_i] - ($1::bigint[])[type_i]))::bigint,
         decided_ms, ($3::text[])[type_i] || ' Approval', loan_id
       from bench_seed_loan where status = 'Approved'`,
      [loanMinCents, loanMaxCents, [...loanTypes]],
    );
    // Each opening deposit covers every debit its customer will ever make, plus a balance to keep.
    await q(
      `insert into bench_seed_movement (g, kind, owner_n, amount, at_ms, purpose)
       select ${M + approvedLoans} + c.n, 'opening', c.n,
         coalesce(s.debits, 0) + ${skewed(OPENING_SURPLUS_CENTS, 'random()')},
         ${created('c.n')} + ${OPENING_DELAY_MS / 2}, 'Opening deposit'
       from bench_seed_customer c
       left join (select owner_n, sum(amount) as debits from bench_seed_movement where kind in ${DEBIT_KINDS}
                  group by owner_n) s on s.owner_n = c.n`,
    );
    // Entries numbered in time order, as a live ledger numbers them, and every table below written
    // in that order: a bank appends, so a day's records share pages, and plans read them that way.
    await q(`create unlogged table bench_seed_entry as
      select (row_number() over (order by at_ms, g))::bigint as e, * from bench_seed_movement`);
    await q('drop table bench_seed_movement');
    await q('analyze bench_seed_entry');
    phase(`${M + approvedLoans + U} movements staged (${L} loans drawn)`);

    // ---- the ledger: entries, postings, records, balances --------------------------------------
    const entryBase = Number(
      (await q('select coalesce(max(id), 0)::bigint as n from journal_entries')).rows[0]?.n ?? 0,
    );
    const sys = options.systemAccounts;
    const systemCase = Object.entries(SYSTEM_SIDE)
      .map(([kind, code]) => `when '${kind}' then ${sys[code]}`)
      .join(' ');
    const joinCustomers = `from bench_seed_entry m join bench_seed_customer o on o.n = m.owner_n
                           left join bench_seed_customer r on r.n = m.other_n`;
    await q(
      `insert into journal_entries (id, kind, description, actor_id, created_at) overriding system value
       select ${entryBase} + m.e,
         case m.kind when 'local' then 'transfer' when 'wire' then 'transfer' when 'intl' then 'transfer'
           when 'check' then 'check_deposit' when 'withdrawal' then 'admin_debit'
           when 'loan' then 'loan_disbursement' else 'admin_credit' end,
         case m.kind
           when 'local' then 'Local Transfer ' || o.account_number || ' → ' || r.account_number
           when 'wire' then 'Wire Transfer ' || o.account_number || ' → ' || m.ext_account
           when 'intl' then 'International Transfer ' || o.account_number || ' → ' || m.ext_account
           when 'check' then replace(m.purpose, 'Check deposit ', 'Check ') || ' deposited to ' || o.account_number
           when 'withdrawal' then 'Admin debit from ' || o.account_number || ': ' || m.purpose
           when 'loan' then replace(m.purpose, ' Approval', '') || ' loan disbursed to ' || o.account_number
           else 'Admin credit to ' || o.account_number || ': ' || m.purpose end,
         case when m.kind in ('local', 'wire', 'intl', 'check') then o.user_id else $1::uuid end,
         ${at('m.at_ms')}
       ${joinCustomers}
       order by m.e`,
      [options.adminId],
    );
    await q(
      `select setval(pg_get_serial_sequence('journal_entries', 'id'), (select max(id) from journal_entries))`,
    );
    await q(
      `insert into postings (entry_id, account_id, amount_cents, created_at)
       select ${entryBase} + m.e, leg.account_id, leg.amount, ${at('m.at_ms')}
       ${joinCustomers}
       cross join lateral (values
         (1, o.account_id, case when m.kind in ${DEBIT_KINDS} then -m.amount else m.amount end),
         (2, case m.kind when 'local' then r.account_id ${systemCase} end,
          case when m.kind in ${DEBIT_KINDS} then m.amount else -m.amount end)) as leg(side, account_id, amount)
       order by m.e, leg.side`,
    );
    const ownerTransactionId = ownerTransactionIdSql('m');
    // Each movement's record for its owner, and for a transfer between customers the payee's own
    // record of the same entry.
    await q(
      `insert into transaction_records (id, transaction_id, user_id, entry_id, direction, type, amount_cents,
         recipient_name, recipient_account, bank_name, routing_number, sender_name, sender_account, purpose,
         international_details, created_at, recorded_at, updated_at)
       select x.id, x.transaction_id, x.user_id, ${entryBase} + x.e, x.direction, x.type, x.amount, x.recipient_name,
         x.recipient_account, x.bank_name, x.routing, x.sender_name, x.sender_account, x.purpose, x.intl,
         ${at('x.at_ms')}, ${at('x.at_ms')}, ${at('x.at_ms')}
       from (
         select m.record_id as id, ${ownerTransactionId} as transaction_id, o.user_id,
           case when m.kind in ${DEBIT_KINDS} then 'debit' else 'credit' end as direction,
           case m.kind when 'local' then 'Local Transfer' when 'wire' then 'Wire Transfer'
             when 'intl' then 'International Transfer' when 'check' then 'Check Deposit'
             when 'withdrawal' then 'Withdrawal' else 'Deposit' end as type,
           m.amount,
           case m.kind when 'local' then r.full_name when 'wire' then m.ext_name when 'intl' then m.ext_name
             when 'withdrawal' then $1 else o.full_name end as recipient_name,
           case m.kind when 'local' then r.account_number when 'wire' then m.ext_account
             when 'intl' then m.ext_account when 'withdrawal' then '' else o.account_number end as recipient_account,
           case when m.kind in ('wire', 'intl') then m.ext_bank else $1 end as bank_name,
           m.routing,
           case m.kind when 'check' then replace(m.purpose, 'Check deposit ', 'Check ') when 'deposit' then $1
             when 'opening' then $1 when 'loan' then 'Loan Disbursement' else o.full_name end as sender_name,
           case when m.kind in ${DEBIT_KINDS} then o.account_number else '' end as sender_account,
           m.purpose, m.intl, m.at_ms, m.e, 0 as side
         ${joinCustomers}
         union all
         select gen_random_uuid(), '${RECORD_PREFIXES.deposit}' || m.at_ms || ${suffixOf('m.g * 2 + 1')}, r.user_id,
           'credit', 'Deposit', m.amount, r.full_name, r.account_number, $1, null, o.full_name, o.account_number,
           m.purpose, null::jsonb, m.at_ms, m.e, 1
         ${joinCustomers} where m.kind = 'local'
       ) x
       order by x.at_ms, x.e, x.side`,
      [BANK_DISPLAY_NAME],
    );
    await q(
      `update accounts a set balance_cents = s.total
       from (select account_id, sum(amount_cents)::bigint as total from postings group by account_id) s
       where a.id = s.account_id`,
    );
    phase('journal entries, postings, records, balances');

    // ---- loans and their status history --------------------------------------------------------
    const lp = new Params();
    const loanTypeArray = lp.add([...loanTypes], 'text[]');
    const minCents = lp.add(loanMinCents, 'bigint[]');
    const maxCents = lp.add(loanMaxCents, 'bigint[]');
    const minTerm = lp.add(
      shapes.map((s) => s.minTerm),
      'int[]',
    );
    const maxTerm = lp.add(
      shapes.map((s) => s.maxTerm),
      'int[]',
    );
    const loanPurposes = lp.add(LOAN_PURPOSES, 'text[]');
    const employments = lp.add([...employmentStatuses], 'text[]');
    const firstNames = lp.add(FIRST_NAMES, 'text[]');
    const surnames = lp.add(SURNAMES, 'text[]');
    await q(
      `insert into loan_applications (id, user_id, source, loan_type, amount_cents, term_months, purpose,
         annual_income_cents, employment_status, contact_name, contact_email, contact_phone, status,
         disbursement_record_id, created_at, updated_at)
       select l.loan_id, c.user_id, l.source, (${loanTypeArray})[l.type_i],
         coalesce(m.amount, (${minCents})[l.type_i] + floor(l.r_amount * ((${maxCents})[l.type_i] - (${minCents})[l.type_i]))::bigint),
         case when l.source = 'application'
           then (${minTerm})[l.type_i] + floor(l.r_term * ((${maxTerm})[l.type_i] - (${minTerm})[l.type_i] + 1))::int end,
         case when l.source = 'application' then ${pickText(loanPurposes, 'l.r_text')} end,
         case when l.source = 'application' then ${skewed({ ...ANNUAL_INCOME_CENTS, skew: 1 }, 'l.r_text2')} end,
         case when l.source = 'application' then ${pickText(employments, 'l.r_term')} end,
         case when l.source = 'inquiry' then ${pickText(firstNames, 'l.r_text')} || ' ' || ${pickText(surnames, 'l.r_text2')} end,
         case when l.source = 'inquiry' then 'visitor.' || l.k || '@example.test' end,
         case when l.source = 'inquiry' then '+1 415 555 ' || lpad((l.k % 10000)::text, 4, '0') end,
         l.status, m.record_id, ${at('l.created_ms')}, ${at('coalesce(l.decided_ms, l.created_ms)')}
       from bench_seed_loan l
       left join bench_seed_customer c on c.n = l.owner_n
       left join bench_seed_entry m on m.loan_id = l.loan_id
       order by l.created_ms`,
      lp.values,
    );
    await q(
      `insert into loan_status_history (loan_id, from_status, to_status, actor_id, reason, created_at)
       select l.loan_id, h.from_status, h.to_status, h.actor_id, h.reason, ${at('h.at_ms')}
       from bench_seed_loan l left join bench_seed_customer c on c.n = l.owner_n
       cross join lateral (values
         (1, null, 'Pending', c.user_id, null, l.created_ms),
         (2, 'Pending', 'Under Review', $1::uuid, 'Documents requested',
            case when l.status = 'Approved' then (l.created_ms + l.decided_ms) / 2 end),
         (3, case when l.status = 'Approved' then 'Under Review' else 'Pending' end, l.status,
            case when l.status = 'Cancelled' and l.source = 'application' then c.user_id else $1::uuid end,
            case l.status when 'Approved' then 'Income verified' when 'Rejected' then 'Debt-to-income too high'
              when 'Cancelled' then 'No longer needed' else 'Documents requested' end,
            l.decided_ms)) as h(ord, from_status, to_status, actor_id, reason, at_ms)
       where h.at_ms is not null
       order by h.at_ms, l.k, h.ord`,
      [options.adminId],
    );
    phase(`${L.toLocaleString('en-US')} loans and their history`);

    // ---- audit rows of everything above, and sign-ins ------------------------------------------
    const ip = (n: string) => `'${CUSTOMER_IP_PREFIX}' || (1 + (${n}) % ${CUSTOMER_IP_COUNT})`;
    const logins = Math.round(options.records * LOGINS_PER_RECORD);
    const succeeded = `d.r_fail >= ${LOGIN_FAILURE_SHARE}`;
    // One statement, in time order, so that ids grow with time as a live log's do.
    await q(
      `insert into audit_log (created_at, actor_id, actor_role, action, subject_type, subject_id, ip, outcome, reason, details)
       select * from (
         select ${at(created('c.n'))} as created_at, c.user_id as actor_id, 'user' as actor_role,
           'auth.signup' as action, 'user' as subject_type, c.user_id::text as subject_id, ${ip('c.n')} as ip,
           'success' as outcome, null as reason, null::jsonb as details
         from bench_seed_customer c
         union all
         select ${at(`f.from_ms + floor(d.r_time * (${nowMs}::bigint - f.from_ms))::bigint`)},
           case when ${succeeded} then c.user_id end, case when ${succeeded} then 'user' end,
           'auth.login', 'user', c.user_id::text, ${ip('d.i')},
           case when ${succeeded} then 'success' else 'failure' end,
           case when not ${succeeded} then 'wrong password' end, null::jsonb
         from (select i, random() as r_owner, random() as r_time, random() as r_fail
               from generate_series(1, ${logins}) i) d
         cross join lateral (select 1 + floor(${U} * power(d.r_owner, ${ACTIVITY_SKEW}))::int as n) o
         cross join lateral (select ${created('o.n')} as from_ms) f
         join bench_seed_customer c on c.n = o.n
         union all
         select ${at('m.at_ms')}, $1::uuid, 'admin',
           case when m.kind = 'withdrawal' then 'admin.debit' else 'admin.credit' end,
           'user', o.user_id::text, $2, 'success', m.purpose,
           jsonb_build_object('transactionId', ${ownerTransactionId}, 'amount', ${money('m.amount')})
         ${joinCustomers} where m.kind in ('deposit', 'opening', 'withdrawal')
         union all
         select ${at(`${created('c.n')} + ${stepMs}::bigint / 2`)}, $1::uuid, 'admin', 'admin.user_update', 'user',
           c.user_id::text, $2, 'success', 'Account review',
           jsonb_build_object('before', jsonb_build_object('status', 'active'),
                              'after', jsonb_build_object('status', c.status))
         from bench_seed_customer c where c.status <> 'active'
         union all
         select h.created_at, h.actor_id, case when h.actor_id = $1::uuid then 'admin' else 'user' end,
           case when h.from_status is null then 'loan.apply'
                when h.actor_id <> $1::uuid then 'loan.cancel'
                when h.to_status = 'Approved' then 'admin.loan_approve' else 'admin.loan_status' end,
           'loan', h.loan_id::text, case when h.actor_id = $1::uuid then $2 end, 'success', h.reason,
           jsonb_build_object('before', jsonb_build_object('status', h.from_status),
                              'after', jsonb_build_object('status', h.to_status))
         from loan_status_history h where h.actor_id is not null
       ) a
       order by a.created_at`,
      [options.adminId, ADMIN_IP],
    );
    phase('audit log');

    // ---- keys, indexes, statistics -------------------------------------------------------------
    const busy = (
      await q(
        `select c.user_id::text as user_id, c.account_number,
           (select count(*)::int from transaction_records r where r.user_id = c.user_id) as records
         from bench_seed_customer c where c.n = ${BUSY_CUSTOMER_N}`,
      )
    ).rows[0] as { user_id: string; account_number: string; records: number };
    await q('drop table bench_seed_entry, bench_seed_loan, bench_seed_customer');
    for (const statement of rebuild) await q(statement);
    phase(`${rebuild.length} indexes and keys rebuilt (constraints validated)`);
    await q('vacuum (analyze)');
    phase('vacuum analyze');

    const counts = (
      await q(
        `select (select count(*) from profiles where role = 'user')::int as customers,
           (select count(*) from transaction_records)::int as records,
           (select count(*) from journal_entries)::int as entries,
           (select count(*) from postings)::int as postings,
           (select count(*) from loan_applications)::int as loans,
           (select count(*) from audit_log)::int as audit`,
      )
    ).rows[0] as Record<'customers' | 'records' | 'entries' | 'postings' | 'loans' | 'audit', number>;
    return {
      customers: counts.customers,
      records: counts.records,
      entries: counts.entries,
      postings: counts.postings,
      loans: counts.loans,
      auditRows: counts.audit,
      busyCustomer: { userId: busy.user_id, accountNumber: busy.account_number, records: busy.records },
      phases,
      totalSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

/** The transaction id of a movement's own record (its owner's), as SQL over `alias`. */
function ownerTransactionIdSql(alias: string): string {
  const prefix = `case ${alias}.kind when 'local' then '${RECORD_PREFIXES.transfer}' when 'wire' then '${RECORD_PREFIXES.transfer}'
    when 'intl' then '${RECORD_PREFIXES.transfer}' when 'check' then '${RECORD_PREFIXES.checkDeposit}'
    when 'withdrawal' then '${RECORD_PREFIXES.withdrawal}' when 'loan' then '${RECORD_PREFIXES.loan}'
    else '${RECORD_PREFIXES.deposit}' end`;
  return `(${prefix}) || ${alias}.at_ms || ${suffixOf(`${alias}.g * 2`)}`;
}

/**
 * A scratch bank ready to serve: migrations, the system accounts, an admin made with the server's
 * own user service (as `npm run admin:create` does), the dataset, and the ledger checked with
 * `verifyLedger` (the checks of `npm run ledger:verify`); a violation is an error.
 */
export async function createSeededBank(
  databaseUrl: string,
  options: Omit<DatasetOptions, 'adminId' | 'systemAccounts'> & {
    admin: { email: string; password: string; firstName: string; surname: string };
  },
): Promise<{ adminId: string; summary: DatasetSummary }> {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 2 });
  try {
    await handle.migrate();
    const systemAccounts = await ensureSystemAccounts(handle.db);
    const users = createUserService({
      db: handle.db,
      clock: systemClock,
      cipher: createFieldCipher(options.dataKey),
    });
    const passwordHash = await hashPassword(options.admin.password);
    const { userId: adminId } = await handle.db.transaction((tx) =>
      users.createAdmin(tx, {
        email: options.admin.email,
        passwordHash,
        firstName: options.admin.firstName,
        surname: options.admin.surname,
      }),
    );
    const summary = await seedBankDataset(databaseUrl, { ...options, adminId, systemAccounts });
    const started = Date.now();
    const { violations } = await verifyLedger(handle.db);
    if (violations.length > 0) {
      throw new Error(
        `the seeded ledger is broken: ${violations.map((v) => `${v.rule}: ${v.detail}`).join('; ')}`,
      );
    }
    const seconds = (Date.now() - started) / 1000;
    summary.phases.push(['ledger verified', seconds]);
    options.log?.(`  ledger verified (every ledger:verify check): ${seconds.toFixed(1)} s`);
    return { adminId, summary };
  } finally {
    await handle.close();
  }
}
