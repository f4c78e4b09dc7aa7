import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closedPort, startPgProxy, type PgProxy } from '../test/pg-proxy';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '../test/test-app';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { sessionMatches } from './multi-host-client';
import { isDatabaseUnavailable } from './unavailable';

/** How long a test waits for the listener to come back (its backoff starts at 250 ms). */
const RESUBSCRIBE_WAIT_MS = 10_000;
const POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + RESUBSCRIBE_WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

describe('sessionMatches', () => {
  const primary = { inRecovery: false, readOnly: false };
  const draining = { inRecovery: false, readOnly: true };
  const standby = { inRecovery: true, readOnly: true };
  it('read-write takes only a writable primary: a draining (read-only) primary is refused', () => {
    expect([primary, draining, standby].map((s) => sessionMatches('read-write', s))).toEqual([
      true,
      false,
      false,
    ]);
    expect([primary, draining, standby].map((s) => sessionMatches('primary', s))).toEqual([
      true,
      true,
      false,
    ]);
    expect([primary, draining, standby].map((s) => sessionMatches('standby', s))).toEqual([
      false,
      false,
      true,
    ]);
    expect([primary, draining, standby].map((s) => sessionMatches('read-only', s))).toEqual([
      false,
      true,
      true,
    ]);
    expect([primary, draining, standby].map((s) => sessionMatches('any', s))).toEqual([true, true, true]);
  });
});

/**
 * Host selection against real "hosts": the local PostgreSQL directly, a closed port (a node that
 * is down), and TCP proxies in front of the local server standing in for a read-only node
 * (mid-failover) or a node that is lost and comes back.
 */
describeOnPostgres('a multi-host DATABASE_URL', () => {
  let testDb: TestDatabase;
  let base: URL;
  const handles: DatabaseHandle[] = [];
  const proxies: PgProxy[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const row = await one<{ name: string }>(testDb.database.db, sql`select current_database() as name`);
    base = new URL(inject('postgresTemplate').adminUrl);
    base.pathname = `/${row?.name ?? ''}`;
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
    await Promise.all(proxies.map((p) => p.close()));
    await testDb.drop();
  });

  const direct = () => `${base.hostname}:${base.port || 5432}`;
  /** The test database's URL with other hosts; `attrs` as target_session_attrs. */
  const urlWith = (hosts: string[], attrs = 'read-write') =>
    `postgres://${base.username}${base.password ? `:${base.password}` : ''}@${hosts.join(',')}${base.pathname}?target_session_attrs=${attrs}`;
  const open = async (url: string) => {
    const handle = await openDatabase({ kind: 'postgres', url, poolMax: 4 });
    handles.push(handle);
    return handle;
  };
  const proxy = async (options?: string) => {
    const p = await startPgProxy({ host: base.hostname, port: Number(base.port || 5432) }, options);
    proxies.push(p);
    return p;
  };
  const tag = (db: Database) =>
    one<{ name: string }>(db, sql`select current_setting('application_name') as name`).then((r) => r?.name);

  it('skips a host that refuses connections and works on the next one, migrations included', async () => {
    const handle = await open(urlWith([`127.0.0.1:${await closedPort()}`, direct()]));
    await handle.migrate();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table t (x int) on commit drop`);
      await tx.execute(sql`insert into t values (1)`);
    });
    expect(await one<{ one: number }>(handle.db, sql`select 1 as one`)).toEqual({ one: 1 });
  });

  it('skips a host that is up but read-only (a draining primary) for read-write', async () => {
    const readOnly = await proxy('-c default_transaction_read_only=on -c application_name=draining');
    const handle = await open(urlWith([`127.0.0.1:${readOnly.port}`, direct()]));
    const settings = await one<{ read_only: string }>(
      handle.db,
      sql`select current_setting('default_transaction_read_only') as read_only`,
    );
    expect(settings?.read_only).toBe('off');
    expect(await tag(handle.db)).not.toBe('draining');
    // With target_session_attrs=any the first host is taken as it is.
    const any = await open(urlWith([`127.0.0.1:${readOnly.port}`, direct()], 'any'));
    expect(await tag(any.db)).toBe('draining');
  });

  it('with no suitable host, work fails as "unavailable" (a 503) and migrations refuse to run', async () => {
    const readOnly = await proxy('-c default_transaction_read_only=on');
    const handle = await open(urlWith([`127.0.0.1:${await closedPort()}`, `127.0.0.1:${readOnly.port}`]));
    const failure: unknown = await handle.db.execute(sql`select 1`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(String((failure as Error).cause)).toMatch(/No database host accepted a read-write session/);
    // A plain URL to a read-only node: start-up stops with a clear message instead of migrating.
    const plain = await open(`postgres://${base.username}@127.0.0.1:${readOnly.port}${base.pathname}`);
    await expect(plain.migrate()).rejects.toThrow(/read-only/);
  });

  it('moves to the next host when the one in use is lost, and LISTEN follows and asks for a refetch', async () => {
    const nodeA = await proxy('-c application_name=node-a');
    const url = urlWith([`127.0.0.1:${nodeA.port}`, direct()]);
    const handle = await open(url);
    expect(await tag(handle.db)).toBe('node-a');
    const received: string[] = [];
    let resubscribed = 0;
    await handle.listen(
      'larkspur_failover_test',
      (payload) => received.push(payload),
      () => (resubscribed += 1),
    );

    await nodeA.stop();
    // Reads are retried on a new connection, which probes the hosts again.
    expect(await tag(handle.db)).not.toBe('node-a');
    // What was sent while the listener was away is lost: it says so, then hears new notifications.
    await until(() => resubscribed === 1, 'the listener to resubscribe');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('larkspur_failover_test', 'after failover')`);
    });
    await until(() => received.includes('after failover'), 'a notification after the failover');
  });

  it('a remembered host that stops accepting connections is left for the next one, without an error', async () => {
    const nodeA = await proxy('-c application_name=node-a');
    const handle = await open(urlWith([`127.0.0.1:${nodeA.port}`, direct()]));
    expect(await tag(handle.db)).toBe('node-a');
    // Node A goes away for new connections only: nothing tells the pool, which remembers it.
    await nodeA.refuseNew();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = handle.db.transaction(async (tx) => {
      await held;
      return tag(tx as unknown as Database);
    });
    // The pool's one idle connection is busy: this transaction needs a new one.
    const second = handle.db.transaction((tx) => tag(tx as unknown as Database));
    const secondTag = await second;
    release();
    expect(await first).toBe('node-a');
    expect(secondTag).not.toBe('node-a');
  });

  it('LISTEN keeps retrying while every host is down and resubscribes when one returns', async () => {
    const node = await proxy();
    const handle = await open(urlWith([`127.0.0.1:${node.port}`]));
    const received: string[] = [];
    let resubscribed = 0;
    await handle.listen(
      'larkspur_outage_test',
      (payload) => received.push(payload),
      () => (resubscribed += 1),
    );
    await node.stop();
    // Several reconnect attempts fail while the node is down.
    await sleep(1_000);
    expect(resubscribed).toBe(0);
    await node.start();
    await until(() => resubscribed === 1, 'the listener to resubscribe');
    await testDb.database.db.execute(sql`select pg_notify('larkspur_outage_test', 'back')`);
    await until(() => received.includes('back'), 'a notification after the outage');
  });
});
