import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-app';
import { createMailbox } from './mailbox';

const from = { name: 'Larkspur Bank', address: 'no-reply@larkspur.bank.example' };
const message = {
  to: 'ada@example.com',
  messageId: 'code-1.1768478400000',
  template: 'verification-code',
  subject: 'Your Larkspur Bank Verification Code: 482913',
  html: '<p>482913</p>',
  text: 'Your code is 482913',
  params: { code: '482913' },
};

describe('mailbox transport', () => {
  it('stores the message with the sender and the time of the clock', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const clock = new ManualClock();
      const mailbox = createMailbox({ db: database.db, clock, from });
      expect(await mailbox.transport.send(message)).toEqual({ ok: true });
      const [stored] = await mailbox.latestFor('ADA@example.com', 5);
      expect(stored).toMatchObject({
        fromAddress: 'Larkspur Bank <no-reply@larkspur.bank.example>',
        toEmail: 'ada@example.com',
        subject: message.subject,
        html: message.html,
        text: message.text,
        createdAt: clock.now(),
      });
    } finally {
      await drop();
    }
  });

  it('keeps one copy of a message delivered twice (same message id), and both deliveries succeed', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const mailbox = createMailbox({ db: database.db, clock: new ManualClock(), from });
      expect(await mailbox.transport.send(message)).toEqual({ ok: true });
      expect(await mailbox.transport.send(message)).toEqual({ ok: true });
      expect(
        await mailbox.transport.sendBatch?.([message, { ...message, messageId: 'code-2.1768478400001' }]),
      ).toEqual([{ ok: true }, { ok: true }]);
      const stored = await mailbox.latestFor('ada@example.com', 10);
      expect(stored.map((m) => m.messageId)).toEqual(['code-2.1768478400001', 'code-1.1768478400000']);
    } finally {
      await drop();
    }
  });

  it('reports a database failure as retryable without quoting the message (and its code)', async () => {
    const { database, drop } = await createTestDatabase();
    const mailbox = createMailbox({ db: database.db, clock: new ManualClock(), from });
    await drop();
    const result = await mailbox.transport.send(message);
    expect(result).toMatchObject({ ok: false, retryable: true });
    if (!result.ok) expect(result.reason).not.toContain('482913');
  });
});
