import { and, eq, gt, inArray, max } from 'drizzle-orm';
import sharp from 'sharp';
import { BANK_DISPLAY_NAME, routingCheckDigit } from '@larkspur/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  accounts,
  auditLog,
  cards,
  identities,
  journalEntries,
  loanStatusHistory,
  profiles,
  transactionRecordHistory,
} from '../../db/schema/index';
import { ManualClock } from '../../lib/clock';
import { createFieldCipher, resolveDataKey } from '../../lib/field-encryption';
import { createAuditLog } from '../audit/index';
import type { EmailBrand, Outbox } from '../email/index';
import { releaseDueHolds } from '../holds/index';
import { createBankingService, type BankingService } from '../ledger/index';
import { createUserService } from '../users/index';
import type { DemoCustomer } from './demo-seed';

/** How far back the demo history reaches. */
export const DEMO_HISTORY_DAYS = 92;
/** The demo customers opened their accounts this long before their first record. */
export const DEMO_CUSTOMERS_OPENED_BEFORE_MS = 3_600_000;
/** The demo admin joined this long before the history begins (before anything it did). */
export const DEMO_ADMIN_JOINED_BEFORE_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

/** Past movements are imported, not happening now: their alerts and notices are not mailed. */
const silentOutbox: Outbox = {
  enqueueEmail: async () => ({ id: 0 }),
  enqueueEmails: async (_tx, messages) => messages.map(() => ({ id: 0 })),
};

/** Photos of a demo check: a plain image per side, distinct for each check number. */
async function demoCheckPhotos(checkNumber: string) {
  const photo = async (shade: number) => {
    const bytes = await sharp({
      create: { width: 240, height: 100, channels: 3, background: { r: 240, g: 236, b: shade } },
    })
      .jpeg()
      .toBuffer();
    return { contentType: 'image/jpeg' as const, dataBase64: bytes.toString('base64') };
  };
  const shade = Number(checkNumber) % 200;
  return { frontImage: await photo(shade), backImage: await photo(shade + 50) };
}

/** A small deterministic generator, so every fresh demo looks alike and reads as real. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function dollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

interface Event {
  at: Date;
  run: (banking: BankingService) => Promise<unknown>;
}

/**
 * About three months of realistic history for the demo customers — salaries, rent and bills,
 * groceries, transfers between the two, check deposits — written through the same banking
 * service as real traffic (so it passes `ledger:verify`), with a clock walked through the past.
 */
export async function seedDemoHistory(deps: {
  db: Database;
  config: Config;
  brand: EmailBrand;
  adminId: string;
  customers: DemoCustomer[];
  now: Date;
  /** Extra steps that need the banking service at a past date (the loans module adds an approved loan). */
  extra?: (banking: BankingService, clock: ManualClock, customers: DemoCustomer[]) => Promise<void>;
}): Promise<void> {
  const { db, config, adminId, customers } = deps;
  const [jane, marcus] = customers;
  if (!jane || !marcus) return;
  const clock = new ManualClock(new Date(deps.now.getTime() - DEMO_HISTORY_DAYS * DAY_MS));
  const users = createUserService({
    db,
    clock,
    cipher: createFieldCipher(resolveDataKey(config.dataEncryptionKey, config.dataDir)),
  });
  const banking = createBankingService({
    db,
    clock,
    users,
    outbox: silentOutbox,
    alerts: false,
    brand: deps.brand,
    audit: createAuditLog({ clock }),
  });
  await banking.ensureSystemAccounts();
  const marks = await highWaterMarks(db);
  // The demo customers have banked here since their history begins: no record may be dated before
  // its account was opened (issue 13 point 11), and "customer since" must not say today. The admin
  // joined before anything it did. Everything the seed created "now" for these people — identity,
  // profile, account, card, and the audit rows of their creation — moves to those dates.
  const customerIds = customers.map((c) => c.userId);
  const openedAt = new Date(clock.now().getTime() - DEMO_CUSTOMERS_OPENED_BEFORE_MS);
  const adminJoinedAt = new Date(clock.now().getTime() - DEMO_ADMIN_JOINED_BEFORE_MS);
  await db.update(accounts).set({ createdAt: openedAt }).where(inArray(accounts.userId, customerIds));
  await db
    .update(identities)
    .set({ createdAt: openedAt, passwordChangedAt: openedAt })
    .where(inArray(identities.id, customerIds));
  await db
    .update(profiles)
    .set({ createdAt: openedAt, updatedAt: openedAt })
    .where(inArray(profiles.userId, customerIds));
  await db
    .update(cards)
    .set({ createdAt: openedAt, updatedAt: openedAt })
    .where(inArray(cards.userId, customerIds));
  await db
    .update(auditLog)
    .set({ createdAt: openedAt })
    .where(and(eq(auditLog.action, 'auth.signup'), inArray(auditLog.subjectId, customerIds)));
  await db
    .update(identities)
    .set({ createdAt: adminJoinedAt, passwordChangedAt: adminJoinedAt })
    .where(eq(identities.id, adminId));
  await db
    .update(profiles)
    .set({ createdAt: adminJoinedAt, updatedAt: adminJoinedAt })
    .where(eq(profiles.userId, adminId));
  await db
    .update(auditLog)
    .set({ createdAt: adminJoinedAt })
    .where(and(eq(auditLog.action, 'admin.create'), eq(auditLog.subjectId, adminId)));
  const actor = { userId: adminId, ip: null };
  const random = prng(20_261_122);
  const start = clock.now().getTime();
  const at = (day: number, hour: number) =>
    new Date(start + day * DAY_MS + hour * 3_600_000 + Math.floor(random() * 50) * 60_000);
  const events: Event[] = [];

  const record = (
    who: DemoCustomer,
    day: number,
    hour: number,
    direction: 'credit' | 'debit',
    cents: number,
    counterpartyName: string,
    purpose: string,
  ) => {
    const when = at(day, hour);
    events.push({
      at: when,
      run: (b) =>
        b.adminCreateRecord(
          actor,
          {
            userId: who.userId,
            direction,
            amount: dollars(cents),
            counterpartyName,
            counterpartyAccount: '',
            bankName: '',
            purpose,
            createdAt: when.toISOString(),
            reason: 'Demo history (seed)',
          },
          null,
        ),
    });
  };

  // Opening balances, then salaries every other Friday.
  record(jane, 0, 9, 'credit', 325_000, 'Transfer from Chase Checking', 'Opening deposit');
  record(marcus, 0, 10, 'credit', 280_000, 'Transfer from Wells Fargo', 'Opening deposit');
  for (let day = 4; day < DEMO_HISTORY_DAYS; day += 14) {
    record(jane, day, 8, 'credit', 245_000, 'Acme Design Co. Payroll', 'Salary');
    record(
      marcus,
      day,
      8,
      'credit',
      218_000 + Math.floor(random() * 3) * 2_500,
      'Reed Electric LLC',
      'Salary',
    );
  }
  // Monthly bills.
  for (let month = 0; month < 3; month++) {
    const base = month * 30;
    record(jane, base + 1, 10, 'debit', 145_000, 'Bayview Apartments', 'Rent');
    record(marcus, base + 1, 11, 'debit', 162_500, 'Eastside Mortgage Servicing', 'Mortgage payment');
    record(jane, base + 6, 14, 'debit', 7_000 + Math.floor(random() * 3_000), 'PG&E', 'Electricity and gas');
    record(
      marcus,
      base + 7,
      15,
      'debit',
      9_500 + Math.floor(random() * 4_000),
      'Austin Energy',
      'Electricity',
    );
    record(jane, base + 9, 9, 'debit', 7_999, 'Comcast Xfinity', 'Internet');
    record(jane, base + 12, 7, 'debit', 1_199, 'Spotify', 'Music subscription');
    record(marcus, base + 14, 7, 'debit', 3_900, 'Iron Works Gym', 'Membership');
  }
  // Weekly groceries and the odd meal out.
  for (let day = 2; day < DEMO_HISTORY_DAYS; day += 7) {
    record(jane, day, 18, 'debit', 6_000 + Math.floor(random() * 8_000), 'Whole Foods Market', 'Groceries');
    record(marcus, day + 1, 17, 'debit', 8_000 + Math.floor(random() * 9_000), 'H-E-B', 'Groceries');
    if (random() < 0.6)
      record(jane, day + 3, 20, 'debit', 2_500 + Math.floor(random() * 4_500), 'Tartine Bakery', 'Dinner');
  }
  // Transfers between the two, both ways.
  const between = (from: DemoCustomer, to: DemoCustomer, day: number, cents: number, purpose: string) => {
    events.push({
      at: at(day, 19),
      run: (b) =>
        b.transfer(
          from.userId,
          {
            type: 'Local Transfer',
            recipientAccount: to.accountNumber,
            recipientName: `${to.firstName} ${to.surname}`,
            bankName: BANK_DISPLAY_NAME,
            amount: dollars(cents),
            purpose,
          },
          null,
        ),
    });
  };
  between(jane, marcus, 11, 8_500, 'Concert tickets');
  between(marcus, jane, 25, 4_250, 'Half of the taxi');
  between(jane, marcus, 40, 12_000, 'Birthday dinner');
  between(marcus, jane, 58, 30_000, 'Paying you back for the flights');
  between(jane, marcus, 77, 6_400, 'Groceries for the barbecue');
  // Check deposits.
  // Each check with its MICR line (decision 0192): the payer's routing number (valid check digit)
  // and account number, distinct per payer. Seeded once, into an empty bank, so fixed lines are safe.
  const check = (
    who: DemoCustomer,
    day: number,
    cents: number,
    payer: { routingFirstEight: string; account: string },
    number: string,
  ) => {
    const routingNumber = `${payer.routingFirstEight}${routingCheckDigit(payer.routingFirstEight)}`;
    events.push({
      at: at(day, 12),
      run: async (b) =>
        b.depositCheck(
          who.userId,
          {
            amount: dollars(cents),
            checkNumber: number,
            routingNumber,
            payerAccountNumber: payer.account,
            ...(await demoCheckPhotos(number)),
          },
          null,
        ),
    });
  };
  const landlordRefund = { routingFirstEight: '02100002', account: '483920117' };
  const insurer = { routingFirstEight: '12100035', account: '7712004596' };
  const employer = { routingFirstEight: '09100001', account: '300581274' };
  check(jane, 19, 15_000, landlordRefund, '2231');
  check(jane, 63, 61_235, insurer, '1040');
  check(marcus, 47, 48_000, employer, '5517');

  events.sort((x, y) => x.at.getTime() - y.at.getTime());
  for (const event of events) {
    if (event.at.getTime() > deps.now.getTime()) continue;
    clock.set(event.at);
    // Holds fall due as the clock walks on, as the release job would release them.
    await releaseDueHolds(db, event.at);
    await event.run(banking);
  }
  // Three months on, every demo check has cleared.
  await releaseDueHolds(db, deps.now);
  await deps.extra?.(banking, clock, customers);
  await attributeToTheSystem(db, marks, [adminId, ...customerIds]);
}

type Marks = Awaited<ReturnType<typeof highWaterMarks>>;

/** The last row of each table that names an actor, before the history is written. */
async function highWaterMarks(db: Database) {
  const [journal] = await db.select({ id: max(journalEntries.id) }).from(journalEntries);
  const [audit] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  const [recordHistory] = await db
    .select({ id: max(transactionRecordHistory.id) })
    .from(transactionRecordHistory);
  const [loanHistory] = await db.select({ id: max(loanStatusHistory.id) }).from(loanStatusHistory);
  return {
    journal: journal?.id ?? 0,
    audit: audit?.id ?? 0,
    recordHistory: recordHistory?.id ?? 0,
    loanHistory: loanHistory?.id ?? 0,
  };
}

/**
 * Nobody made the demo history: the services it goes through name the admin who "created" each
 * record and "approved" the loan, and the customer who "sent" each transfer. Issue 28: a clerk
 * reading the audit log or a record's history must not see a colleague or a customer named for
 * what they never did. Every actor the seed wrote for these people becomes the system's (no
 * actor; `system` in the audit log, as the scheduler's runs are). Only rows written since `marks`:
 * what these people did before (in a test bed) stays theirs. The seed never reviews a hold.
 */
async function attributeToTheSystem(db: Database, marks: Marks, people: string[]): Promise<void> {
  await db
    .update(journalEntries)
    .set({ actorId: null })
    .where(and(gt(journalEntries.id, marks.journal), inArray(journalEntries.actorId, people)));
  await db
    .update(auditLog)
    .set({ actorId: null, actorRole: 'system' })
    .where(and(gt(auditLog.id, marks.audit), inArray(auditLog.actorId, people)));
  await db
    .update(transactionRecordHistory)
    .set({ actorId: null })
    .where(
      and(
        gt(transactionRecordHistory.id, marks.recordHistory),
        inArray(transactionRecordHistory.actorId, people),
      ),
    );
  await db
    .update(loanStatusHistory)
    .set({ actorId: null })
    .where(and(gt(loanStatusHistory.id, marks.loanHistory), inArray(loanStatusHistory.actorId, people)));
}
