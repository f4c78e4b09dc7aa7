import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a freshly migrated database, loaded by every test file. */
    pgliteTemplateFile: string;
    /** PostgreSQL: the migrated template database each test file clones. */
    postgresTemplate: { adminUrl: string; templateName: string; runId: string };
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Runs once per test project: migrates one database and hands its location to every test file,
 * which then starts from a copy (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 * Nothing runs initdb or the migrations per test.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's `env` reaches test workers, not this process: read it from the project.
  const kind = project.config.env?.LARKSPUR_TEST_DB ?? 'pglite';
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await handle.migrate();
    if (!handle.dumpDataDir) throw new Error('PGlite handle cannot dump its data directory');
    const dump = await handle.dumpDataDir();
    await handle.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-test-'));
    const file = path.join(dir, 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('LARKSPUR_TEST_DB=postgres needs TEST_DATABASE_URL');
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const templateName = `larkspur_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateName}`);
  const handle = await openDatabase({
    kind: 'postgres',
    url: withDatabase(adminUrl, templateName),
    poolMax: 2,
  });
  await handle.migrate();
  await handle.close();
  project.provide('postgresTemplate', { adminUrl, templateName, runId });

  return async () => {
    // Drop every database this run made, including clones a crashed test file left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`larkspur_%${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
  };
}
