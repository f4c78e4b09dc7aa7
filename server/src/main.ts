import fs from 'node:fs';
import path from 'node:path';
import { buildApp, loggerOptions } from './app';
import { systemClock } from './lib/clock';
import { seedDemoLoans } from './modules/loans/index';
import { seedDemoHistory } from './modules/seed/index';
import { DEMO_CREDENTIALS_FILE, seedDemoIfEmpty } from './modules/seed/index';
import { ConfigError, loadConfig, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open-configured';
import { retryWhileUnavailable } from './db/start-up';
import { describeUnavailable, isDatabaseUnavailable } from './db/unavailable';

/** How long a graceful shutdown may wait for in-flight requests before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: DatabaseHandle;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    // Unreachable, a standby, read-only or lost mid-migration (a failover): wait with back-off
    // for the primary, one line per attempt (decision 0108).
    await retryWhileUnavailable(() => database.migrate(), {
      waitMs: config.databaseStartupWaitMs,
      log: (line) => console.error(line),
    });
  } catch (error) {
    // Still unavailable when the wait is spent: say so in one line and exit non-zero, so the
    // supervisor starts us again (decisions 0095, 0108).
    if (isDatabaseUnavailable(error)) {
      console.error(`Larkspur Bank cannot start: ${describeUnavailable(error)}`);
      await database.close().catch(() => undefined);
      process.exit(1);
    }
    throw error;
  }
  const demoLogins = config.seedDemo
    ? await seedDemoIfEmpty({
        db: database.db,
        clock: systemClock,
        config,
        // Inside the seed's transaction: a failure anywhere leaves nothing half-seeded.
        withCustomers: (tx, customers, adminId) =>
          seedDemoHistory({
            db: tx,
            config,
            brand: {
              bankName: config.bankName,
              fromName: config.email.from.name || config.bankName,
              publicOrigin: config.publicOrigin,
            },
            adminId,
            customers,
            now: systemClock.now(),
            extra: seedDemoLoans({ db: tx, adminId }),
          }),
      })
    : null;

  const app = await buildApp({ config, database, logger: loggerOptions(config) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  console.log(`\n  ${config.bankName} is running at ${config.publicOrigin}  (database: ${where})`);
  const credentialsFile = path.join(config.dataDir, DEMO_CREDENTIALS_FILE);
  if (demoLogins) {
    console.log(
      '\n  Demo logins (shown once; also saved, readable only by you, in ' + credentialsFile + '):',
    );
    for (const login of demoLogins) {
      console.log(`    ${login.label}\n      login: ${login.loginWith}   password: ${login.password}`);
    }
  } else if (config.seedDemo && fs.existsSync(credentialsFile)) {
    console.log(`  Demo logins: see ${credentialsFile}`);
  }
  if (config.email.transport.kind === 'mailbox') {
    console.log(`  Emails (verification codes, alerts): ${config.publicOrigin}/dev/mailbox`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  // The database lost after the migrations (seeding, building the app): one line, exit 1, and the
  // supervisor starts us again; a stack trace would read as a bug.
  if (isDatabaseUnavailable(error)) {
    console.error(`Larkspur Bank cannot start: ${describeUnavailable(error)}`);
    process.exit(1);
  }
  console.error('Larkspur Bank failed to start:', error);
  process.exit(1);
});
