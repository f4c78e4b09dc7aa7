import { TransactionRollbackError, asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createOutbox } from './outbox';
import {
  OUTBOX_ATTEMPTS_MAX,
  OUTBOX_LEASE_MS,
  createOutboxWorker,
  outboxRetryDelayMs,
  type OutboxWorker,
} from './outbox-worker';
import { createRecordingLogger, createRecordingTransport, deferred } from './testing';
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

function worker(transport: EmailTransport, options: { database?: DatabaseHandle; batchSize?: number } = {}) {
  const logger = createRecordingLogger();
  const w = createOutboxWorker({
    db: options.database?.db ?? db,
    transport,
    clock,
    logger,
    batchSize: options.batchSize ?? 10,
    pollIntervalMs: 60_000,
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

    expect(await w.runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(await w.runOnce()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });

    expect(transport.sent).toEqual([mail(0)]);
    const [row] = await rows();
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

    expect(await w.runOnce()).toEqual({ claimed: 4, sent: 2, retried: 1, failed: 1 });
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
    expect(await worker(batching).worker.runOnce()).toEqual({ claimed: 4, sent: 3, retried: 0, failed: 1 });
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
