import { execFile } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * Issue 27, low finding "Routing" (d), decision 0195: `npm run ledger:verify` reads the ledger and
 * needs nothing but where the database is. An operator checking a PostgreSQL ledger from a shell
 * should not have to hold the session, email and encryption secrets of the servers.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCRIPT = path.join(ROOT, 'scripts/ledger-verify.ts');
/** Starting tsx and opening the database: seconds, not the default test timeout's worth. */
const COMMAND_TIMEOUT_MS = 90_000;

/** The command as an operator runs it: only PATH and the given variables in its environment. */
function runVerify(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: COMMAND_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** PostgreSQL only (the file's name): an embedded data directory never needed the secrets. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('npm run ledger:verify', () => {
  it(
    'checks a PostgreSQL ledger with only DATABASE_URL set (no email, session or encryption secrets)',
    async () => {
      const { adminUrl, templateName, runId } = inject('postgresTemplate');
      const name = `larkspur_verify_${runId}_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${templateName}`);
      await admin.end();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const { code, output } = await runVerify({ DATABASE_URL: url.toString() });
      expect(output).toContain('ledger:verify: OK');
      expect(code).toBe(0);
    },
    COMMAND_TIMEOUT_MS,
  );
});
