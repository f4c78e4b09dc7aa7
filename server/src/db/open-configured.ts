import type { DatabaseConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './client';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * Opens the database the configuration names. For the embedded database the process first takes
 * the data directory's lock (and releases it on close), so the server, migrations and every script
 * go through the same guard.
 */
export async function openConfiguredDatabase(
  config: Pick<DatabaseConfig, 'dataDir' | 'database'>,
): Promise<DatabaseHandle> {
  if (config.database.kind === 'postgres') return openDatabase(config.database);
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const handle = await openDatabase(config.database);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
