import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closedPort, startPgProxy, type PgProxy } from '../test/pg-proxy';
import { createTestDatabase, itOnPostgres } from '../test/test-app';

/**
 * Start-up against a database that cannot take the migrations: a real server process (as
 * `npm start` runs it, with tsx) must exit non-zero with one clear line, not hang and not migrate.
 */
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');
/** tsx compiles the server first; the failure itself is immediate. */
const EXIT_TIMEOUT_MS = 25_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-start-up-'));
const proxies: PgProxy[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(
  databaseUrl: string,
  options: { waitSeconds?: number; onOutput?: (output: string, kill: () => void) => void } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_STARTUP_WAIT_SECONDS: String(options.waitSeconds ?? 0),
      EMAIL_TRANSPORT: 'mailbox',
      // The dev mailbox on PostgreSQL in production needs the development flag (decision 0087).
      LARKSPUR_ALLOW_DEV_MAILBOX: 'true',
      OTP_PEPPER: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    options.onOutput?.(output, () => child.kill('SIGTERM'));
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up when the database cannot take writes', () => {
  it('waits with back-off (one line an attempt), then exits 1 with one clear line when no host is reachable', async () => {
    const [a, b] = [await closedPort(), await closedPort()];
    const { code, output } = await startServer(
      `postgres://bank:secret@127.0.0.1:${a},127.0.0.1:${b}/bank?target_session_attrs=read-write`,
      { waitSeconds: 2 },
    );
    expect(code).toBe(1);
    // 1 s, then the second that is left: two waits, three attempts.
    expect(
      output.match(/^Larkspur Bank is waiting for the database \(attempt \d\): No database host/gm),
    ).toHaveLength(2);
    expect(output).toMatch(
      /^Larkspur Bank cannot start: No database host accepted a read-write session \(tried 127\.0\.0\.1:\d+, 127\.0\.0\.1:\d+\)$/m,
    );
    expect(output).not.toContain('secret');
  });

  itOnPostgres(
    'starts once the primary is back: a node that was down when the process started',
    async () => {
      // Our own test database behind a proxy that is down at first, as a primary mid-failover.
      const testDb = await createTestDatabase();
      cleanups.push(() => testDb.drop());
      const rows = (await testDb.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const target = new URL(inject('postgresTemplate').adminUrl);
      target.pathname = `/${rows.rows[0]?.name ?? ''}`;
      const node = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
      proxies.push(node);
      await node.stop();
      target.host = `127.0.0.1:${node.port}`;
      let restarted = false;
      const { output } = await startServer(target.toString(), {
        waitSeconds: 60,
        onOutput: (text, kill) => {
          if (!restarted && /waiting for the database \(attempt 1\)/.test(text)) {
            restarted = true;
            void node.start();
          }
          if (/is running at/.test(text)) kill();
        },
      });
      expect(output).toMatch(
        /^Larkspur Bank is waiting for the database \(attempt 1\): the database is unavailable/m,
      );
      expect(output).toMatch(/is running at/);
      expect(output).not.toMatch(/cannot start/);
    },
    EXIT_TIMEOUT_MS + 5_000,
  );

  itOnPostgres('exits 1 and never migrates on a read-only node', async () => {
    // Our own test database behind a proxy that makes every session read-only, never the shared one.
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    const rows = (await testDb.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const admin = new URL(inject('postgresTemplate').adminUrl);
    admin.pathname = `/${rows.rows[0]?.name ?? ''}`;
    const readOnly = await startPgProxy(
      { host: admin.hostname, port: Number(admin.port || 5432) },
      '-c default_transaction_read_only=on',
    );
    proxies.push(readOnly);
    admin.host = `127.0.0.1:${readOnly.port}`;
    const { code, output } = await startServer(admin.toString());
    expect(code).toBe(1);
    expect(output).toMatch(/^Larkspur Bank cannot start: The database is read-only/m);
  });
});
