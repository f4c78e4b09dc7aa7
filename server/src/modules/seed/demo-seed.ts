import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { identities } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { createFieldCipher, resolveDataKey } from '../../lib/field-encryption';
import { hashPassword } from '../../lib/passwords';
import { createAuditLog } from '../audit/index';
import { createCardService } from '../cards/index';
import { postSeedRates } from '../fx/index';
import { createUserService } from '../users/index';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

/**
 * The demo's posted rates, US dollars per unit: illustrative round figures for trying the
 * product, not market data. JPY has no minor unit, which the demo should show too.
 */
export const DEMO_FX_RATES: Record<string, string> = {
  EUR: '1.08',
  GBP: '1.27',
  CAD: '0.73',
  CHF: '1.13',
  JPY: '0.0067',
  MXN: '0.058',
};
const DEMO_PASSWORD_BYTES = 12;

export interface DemoLogin {
  label: string;
  loginWith: string;
  password: string;
}

export interface DemoCustomer {
  userId: string;
  accountNumber: string;
  firstName: string;
  surname: string;
}

/** A random password that passes our own policy: 16 base64url characters (96 bits). */
function randomPassword(): string {
  return crypto.randomBytes(DEMO_PASSWORD_BYTES).toString('base64url');
}

const demoCustomers = [
  {
    firstName: 'Jane',
    surname: 'Doe',
    email: 'jane.doe@demo.larkspur.example',
    phone: '+1 415 555 0142',
    address: '1200 Market Street, Apt 5B, San Francisco, CA',
    zipCode: '94102',
    country: 'United States',
    maritalStatus: 'Single' as const,
    occupation: 'Product designer',
    ssn: '123-45-6789',
    dob: '1990-04-12',
  },
  {
    firstName: 'Marcus',
    surname: 'Reed',
    email: 'marcus.reed@demo.larkspur.example',
    phone: '+1 512 555 0178',
    address: '48 Congress Avenue, Austin, TX',
    zipCode: '78701',
    country: 'United States',
    maritalStatus: 'Married' as const,
    occupation: 'Electrician',
    ssn: '234-56-7890',
    dob: '1984-09-30',
  },
];

/** Held for the seed's transaction, so two instances starting on one empty database seed once. */
const SEED_LOCK_KEY = 0x1a2c_5eed;

/**
 * On a fresh start (embedded by default; SEED_DEMO=true on PostgreSQL): two admins and two demo
 * customers with random passwords, printed once and written (owner-only) to the data directory.
 * Does nothing if anyone exists already. Returns the logins it made, or null when it made none.
 *
 * All or nothing (docs/decisions/0089): the data directory is made first; the people, what
 * `withCustomers` adds (it gets the transaction as its database) and the credentials file are all
 * done inside one transaction, which commits only once the file is written. A failure anywhere
 * leaves an empty database, so the next start seeds again instead of finding half a seed.
 */
export async function seedDemoIfEmpty(deps: {
  db: Database;
  clock: Clock;
  config: Config;
  /** Called after the people exist, in the same transaction, to give them history (the ledger's demo seed). */
  withCustomers?: (db: Database, customers: DemoCustomer[], adminId: string) => Promise<void>;
}): Promise<DemoLogin[] | null> {
  const { clock, config } = deps;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const cipher = createFieldCipher(resolveDataKey(config.dataEncryptionKey, config.dataDir));

  return deps.db.transaction(async (tx) => {
    // A transaction handle is a database whose own transactions are savepoints: the services the
    // seed uses run unchanged inside this one.
    const db: Database = tx;
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await db.select({ n: sql<number>`count(*)::int` }).from(identities);
    if ((existing[0]?.n ?? 0) > 0) return null;

    const cards = createCardService({ db, clock, cipher });
    const users = createUserService({ db, clock, cipher, issueCard: cards.issue });
    const audit = createAuditLog({ clock });
    const logins: DemoLogin[] = [];
    const customers: DemoCustomer[] = [];

    const adminEmail = 'admin@demo.larkspur.example';
    const adminPassword = randomPassword();
    const admin = await users.createAdmin(db, {
      email: adminEmail,
      passwordHash: await hashPassword(adminPassword),
      firstName: 'Avery',
      surname: 'Admin',
    });
    await audit.record(db, {
      action: 'admin.create',
      outcome: 'success',
      subjectType: 'user',
      subjectId: admin.userId,
      reason: 'demo seed',
    });
    logins.push({
      label: 'Admin (at /admin/login; the code arrives in /dev/mailbox)',
      loginWith: adminEmail,
      password: adminPassword,
    });

    // A second admin, so maker-checker (decision 0170) can be tried: one asks, the other approves.
    const approverEmail = 'approver@demo.larkspur.example';
    const approverPassword = randomPassword();
    const approver = await users.createAdmin(db, {
      email: approverEmail,
      passwordHash: await hashPassword(approverPassword),
      firstName: 'Blake',
      surname: 'Approver',
      // The approver set (decision 0167): approves, reviews checks, but does not manage staff.
      staffRole: 'approver',
    });
    await audit.record(db, {
      action: 'admin.create',
      outcome: 'success',
      subjectType: 'user',
      subjectId: approver.userId,
      reason: 'demo seed',
    });
    logins.push({
      label: 'Approver, staff with the approver set: approves the admin’s money requests (at /admin/login)',
      loginWith: approverEmail,
      password: approverPassword,
    });

    for (const person of demoCustomers) {
      const password = randomPassword();
      const created = await users.createCustomer(db, {
        signup: { ...person, password, confirmPassword: password },
        passwordHash: await hashPassword(password),
      });
      await audit.record(db, {
        action: 'auth.signup',
        outcome: 'success',
        subjectType: 'user',
        subjectId: created.userId,
        reason: 'demo seed',
      });
      customers.push({
        userId: created.userId,
        accountNumber: created.accountNumber,
        firstName: person.firstName,
        surname: person.surname,
      });
      logins.push({
        label: `Customer ${person.firstName} ${person.surname} (at /login)`,
        loginWith: created.accountNumber,
        password,
      });
    }

    await deps.withCustomers?.(db, customers, admin.userId);
    // A few posted rates, so an international transfer works on a fresh demo (issue 18). They
    // are current for FX_RATE_MAX_AGE_DAYS; after that the admin posts new ones (FX rates page).
    // Posted by the system, not the admin, who never posted them (issue 28).
    await postSeedRates(db, DEMO_FX_RATES, clock.now());

    // Last, and still inside the transaction: if the file cannot be written, nothing was seeded.
    const file = path.join(config.dataDir, DEMO_CREDENTIALS_FILE);
    const lines = [
      `${config.bankName} demo logins, created ${clock.now().toISOString()}.`,
      'Random passwords, made for this data directory only. Delete this file once you have noted them.',
      '',
      ...logins.flatMap((l) => [l.label, `  login:    ${l.loginWith}`, `  password: ${l.password}`, '']),
    ];
    fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
    return logins;
  });
}
