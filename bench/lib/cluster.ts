import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Scratch PostgreSQL databases and built server instances (`node server/dist/main.js`) on this
 * machine's loopback only, for the bank invariant test and the benchmarks.
 */

/**
 * The per-customer money budget (decision 0194) lifted: benchmark clients send hundreds of
 * transfers a second per customer, which the production default (10 a minute) would refuse. The
 * maker-checker window (decision 0188) is off too: one administrator opens every benchmark
 * customer with a credit, and the tenth $1,000.00 would take the window to the $10,000.00
 * threshold and wait for an approver (bench:bank's formation run stopped on that 202).
 */
export const UNBOUNDED_MONEY_LIMITS = {
  MONEY_MOVEMENTS_PER_MINUTE: '10000000',
  MONEY_MOVEMENTS_PER_DAY: '10000000',
  MONEY_ALERT_EMAILS_PER_HOUR: '10000000',
  MAKER_CHECKER_WINDOW_HOURS: '0',
} as const;

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'server/dist/main.js');
export const OUT_DIR = path.join(ROOT, 'bench/.out');
/** Where to make scratch databases: TEST_DATABASE_URL (CI) or the local server (trust auth). */
export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const START_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 100;
const STOP_TIMEOUT_MS = 10_000;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(
  sql: string,
  params: unknown[] = [],
  adminUrl = ADMIN_DATABASE_URL,
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(
  prefix: string,
  template?: string,
  adminUrl = ADMIN_DATABASE_URL,
): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`, [], adminUrl);
  return name;
}

export async function dropDatabase(name: string, adminUrl = ADMIN_DATABASE_URL): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`, [], adminUrl);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function requireBuild(): void {
  if (!fs.existsSync(SERVER_ENTRY)) {
    console.error('server/dist/main.js is missing: run `npm run build` first');
    process.exit(2);
  }
}

/** The secrets every instance on one database must share (config.ts refuses PostgreSQL without them). */
export function sharedSecrets(): Record<string, string> {
  return {
    OTP_PEPPER: crypto.randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** False from a kill until the restarted process answers its probe. */
  up: boolean;
  paused: boolean;
  process: ChildProcess | null;
  env: Record<string, string>;
  logFile: string;
  /**
   * Set for an instance on its own embedded PGlite (`makeEmbeddedInstance`); unset, the database is
   * whatever `env` names (DATABASE_URL for the PostgreSQL benchmarks).
   */
  database?: { kind: 'pglite'; dataDir: string };
  /** What must answer 200 before the instance counts as up (default /api/health). */
  probePath?: '/api/health' | '/api/ready';
}

export async function waitHealthy(
  url: string,
  child: ChildProcess | null,
  timeoutMs = START_TIMEOUT_MS,
  probePath: '/api/health' | '/api/ready' = '/api/health',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}${probePath}`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(`${url} did not answer ${probePath} within ${timeoutMs} ms`);
}

export async function startInstance(instance: Instance): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...instance.env };
  // A DATABASE_URL inherited from the caller's shell would quietly put an "embedded" instance on
  // that PostgreSQL, and the benchmark would measure the wrong database.
  if (instance.database?.kind === 'pglite') delete env.DATABASE_URL;
  const log = fs.openSync(instance.logFile, 'a');
  // Profiles a server under a benchmark (`BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR'`);
  // Node refuses --cpu-prof in NODE_OPTIONS, and would profile the benchmark's process too.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  instance.process = child;
  instance.paused = false;
  await waitHealthy(instance.url, child, START_TIMEOUT_MS, instance.probePath);
  instance.up = true;
}

/** The environment every benchmark instance starts from: loopback only, production mode, no demo. */
function instanceEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
}

export function makeInstances(
  count: number,
  ports: number[],
  common: Record<string, string>,
  tag: string,
): Instance[] {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  return Array.from({ length: count }, (_, i) => {
    const port = ports[i] ?? 0;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `larkspur-${tag}-`));
    return {
      name: `i${i + 1}`,
      port,
      url: `http://127.0.0.1:${port}`,
      up: false,
      paused: false,
      process: null,
      logFile: path.join(OUT_DIR, `${tag}-i${i + 1}.log`),
      env: { ...instanceEnv(port, dataDir), ...common },
    };
  });
}

/**
 * One instance on the embedded database (no DATABASE_URL: PGlite in `dataDir`, mailbox email, the
 * secrets generated into the directory). It counts as up only when /api/ready answers, i.e. when
 * PGlite has opened (and, after a crash, recovered) the data directory.
 */
export function makeEmbeddedInstance(options: {
  port: number;
  dataDir: string;
  tag: string;
  env?: Record<string, string>;
}): Instance {
  const { port, dataDir, tag } = options;
  fs.mkdirSync(OUT_DIR, { recursive: true });
  return {
    name: tag,
    port,
    url: `http://127.0.0.1:${port}`,
    up: false,
    paused: false,
    process: null,
    logFile: path.join(OUT_DIR, `${tag}.log`),
    database: { kind: 'pglite', dataDir },
    probePath: '/api/ready',
    env: { ...instanceEnv(port, dataDir), ...options.env },
  };
}

export function killInstance(instance: Instance, signal: NodeJS.Signals): void {
  instance.process?.kill(signal);
}

/**
 * `kill -9`, resolved once the process is gone: until then its pid is alive, and a restart on the
 * same PGlite directory would rightly be refused by the data-directory lock.
 */
export async function crashInstance(instance: Instance): Promise<void> {
  const child = instance.process;
  instance.up = false;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function stopInstance(instance: Instance): Promise<void> {
  const child = instance.process;
  instance.up = false;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  if (instance.paused) child.kill('SIGCONT');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Restarts the local PostgreSQL cluster in immediate mode (a crash, then recovery). Root only. */
export function restartPostgresImmediate(): { ok: boolean; output: string } {
  const result = spawnSync('pg_ctlcluster', ['15', 'main', 'restart', '-m', 'immediate'], {
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}
