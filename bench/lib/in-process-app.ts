import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { ManualClock } from '../../server/src/lib/clock';
import type { FuzzHost } from '../../server/src/test/fuzz';
import { UNBOUNDED_MONEY_LIMITS } from './cluster';

/**
 * The real app on a fresh in-memory PGlite, built as the tests build it (same config, a clock the
 * caller controls, no background mail worker), for tools that run outside Vitest (bench:fuzz).
 */
export async function buildInProcessApp(): Promise<FuzzHost & { close(): Promise<void> }> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '3000',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    EMAIL_TRANSPORT: 'mailbox',
    RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    // The fuzzer sends transfers far past a person's pace: the money budget is lifted (decision 0194).
    ...UNBOUNDED_MONEY_LIMITS,
  });
  const clock = new ManualClock();
  const app = await buildApp({ config, database, clock, logger: false, startBackgroundJobs: false });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
