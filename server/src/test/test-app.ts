import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { describe, inject, it } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import type { RandomInt } from '../modules/users/index';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { ManualClock } from '../lib/clock';
import type { EmailTransport } from '../modules/email/index';

export type TestDatabaseKind = 'pglite' | 'postgres';

export const testDatabaseKind: TestDatabaseKind =
  process.env.LARKSPUR_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A suite or test that only means something on PostgreSQL (several connections, terminated
 * backends) is registered there and absent on PGlite: not skipped, because CI fails on any skip.
 * A file whose every test is PostgreSQL-only is named `*.postgres.test.ts` instead, which the
 * PGlite project leaves out (vitest.config.ts).
 */
export function describeOnPostgres(name: string, body: () => void): void {
  if (testDatabaseKind === 'postgres') describe(name, body);
}

export function itOnPostgres(name: string, fn: () => Promise<void>, timeoutMs?: number): void {
  if (testDatabaseKind === 'postgres') it(name, fn, timeoutMs);
}

let cloneCounter = 0;

/**
 * A fresh, migrated database for one test file (or one test): a copy of the template the global
 * setup migrated. Call `drop()` when done.
 */
export interface TestDatabase {
  database: DatabaseHandle;
  /**
   * A second handle on the same database, as another server instance would have: its own pool
   * on PostgreSQL; on PGlite (one connection per database) the same handle, closed by `drop`.
   */
  openPeer(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'pglite') {
    const file = inject('pgliteTemplateFile');
    const blob = new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ kind: 'pglite-memory', loadDataDir: blob });
    const peer: DatabaseHandle = { ...database, close: async () => undefined };
    return { database, openPeer: async () => peer, drop: () => database.close() };
  }
  const { adminUrl, templateName, runId } = inject('postgresTemplate');
  cloneCounter += 1;
  const name = `larkspur_t_${runId}_${process.pid}_${cloneCounter}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
  const peers: DatabaseHandle[] = [];
  return {
    database,
    openPeer: async () => {
      const peer = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
      peers.push(peer);
      return peer;
    },
    drop: async () => {
      await Promise.all(peers.map((peer) => peer.close().catch(() => undefined)));
      await database.close();
      const admin2 = new pg.Client({ connectionString: adminUrl });
      await admin2.connect();
      try {
        await admin2.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin2.end();
      }
    },
  };
}

/** Money limits no scripted suite reaches (decision 0194); the budget's own tests set real ones. */
export const UNBOUNDED_MONEY_LIMITS = {
  MONEY_MOVEMENTS_PER_MINUTE: '10000000',
  MONEY_MOVEMENTS_PER_DAY: '10000000',
  MONEY_ALERT_EMAILS_PER_HOUR: '10000000',
} as const;

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '3000',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests read their mail from the dev mailbox; configs with DATABASE_URL need a transport named.
    EMAIL_TRANSPORT: 'mailbox',
    // Every test request comes from 127.0.0.1; per-IP request limits are tested with other addresses.
    RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    // Suites that credit their fixtures from one admin test other rules; the maker-checker tests
    // turn the window on (decision 0188).
    MAKER_CHECKER_WINDOW_HOURS: '0',
    // Suites script many transfers per customer on a clock that stands still (and the race tests,
    // concurrency.test.ts and security/double-spend.test.ts, send hundreds at once): the budget would
    // refuse them. Its own tests (money-rate-limit.test.ts) set the limits (decision 0194).
    ...UNBOUNDED_MONEY_LIMITS,
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** The real app, built as `main.ts` builds it, on a fresh database with a clock the test controls. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    emailTransport?: EmailTransport;
    /** Account-number draws, to force collisions. */
    randomInt?: RandomInt;
    /** Collects every log line (at trace level, with the production redaction) for inspection. */
    logLines?: string[];
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const clock = new ManualClock();
  const config = testConfig(options.env);
  // No background worker: tests deliver queued mail with `app.email.worker.runOnce()`.
  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logLines
      ? {
          ...(loggerOptions(config) as object),
          level: 'trace',
          stream: { write: (line: string) => void options.logLines?.push(line) },
        }
      : false,
    randomInt: options.randomInt,
    startBackgroundJobs: false,
    emailTransport: options.emailTransport,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Two instances of the app on one database: `t.app` and `second`. */
export interface TwoInstances {
  t: TestApp;
  second: FastifyInstance;
  /** Closes both instances and drops the database. */
  close(): Promise<void>;
}

/**
 * Two app instances sharing one fresh database, as a load balancer would spread a customer's
 * requests. On PostgreSQL each has its own pool and its own LISTEN connection; on PGlite they
 * share the one connection. `t.close` is a no-op: close both with `close()`.
 */
export async function buildTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const testDb = await createTestDatabase();
  const clock = new ManualClock();
  const config = testConfig(env);
  const common = { config, clock, logger: false, startBackgroundJobs: false } as const;
  const first = await buildApp({ ...common, database: testDb.database });
  const second = await buildApp({ ...common, database: await testDb.openPeer() });
  await Promise.all([first.ready(), second.ready()]);
  return {
    t: { app: first, database: testDb.database, clock, config, close: async () => undefined },
    second,
    close: async () => {
      await second.close();
      await first.close();
      await testDb.drop();
    },
  };
}
