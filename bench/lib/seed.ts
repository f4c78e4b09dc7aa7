import crypto from 'node:crypto';
import type { Signup } from '@larkspur/contract';
import type { DatabaseHandle } from '../../server/src/db/client';
import { systemClock } from '../../server/src/lib/clock';
import { createFieldCipher } from '../../server/src/lib/field-encryption';
import { hashPassword } from '../../server/src/lib/passwords';
import { createSessionStore } from '../../server/src/modules/auth/session-store';
import { createUserService } from '../../server/src/modules/users/user-service';

/**
 * Many customers, fast, for benchmarks: created with the server's own services (one password hash
 * shared by all, no emailed code), each with a live session. Money is added afterwards through
 * the admin API, so every cent on the ledger arrived by a real journal entry.
 */

/** The server's defaults (config.ts); the benchmark sessions must outlive the run. */
const IDLE_TIMEOUT_MS = 15 * 60_000;
const ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;
export const SESSION_COOKIE = 'larkspur_session';

export interface SeededUser {
  userId: string;
  accountNumber: string;
  /** As the name check knows the holder: what a payer who knows them types. */
  fullName: string;
  cookie: string;
}

export async function seedUsers(
  database: DatabaseHandle,
  dataKey: Buffer,
  count: number,
): Promise<{ admin: SeededUser; customers: SeededUser[] }> {
  const users = createUserService({
    db: database.db,
    clock: systemClock,
    cipher: createFieldCipher(dataKey),
  });
  const sessions = createSessionStore({
    db: database.db,
    clock: systemClock,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    absoluteTimeoutMs: ABSOLUTE_TIMEOUT_MS,
  });
  const passwordHash = await hashPassword('bench password 1234');
  const run = crypto.randomBytes(4).toString('hex');
  const session = async (userId: string) => {
    const { id } = await sessions.create(database.db, { userId, ip: '127.0.0.1', userAgent: 'bench' });
    return `${SESSION_COOKIE}=${id}`;
  };
  const { userId: adminId } = await database.db.transaction((tx) =>
    users.createAdmin(tx, {
      email: `bench.admin.${run}@example.test`,
      passwordHash,
      firstName: 'Bench',
      surname: 'Admin',
    }),
  );
  const admin = {
    userId: adminId,
    accountNumber: '',
    fullName: 'Bench Admin',
    cookie: await session(adminId),
  };
  const customers: SeededUser[] = [];
  for (let i = 0; i < count; i++) {
    const signup: Signup = {
      firstName: `Bench${i}`,
      surname: 'Customer',
      email: `bench.${run}.${i}@example.test`,
      phone: '+1 415 555 0142',
      address: '1 Market Street, San Francisco, CA',
      zipCode: '94105',
      country: 'United States',
      maritalStatus: 'Single',
      occupation: 'Engineer',
      ssn: '123-45-6789',
      dob: '1990-04-12',
      password: 'bench password 1234',
      confirmPassword: 'bench password 1234',
    } as Signup;
    const created = await database.db.transaction((tx) => users.createCustomer(tx, { signup, passwordHash }));
    customers.push({
      ...created,
      fullName: `${signup.firstName} ${signup.surname}`,
      cookie: await session(created.userId),
    });
  }
  return { admin, customers };
}

/** Opening balances through the admin API (one real journal entry each). */
export async function fund(
  baseUrl: string,
  admin: SeededUser,
  customers: SeededUser[],
  amount: string,
): Promise<void> {
  for (const c of customers) {
    const res = await fetch(`${baseUrl}/api/admin/users/${c.userId}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie },
      body: JSON.stringify({ amount, reason: 'Benchmark opening balance' }),
    });
    if (res.status !== 201) throw new Error(`credit ${res.status}: ${await res.text()}`);
  }
}
