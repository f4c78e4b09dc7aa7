import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Server API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
// Tests that only make sense for the embedded database are named *.embedded.test.ts, and those
// that only make sense on PostgreSQL *.postgres.test.ts: each project leaves the other's out, so
// nothing shows as skipped (CI fails on a skip).
const serverProject = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts'],
    exclude: db === 'postgres' ? ['src/**/*.embedded.test.ts'] : ['src/**/*.postgres.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    env: { LARKSPUR_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core CI machine, one worker,
    // and the suite ran its files one after another while they mostly waited on a database.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server (pglite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server (postgres)', 'postgres')] : []),
      // The web project's settings live in web/vite.config.ts beside its build settings.
      './web/vite.config.ts',
    ],
  },
});
