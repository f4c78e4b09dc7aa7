import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A local pg_auto_failover formation (a monitor and two data nodes, each a real PostgreSQL) for
 * development and tests: loopback only, trust authentication, no TLS, everything under one scratch
 * directory owned by the `postgres` user. `formation-up` / `formation-down` and the bank test's
 * failover faults (`bench/bank.ts --formation`) use it. Never for production: see
 * docs/operations.md, "Running on a pg_auto_failover formation".
 */

export const PG_AUTOCTL = process.env.PG_AUTOCTL ?? '/usr/bin/pg_autoctl';
const PG_BINDIR = process.env.PG_BINDIR ?? '/usr/lib/postgresql/15/bin';
/** pg_autoctl and PostgreSQL refuse to run as root: everything runs as this user. */
const OS_USER = 'postgres';
/** The first port tried (this slice's range is 6100–6199); the next free ones follow. */
export const DEFAULT_PORT_BASE = 6100;
const PORT_RANGE_END = 6199;
export const DEFAULT_DIR = path.join(os.tmpdir(), 'larkspur-formation');
export const DEFAULT_DATABASE = 'larkspur';
const NODE_NAMES = ['node1', 'node2'] as const;
/** A fresh node reaches "single"/"secondary" in 5–20 s here; a slow machine gets four times that. */
const JOIN_TIMEOUT_MS = 90_000;
const POLL_MS = 250;

/**
 * Test-only monitor settings (milliseconds), so that a lost primary is replaced in seconds rather
 * than the ~50 s the defaults take (detection, then the 30 s demote guard). Measured on this
 * machine: a whole node lost → writes on the other node after ~8 s. Production keeps the defaults.
 */
export const FAST_MONITOR_SETTINGS: Record<string, number> = {
  'pgautofailover.health_check_period': 1_000,
  'pgautofailover.health_check_timeout': 1_000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 2_000,
  'pgautofailover.primary_demote_timeout': 3_000,
  'pgautofailover.startup_grace_period': 2_000,
};
/** Test-only keeper settings (seconds), set in each node's pg_autoctl.cfg and reloaded. */
export const FAST_KEEPER_SETTINGS: Record<string, number> = {
  'timeout.network_partition_timeout': 3,
  'timeout.prepare_promotion_catchup': 5,
  'timeout.prepare_promotion_walreceiver': 2,
  'timeout.postgresql_restart_failure_timeout': 5,
};

export interface FormationNode {
  name: string;
  port: number;
  pgdata: string;
  log: string;
}

export interface FormationState {
  dir: string;
  database: string;
  monitor: FormationNode;
  nodes: FormationNode[];
  /** The URL the app is given: every data node, the one that accepts writes chosen at connect. */
  databaseUrl: string;
  monitorUri: string;
  fast: boolean;
  createdAt: string;
}

export const stateFile = (dir: string) => path.join(dir, 'state.json');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function hasPgAutoctl(): boolean {
  return fs.existsSync(PG_AUTOCTL);
}

/** The environment every pg_autoctl runs with: its config, state and pid files inside `dir`. */
function autoctlEnv(dir: string): string[] {
  return [
    `XDG_CONFIG_HOME=${path.join(dir, 'config')}`,
    `XDG_DATA_HOME=${path.join(dir, 'share')}`,
    `XDG_RUNTIME_DIR=${path.join(dir, 'run')}`,
    `PATH=${PG_BINDIR}:/usr/bin:/bin`,
    `PGHOST=127.0.0.1`,
  ];
}

function asPostgres(dir: string, args: string[]): string[] {
  return ['-u', OS_USER, '--', 'env', ...autoctlEnv(dir), PG_AUTOCTL, ...args];
}

/** A pg_autoctl command that ends (show, config, perform); throws with its output on failure. */
export function autoctl(dir: string, args: string[], timeoutMs = 60_000): string {
  const r = spawnSync('runuser', asPostgres(dir, args), { encoding: 'utf8', timeout: timeoutMs });
  if (r.status !== 0)
    throw new Error(`pg_autoctl ${args.join(' ')}: exit ${r.status ?? r.signal}\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** A long-running pg_autoctl (create … --run, run), detached, its output in `log`. */
function spawnKeeper(dir: string, args: string[], log: string): void {
  const out = fs.openSync(log, 'a');
  fs.chownSync(log, uid(), gid());
  const child = spawn('runuser', asPostgres(dir, args), { detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  child.unref();
}

let ids: { uid: number; gid: number } | null = null;
function postgresIds(): { uid: number; gid: number } {
  if (!ids) {
    const r = spawnSync('id', ['-u', OS_USER], { encoding: 'utf8' });
    const g = spawnSync('id', ['-g', OS_USER], { encoding: 'utf8' });
    ids = { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
  }
  return ids;
}
const uid = () => postgresIds().uid;
const gid = () => postgresIds().gid;

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` free loopback ports from `base` up (not above the slice's range end). */
export async function freePorts(count: number, base = DEFAULT_PORT_BASE): Promise<number[]> {
  const ports: number[] = [];
  for (let port = base; port <= PORT_RANGE_END && ports.length < count; port++) {
    if (await portIsFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`no ${count} free ports in ${base}–${PORT_RANGE_END}`);
  return ports;
}

export const nodeUrl = (port: number, database: string) =>
  `postgres://postgres@127.0.0.1:${port}/${database}`;

export function multiHostUrl(ports: number[], database: string): string {
  return `postgres://postgres@${ports.map((p) => `127.0.0.1:${p}`).join(',')}/${database}?target_session_attrs=read-write`;
}

/** The nodes as the monitor sees them: reported and assigned state of each. */
export async function nodeStates(
  state: FormationState,
): Promise<{ name: string; port: number; reported: string; assigned: string }[]> {
  const client = new pg.Client({
    connectionString: nodeUrl(state.monitor.port, 'pg_auto_failover'),
    connectionTimeoutMillis: 2_000,
  });
  await client.connect();
  try {
    const r = await client.query<{ name: string; port: number; reported: string; assigned: string }>(
      `select nodename as name, nodeport as port, reportedstate::text as reported, goalstate::text as assigned
       from pgautofailover.node order by nodeid`,
    );
    return r.rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The data node the monitor has settled on as primary (reported = assigned), or null. */
export async function settledPrimary(state: FormationState): Promise<FormationNode | null> {
  const rows = await nodeStates(state).catch(() => []);
  const primary = rows.find(
    (r) => r.reported === r.assigned && ['primary', 'wait_primary', 'single'].includes(r.reported),
  );
  return primary ? (state.nodes.find((n) => n.port === primary.port) ?? null) : null;
}

/** True when one node is primary and the other a secondary, both where the monitor wants them. */
export async function isStable(state: FormationState): Promise<boolean> {
  const rows = await nodeStates(state).catch(() => []);
  return (
    rows.length === state.nodes.length &&
    rows.every((r) => r.reported === r.assigned) &&
    rows.some((r) => r.reported === 'primary') &&
    rows.some((r) => r.reported === 'secondary')
  );
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(POLL_MS);
  }
  throw new Error(`formation: ${what} not reached within ${timeoutMs} ms`);
}

/** How often a primary waiting for a standby is asked for a checkpoint (see waitStable). */
const CHECKPOINT_NUDGE_MS = 2_000;

/**
 * Waits for a primary and a secondary. A standby being cloned (pg_basebackup) or rewound waits
 * for a checkpoint on the primary, and an idle primary's spread checkpoint can take minutes (seen
 * here: 90 s and more): an explicit CHECKPOINT on the primary finishes it at once.
 */
export async function waitStable(state: FormationState, timeoutMs = JOIN_TIMEOUT_MS): Promise<void> {
  let nudged = 0;
  await waitFor(
    'a primary and a secondary',
    async () => {
      if (await isStable(state)) return true;
      if (Date.now() - nudged > CHECKPOINT_NUDGE_MS) {
        nudged = Date.now();
        const primary = await settledPrimary(state);
        if (primary) await checkpoint(primary).catch(() => undefined);
      }
      return false;
    },
    timeoutMs,
  );
}

async function checkpoint(n: FormationNode): Promise<void> {
  const client = new pg.Client({
    connectionString: nodeUrl(n.port, 'postgres'),
    connectionTimeoutMillis: 2_000,
  });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function monitorQuery(port: number, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: nodeUrl(port, 'pg_auto_failover') });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export function readState(dir = DEFAULT_DIR): FormationState | null {
  try {
    return JSON.parse(fs.readFileSync(stateFile(dir), 'utf8')) as FormationState;
  } catch {
    return null;
  }
}

/**
 * Creates a formation in `dir` (whatever a previous run left there is torn down first): the
 * monitor, node1 (which becomes the primary), the app's database on it, then node2 (cloned from
 * node1 as its synchronous standby). Resolves once node2 is a secondary.
 */
export async function formationUp(
  options: {
    dir?: string;
    portBase?: number;
    database?: string;
    fast?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<FormationState> {
  const dir = options.dir ?? DEFAULT_DIR;
  const database = options.database ?? DEFAULT_DATABASE;
  const fast = options.fast ?? true;
  const log = options.log ?? (() => undefined);
  if (!hasPgAutoctl())
    throw new Error(
      `${PG_AUTOCTL} not found: apt-get install postgresql-15-auto-failover pg-auto-failover-cli (or set PG_AUTOCTL)`,
    );
  formationDown(dir);
  for (const sub of ['', 'config', 'share', 'run']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
    fs.chownSync(path.join(dir, sub), uid(), gid());
  }
  const [monitorPort, ...nodePorts] = await freePorts(1 + NODE_NAMES.length, options.portBase);
  const node = (name: string, port: number): FormationNode => ({
    name,
    port,
    pgdata: path.join(dir, name),
    log: path.join(dir, `${name}.log`),
  });
  const monitor = node('monitor', monitorPort as number);
  const nodes = NODE_NAMES.map((name, i) => node(name, nodePorts[i] as number));
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${monitor.port}/pg_auto_failover?sslmode=disable`;
  const state: FormationState = {
    dir,
    database,
    monitor,
    nodes,
    databaseUrl: multiHostUrl(
      nodes.map((n) => n.port),
      database,
    ),
    monitorUri,
    fast,
    createdAt: new Date().toISOString(),
  };
  // Written first, so that a run that dies half-way is still torn down by the next one.
  fs.writeFileSync(stateFile(dir), `${JSON.stringify(state, null, 2)}\n`);
  const common = ['--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--auth', 'trust', '--no-ssl'];

  log(`monitor on 127.0.0.1:${monitor.port}`);
  spawnKeeper(
    dir,
    ['create', 'monitor', '--pgdata', monitor.pgdata, '--pgport', String(monitor.port), ...common, '--run'],
    monitor.log,
  );
  await waitFor(
    'the monitor',
    async () => {
      await monitorQuery(monitor.port, ['select 1 from pgautofailover.formation']);
      return true;
    },
    JOIN_TIMEOUT_MS,
  );
  if (fast) {
    await monitorQuery(monitor.port, [
      ...Object.entries(FAST_MONITOR_SETTINGS).map(([k, v]) => `alter system set ${k} = ${v}`),
      'select pg_reload_conf()',
    ]);
  }

  const join = (n: FormationNode) =>
    spawnKeeper(
      dir,
      [
        'create',
        'postgres',
        '--pgdata',
        n.pgdata,
        '--pgport',
        String(n.port),
        '--name',
        n.name,
        '--monitor',
        monitorUri,
        ...common,
        '--run',
      ],
      n.log,
    );
  const [first, second] = nodes as [FormationNode, FormationNode];
  log(`${first.name} on 127.0.0.1:${first.port}`);
  join(first);
  await waitFor(
    `${first.name} single`,
    async () => (await nodeStates(state)).some((r) => r.name === first.name && r.reported === 'single'),
    JOIN_TIMEOUT_MS,
  );
  const admin = new pg.Client({ connectionString: nodeUrl(first.port, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  log(`${second.name} on 127.0.0.1:${second.port}`);
  join(second);
  await waitStable(state);
  if (fast) {
    // `config set` writes the keeper's pg_autoctl.cfg and signals the running keeper to reload it
    // (done once both nodes are settled: during `create` the keeper is not ready for it).
    for (const n of nodes) {
      for (const [k, v] of Object.entries(FAST_KEEPER_SETTINGS)) await configSet(dir, n.pgdata, k, String(v));
    }
  }
  return state;
}

/** Tries of `config set` whose read of the keeper's configuration met a half-written file. */
const CONFIG_SET_TRIES = 5;
const CONFIG_SET_RETRY_MS = 500;

/**
 * `pg_autoctl config set`, tried again while the keeper is rewriting its pg_autoctl.cfg: the
 * running keeper rewrites it as its state moves, and a read in between fails with "Failed to
 * parse configuration file" (seen once in CI, 2026-11-25). Any other failure is thrown at once.
 */
async function configSet(dir: string, pgdata: string, key: string, value: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      autoctl(dir, ['config', 'set', '--pgdata', pgdata, key, value]);
      return;
    } catch (error) {
      const halfWritten = /Failed to (parse configuration file|find section)/.test((error as Error).message);
      if (!halfWritten || attempt >= CONFIG_SET_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, CONFIG_SET_RETRY_MS));
    }
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The keeper's (or the monitor's) pg_autoctl process, from its pid file. */
export function keeperPid(state: FormationState, n: FormationNode): number | null {
  return readPid(path.join(state.dir, 'run', 'pg_autoctl', n.pgdata.replace(/^\//, ''), 'pg_autoctl.pid'));
}

export const postmasterPid = (n: FormationNode): number | null =>
  readPid(path.join(n.pgdata, 'postmaster.pid'));

/** Every process on the machine with its parent and command line (from /proc). */
function processTable(): { pid: number; ppid: number; cmdline: string }[] {
  const rows: { pid: number; ppid: number; cmdline: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      rows.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      // gone meanwhile
    }
  }
  return rows;
}

/** The given processes and all their descendants. */
function withDescendants(roots: number[]): number[] {
  const table = processTable();
  // A pid file left by a crashed run may name a pid since reused by something else: only ever
  // pg_autoctl, PostgreSQL or the runuser that started them.
  const ours = (pid: number) =>
    table.some((p) => p.pid === pid && /pg_autoctl|postgres|runuser/.test(p.cmdline));
  const found = new Set(roots.filter(ours));
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of table) {
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export const isAlive = (pid: number | null): boolean => {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** kill -9 of a node's postmaster only: its keeper restarts it (or the monitor fails over). */
export function killPostmaster(n: FormationNode): number | null {
  const pid = postmasterPid(n);
  if (pid !== null) killAll([pid]);
  return pid;
}

/** A whole node lost: its keeper (and the keeper's children) and its postmaster, kill -9. */
export function killNode(state: FormationState, n: FormationNode): void {
  const roots = [keeperPid(state, n), postmasterPid(n)].filter((p): p is number => p !== null);
  // The processes still carrying the node's directory on their command line, should a pid file lag.
  for (const p of processTable()) if (p.cmdline.includes(n.pgdata)) roots.push(p.pid);
  killAll(withDescendants(roots));
}

/** Brings a lost node back: its keeper starts PostgreSQL, and it rejoins (pg_rewind) as a standby. */
export function startNode(state: FormationState, n: FormationNode): void {
  // A postmaster killed with -9 leaves its pid file; the keeper's pg_ctl start sees a stale one
  // and carries on, but shared memory of a dead postmaster's children must be gone first.
  spawnKeeper(state.dir, ['run', '--pgdata', n.pgdata], n.log);
}

/** A planned failover (`pg_autoctl perform failover`), resolved once it is done (never blocks the loop). */
export function performFailover(state: FormationState): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'runuser',
      asPostgres(state.dir, ['perform', 'failover', '--pgdata', state.monitor.pgdata]),
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`pg_autoctl perform failover: exit ${code}\n${output.slice(-2_000)}`)),
    );
  });
}

/**
 * Stops everything a formation in `dir` runs (the monitor and both keepers, their PostgreSQL, and
 * any process whose command line names the directory, from this or an earlier, crashed run) with
 * kill -9 (it is scratch), then removes the directory. Touches nothing else.
 */
export function formationDown(dir = DEFAULT_DIR): { killed: number } {
  const state = readState(dir);
  const roots: number[] = [];
  if (state) {
    for (const n of [state.monitor, ...state.nodes]) {
      for (const pid of [keeperPid(state, n), postmasterPid(n)]) if (pid !== null) roots.push(pid);
    }
  }
  const prefix = `${path.resolve(dir)}/`;
  for (const p of processTable()) if (p.cmdline.includes(prefix)) roots.push(p.pid);
  const pids = withDescendants(roots).filter((pid) => pid !== process.pid);
  killAll(pids);
  // Wait (briefly) until they are gone, so that ports and directories are free for the next run.
  const deadline = Date.now() + 10_000;
  while (pids.some((pid) => isAlive(pid)) && Date.now() < deadline) spawnSync('sleep', ['0.1']);
  fs.rmSync(dir, { recursive: true, force: true });
  return { killed: pids.length };
}
