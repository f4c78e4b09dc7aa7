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
import { createAuditLog } from '../audit/audit-log';
import { createCardService } from '../cards/card-service';
import { createUserService } from '../users/user-service';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';
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

/**
 * On a fresh embedded start: one admin and two demo customers with random passwords, printed once
 * and written (owner-only) to the data directory. Does nothing if anyone exists already.
 * Returns the logins it made, or null when it made none.
 */
export async function seedDemoIfEmpty(deps: {
  db: Database;
  clock: Clock;
  config: Config;
  /** Called after the people exist, to give them history (the ledger's demo seed). */
  withCustomers?: (customers: DemoCustomer[], adminId: string) => Promise<void>;
}): Promise<DemoLogin[] | null> {
  const { db, clock, config } = deps;
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(identities);
  if ((existing[0]?.n ?? 0) > 0) return null;

  const cipher = createFieldCipher(resolveDataKey(config.dataEncryptionKey, config.dataDir));
  const cards = createCardService({ db, clock, cipher });
  const users = createUserService({ db, clock, cipher, issueCard: cards.issue });
  const audit = createAuditLog({ clock });
  const logins: DemoLogin[] = [];
  const customers: DemoCustomer[] = [];

  const adminEmail = 'admin@demo.larkspur.example';
  const adminPassword = randomPassword();
  const adminId = await db.transaction(async (tx) => {
    const admin = await users.createAdmin(tx, {
      email: adminEmail,
      passwordHash: await hashPassword(adminPassword),
      firstName: 'Avery',
      surname: 'Admin',
    });
    await audit.record(tx, {
      action: 'admin.create',
      outcome: 'success',
      subjectType: 'user',
      subjectId: admin.userId,
      reason: 'demo seed',
    });
    return admin.userId;
  });
  logins.push({
    label: 'Admin (at /admin/login; the code arrives in /dev/mailbox)',
    loginWith: adminEmail,
    password: adminPassword,
  });

  for (const person of demoCustomers) {
    const password = randomPassword();
    const created = await db.transaction(async (tx) => {
      const customer = await users.createCustomer(tx, {
        signup: { ...person, password, confirmPassword: password },
        passwordHash: await hashPassword(password),
      });
      await audit.record(tx, {
        action: 'auth.signup',
        outcome: 'success',
        subjectType: 'user',
        subjectId: customer.userId,
        reason: 'demo seed',
      });
      return customer;
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

  await deps.withCustomers?.(customers, adminId);

  const file = path.join(config.dataDir, DEMO_CREDENTIALS_FILE);
  const lines = [
    `${config.bankName} demo logins, created ${clock.now().toISOString()}.`,
    'Random passwords, made for this data directory only. Delete this file once you have noted them.',
    '',
    ...logins.flatMap((l) => [l.label, `  login:    ${l.loginWith}`, `  password: ${l.password}`, '']),
  ];
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  return logins;
}
