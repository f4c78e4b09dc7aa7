import { ConfigError, loadConfig, loadDatabaseConfig, type Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/client';
import { DataDirLockedError } from '../../server/src/db/data-dir-lock';
import { openConfiguredDatabase } from '../../server/src/db/open-configured';

/**
 * Runs a command-line task against the configured database (DATA_DIR or DATABASE_URL), migrated,
 * holding the embedded database's lock like the server does. Prints one-line errors for
 * configuration and lock problems and sets a non-zero exit code.
 */
export async function withConfiguredDatabase(
  task: (database: DatabaseHandle, config: Config) => Promise<number | void>,
): Promise<void> {
  let config: Config;
  let database: DatabaseHandle;
  try {
    config = loadConfig();
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  try {
    await database.migrate();
    const code = await task(database, config);
    if (typeof code === 'number') process.exitCode = code;
  } finally {
    await database.close();
  }
}

/**
 * Runs a read-only task against the configured database with nothing but the database settings
 * (decision 0195): `ledger:verify` needs no email, session or encryption secret. It does not
 * migrate: checking a ledger changes nothing (the servers and `npm run db:migrate` migrate it).
 */
export async function withDatabaseOnly(
  task: (database: DatabaseHandle) => Promise<number | void>,
): Promise<void> {
  let database: DatabaseHandle;
  try {
    database = await openConfiguredDatabase(loadDatabaseConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  try {
    const code = await task(database);
    if (typeof code === 'number') process.exitCode = code;
  } finally {
    await database.close();
  }
}
