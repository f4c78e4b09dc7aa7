import { TransactionRollbackError, asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client';
import { DatabaseUnavailableError } from '../../db/unavailable';
import { closedPort } from '../../test/pg-proxy';
import { mailboxMessages, outboxMessages } from '../../db/schema/index';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createMailbox } from './mailbox';
import { createOutbox } from './outbox';
import {
  OUTBOX_ATTEMPTS_MAX,
  OUTBOX_LEASE_MS,
  createOutboxWorker,
  outboxRetryDelayMs,
  outboxRunBackoffMs,
  type OutboxWorker,
} from './outbox-worker';
import { createRecordingLogger, createRecordingTransport, deferred } from '../../test/email-doubles';
import type { EmailTransport, OutgoingEmail } from './transport';

let testDb: TestDatabase;
let db: Database;
let clock: ManualClock;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb.drop();
});
beforeEach(async () => {
  await db.delete(outboxMessages);
  clock = new ManualClock();
});

function mail(i: number): OutgoingEmail {
  return {
    to: `customer${i}@example.com`,
    template: 'money-alert',
    subject: `Alert ${i}`,
    html: `<p>secret-body-${i}</p>`,
    text: `secret-body-${i}`,
    params: { reference: `REF${i}` },
  };
}

async function enqueue(count: number, from = 0): Promise<void> {
  const outbox = createOutbox({ clock });
  await db.transaction(async (tx) => {
    for (let i = from; i < from + count; i += 1) await outbox.enqueueEmail(tx, mail(i));
  });
}

function worker(
  transport: EmailTransport,
  options: {
    database?: DatabaseHandle;
    db?: Database;
    batchSize?: number;
    pollIntervalMs?: number;
    runBackoff?: { minMs: number; maxMs: number };
  } = {},
) {
  const logger = createRecordingLogger();
  const w = createOutboxWorker({
    db: options.db ?? options.database?.db ?? db,
    transport,
    clock,
    logger,
    batchSize: options.batchSize ?? 10,
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
    ...(options.runBackoff ? { runBackoff: options.runBackoff } : {}),
  });
  return { worker: w, logger };
}

async function rows() {
  return db.select().from(outboxMessages).orderBy(asc(outboxMessages.id));
}

async function drain(w: OutboxWorker): Promise<void> {
  while ((await w.runOnce()).claimed > 0) {
    // keep claiming until nothing is due
  }
}

describe('outbox', () => {
  it('delivers a queued message once and records it as sent', async () => {
    await enqueue(1);
    const transport = createRecordingTransport();
    const { worker: w } = worker(transport);

    expect(await w.runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0, suppressed: 0 });
    expect(await w.runOnce()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0, suppressed: 0 });

    const [row] = await rows();
    expect(transport.sent).toEqual([{ ...mail(0), messageId: `outbox-${row?.id}.${clock.now().getTime()}` }]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, leaseUntil: null, lastError: null });
    expect(row?.sentAt).toEqual(clock.now());
  });

  it('never sends a message whose transaction rolled back', async () => {
    const outbox = createOutbox({ clock });
    await expect(
      db.transaction(async (tx) => {
        await outbox.enqueueEmail(tx, mail(1));
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);

    const transport = createRecordingTransport();
    expect((await worker(transport).worker.runOnce()).claimed).toBe(0);
    expect(transport.attempts).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('delivers every message exactly once when two workers on two connections race', async () => {
    const count = 60;
    await enqueue(count);
    const peer = await testDb.openPeer();
    const sends = new Map<string, number>();
    // Each send yields, so the two workers' claims and deliveries interleave.
    const transport: EmailTransport = {
      name: 'counting',
      async send(message) {
        await new Promise((resolve) => setImmediate(resolve));
        sends.set(message.subject, (sends.get(message.subject) ?? 0) + 1);
        return { ok: true };
      },
    };
    const a = worker(transport, { batchSize: 5 }).worker;
    const b = worker(transport, { batchSize: 5, database: peer }).worker;

    await Promise.all([drain(a), drain(b)]);

    expect(sends.size).toBe(count);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    const all = await rows();
    expect(all.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('retries a failed delivery after an exponential backoff', async () => {
    await enqueue(1);
    const transport = createRecordingTransport();
    transport.failNext({ ok: false, retryable: true, reason: 'relay busy' }, 2);
    const { worker: w, logger } = worker(transport);

    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'relay busy', leaseUntil: null });
    expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + outboxRetryDelayMs(1));

    // Not due before the backoff has passed.
    clock.advanceMs(outboxRetryDelayMs(1) - 1);
    expect((await w.runOnce()).claimed).toBe(0);
    clock.advanceMs(1);
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    [row] = await rows();
    expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + outboxRetryDelayMs(2));
    expect(outboxRetryDelayMs(2)).toBe(2 * outboxRetryDelayMs(1));

    clock.advanceMs(outboxRetryDelayMs(2));
    expect(await w.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it(`gives up after ${OUTBOX_ATTEMPTS_MAX} attempts, marks the message failed and logs it without its content`, async () => {
    await enqueue(1);
    const transport = createRecordingTransport();
    transport.answerWith(() => ({ ok: false, retryable: true, reason: 'relay down' }));
    const { worker: w, logger } = worker(transport);

    for (let attempt = 1; attempt <= OUTBOX_ATTEMPTS_MAX; attempt += 1) {
      expect((await w.runOnce()).claimed).toBe(1);
      clock.advanceMs(outboxRetryDelayMs(attempt));
    }
    expect((await w.runOnce()).claimed).toBe(0);

    expect(transport.attempts).toHaveLength(OUTBOX_ATTEMPTS_MAX);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_ATTEMPTS_MAX, lastError: 'relay down' });
    const errors = logger.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.details).toMatchObject({
      outboxId: row?.id,
      attempt: OUTBOX_ATTEMPTS_MAX,
      reason: 'relay down',
    });
    const logged = logger.text();
    for (const secret of ['secret-body-0', 'Alert 0', 'customer0@example.com'])
      expect(logged).not.toContain(secret);
  });

  it('marks a permanently rejected message failed at once', async () => {
    await enqueue(1);
    const transport = createRecordingTransport();
    transport.failNext({ ok: false, retryable: false, reason: '451 Unavailable For Headless Browser' });
    const { worker: w, logger } = worker(transport);

    expect(await w.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(logger.lines.find((l) => l.level === 'error')?.details).toMatchObject({ permanent: true });
  });

  it('does not let one bad message hold up the others', async () => {
    await enqueue(4);
    const transport = createRecordingTransport();
    transport.answerWith((message) => {
      if (message.subject === 'Alert 1') return { ok: false, retryable: false, reason: 'rejected' };
      if (message.subject === 'Alert 2') throw new Error('transport bug');
      return undefined;
    });
    const { worker: w, logger } = worker(transport);

    expect(await w.runOnce()).toEqual({ claimed: 4, sent: 2, retried: 1, failed: 1, suppressed: 0 });
    const byStatus = (await rows()).map((r) => [r.subject, r.status]);
    expect(byStatus).toEqual([
      ['Alert 0', 'sent'],
      ['Alert 1', 'failed'],
      ['Alert 2', 'pending'],
      ['Alert 3', 'sent'],
    ]);
    expect(logger.text()).not.toContain('secret-body');
  });

  it('claims in bounded batches, oldest first', async () => {
    await enqueue(5);
    const transport = createRecordingTransport();
    const { worker: w } = worker(transport, { batchSize: 2 });
    expect((await w.runOnce()).claimed).toBe(2);
    expect(transport.sent.map((m) => m.subject)).toEqual(['Alert 0', 'Alert 1']);
    await drain(w);
    expect(transport.sent).toHaveLength(5);
  });

  it('hands a transport that takes batches the whole claim at once, and settles each result', async () => {
    await enqueue(4);
    const calls: string[][] = [];
    const batching: EmailTransport = {
      name: 'batching',
      send: () => Promise.reject(new Error('send must not be used when sendBatch exists')),
      sendBatch: async (messages) => {
        calls.push(messages.map((m) => m.subject));
        // The third is refused for good, the others delivered.
        return messages.map((m) =>
          m.subject === 'Alert 2' ? { ok: false, retryable: false, reason: 'mailbox full' } : { ok: true },
        );
      },
    };
    expect(await worker(batching).worker.runOnce()).toEqual({
      claimed: 4,
      sent: 3,
      retried: 0,
      failed: 1,
      suppressed: 0,
    });
    expect(calls).toEqual([['Alert 0', 'Alert 1', 'Alert 2', 'Alert 3']]);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent', 'failed', 'sent']);
  });

  it('retries the whole batch when a batching transport throws or answers short', async () => {
    await enqueue(2);
    const broken: EmailTransport = {
      name: 'broken',
      send: () => Promise.reject(new Error('unused')),
      sendBatch: async (messages) => messages.slice(1).map(() => ({ ok: true as const })),
    };
    expect(await worker(broken).worker.runOnce()).toMatchObject({ claimed: 2, sent: 0, retried: 2 });
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
  });

  it('delivers pending mail after a restart (a new worker instance)', async () => {
    await enqueue(3);
    // The first instance queued the mail and stopped before delivering it.
    const before = worker(createRecordingTransport()).worker;
    await before.stop();

    const transport = createRecordingTransport();
    expect((await worker(transport).worker.runOnce()).sent).toBe(3);
    expect(transport.sent.map((m) => m.subject)).toEqual(['Alert 0', 'Alert 1', 'Alert 2']);
  });

  it("takes over a crashed worker's claimed message once its lease has run out", async () => {
    await enqueue(1);
    const hung = deferred<{ ok: true }>();
    const crashed: EmailTransport = { name: 'hung', send: () => hung.promise };
    const stuck = worker(crashed).worker.runOnce();
    await vi.waitFor(async () => expect((await rows())[0]?.leaseUntil).not.toBeNull());

    const transport = createRecordingTransport();
    const survivor = worker(transport).worker;
    expect((await survivor.runOnce()).claimed).toBe(0);
    clock.advanceMs(OUTBOX_LEASE_MS);
    expect(await survivor.runOnce()).toMatchObject({ claimed: 1, sent: 1 });

    // The old claim cannot overwrite the newer one's outcome.
    hung.resolve({ ok: true });
    await stuck;
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('outbox delivery is at least once, sending is idempotent (decision 0105)', () => {
  it('gives every delivery of one row the same message id, and the mailbox keeps one copy', async () => {
    await db.delete(mailboxMessages);
    await enqueue(2);
    const mailbox = createMailbox({ db, clock, from: { name: 'Bank', address: 'no-reply@bank.example' } });
    const seen: string[] = [];
    const transport: EmailTransport = {
      name: 'mailbox-spy',
      send: (message) => {
        seen.push(message.messageId);
        return mailbox.transport.send(message);
      },
    };
    expect(await worker(transport).worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    // A failover rolls back what the old primary had not replicated: here, the "sent" marks. The
    // rows are pending and unclaimed again on the new primary, and another worker sends them again.
    await db
      .update(outboxMessages)
      .set({ status: 'pending', sentAt: null, leaseUntil: null, nextAttemptAt: clock.now() });
    expect(await worker(transport).worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });

    // The worker sends a batch's rows side by side, so the order of arrival is not the order of ids.
    const ids = (await rows()).map((row) => `outbox-${row.id}.${row.createdAt.getTime()}`).sort();
    expect([...seen].sort()).toEqual([...ids, ...ids].sort());
    const stored = await db.select().from(mailboxMessages).orderBy(asc(mailboxMessages.messageId));
    expect(stored.map((m) => m.messageId)).toEqual(ids);
    expect(stored.map((m) => m.subject).sort()).toEqual(['Alert 0', 'Alert 1']);
  });
});

describe('outbox worker when the database is unavailable', () => {
  it('backs off exponentially up to the cap, never exits, and stops cleanly (a pool that cannot connect)', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => outboxRunBackoffMs(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
    // A real node-postgres pool whose every connection is refused, as during a failover.
    const down = await openDatabase({
      kind: 'postgres',
      url: `postgres://bank@127.0.0.1:${await closedPort()}/bank`,
      poolMax: 2,
    });
    const { worker: w, logger } = worker(createRecordingTransport(), {
      db: down.db,
      pollIntervalMs: 5,
      runBackoff: { minMs: 20, maxMs: 80 },
    });
    try {
      w.start();
      await vi.waitFor(() => expect(logger.lines.length).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
      w.nudge(); // must not cut the back-off short
      await w.stop();
      const waits = logger.lines.map((line) => (line.details as { retryInMs: number }).retryInMs);
      expect(waits.slice(0, 5)).toEqual([20, 40, 80, 80, 80]);
      expect(logger.lines.every((line) => line.level === 'warn')).toBe(true);
      expect(logger.lines[0]?.message).toMatch(/database is unavailable/);
    } finally {
      await w.stop();
      await down.close();
    }
  });

  it('delivers once the database is back and returns to its poll interval', async () => {
    await enqueue(1);
    let unavailable = true;
    // The app's database, failing as an unreachable one does until `unavailable` is cleared.
    const flaky = new Proxy(db, {
      get(target, key, receiver) {
        if (unavailable && (key === 'select' || key === 'update')) {
          return () => {
            throw new DatabaseUnavailableError('no host accepted a read-write session');
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const transport = createRecordingTransport();
    const { worker: w, logger } = worker(transport, {
      db: flaky,
      pollIntervalMs: 60_000,
      runBackoff: { minMs: 10, maxMs: 40 },
    });
    try {
      w.start();
      await vi.waitFor(() => expect(logger.lines.length).toBeGreaterThanOrEqual(3));
      unavailable = false;
      await vi.waitFor(() => expect(transport.sent).toHaveLength(1));
      const failures = logger.lines.length;
      // Back on the poll interval (a minute): no further runs, failed or not, in the next 200 ms.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logger.lines.length).toBe(failures);
      expect(transport.attempts).toHaveLength(1);
    } finally {
      await w.stop();
    }
  });
});

describe('outbox worker lifecycle', () => {
  it('polls once started, wakes on nudge, and stop() waits for the batch in flight', async () => {
    const gate = deferred();
    const transport = createRecordingTransport();
    transport.answerWith(async () => {
      await gate.promise;
      return undefined;
    });
    const { worker: w } = worker(transport);
    w.start();

    await enqueue(1);
    w.nudge();
    await vi.waitFor(() => expect(transport.attempts).toHaveLength(1));

    const stopping = w.stop();
    gate.resolve();
    await stopping;
    // stop() returned only after the delivery was recorded.
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent' });
  });
});
