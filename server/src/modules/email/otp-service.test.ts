import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/index';
import { ManualClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import {
  OTP_ATTEMPTS_MAX,
  OTP_RESEND_INTERVAL_MS,
  OTP_TTL_MS,
  createOtpService,
  type OtpService,
} from './otp-service';
import { renderSignupAttemptNotice } from './code-templates';
import { type EmailBrand } from './email-layout';
import {
  createRecordingLogger,
  createRecordingTransport,
  type RecordingTransport,
} from '../../test/email-doubles';

const brand: EmailBrand = {
  bankName: 'Larkspur Bank',
  fromName: 'Larkspur Bank',
  publicOrigin: 'https://bank.example',
};

let testDb: TestDatabase;
let db: Database;
let clock: ManualClock;
let transport: RecordingTransport;
let logger: ReturnType<typeof createRecordingLogger>;
let otp: OtpService;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb.drop();
});
beforeEach(async () => {
  await db.delete(oneTimeCodes);
  clock = new ManualClock();
  transport = createRecordingTransport();
  logger = createRecordingLogger();
  otp = createOtpService({
    db,
    clock,
    transport,
    config: { brand, pepper: 'test-pepper-'.repeat(4) },
    logger,
  });
});

/** The code in the newest message handed to the transport (sent or not). */
function lastCode(): string {
  const subject = transport.attempts.at(-1)?.subject ?? '';
  const match = /^Your Larkspur Bank Verification Code: (\d{6})$/.exec(subject);
  if (!match?.[1]) throw new Error(`no code in "${subject}"`);
  return match[1];
}

function wrong(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('one-time codes', () => {
  it('emails a 6-digit code with the subject of product §7, stores only a hash, and accepts it once', async () => {
    const { expiresAt } = await otp.sendCode('signup', 'ada@example.com');
    expect(expiresAt.getTime()).toBe(clock.now().getTime() + OTP_TTL_MS);
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(transport.sent.at(-1)?.to).toBe('ada@example.com');
    expect(transport.sent.at(-1)?.text).toContain('valid for 5 minutes');

    const [row] = await db.select().from(oneTimeCodes);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);

    expect(await otp.verifyCode('signup', 'ada@example.com', code)).toEqual({ status: 'ok' });
    expect(await otp.verifyCode('signup', 'ada@example.com', code)).toEqual({ status: 'invalid' });
  });

  it('treats the address case-insensitively', async () => {
    await otp.sendCode('signup', '  Ada@Example.COM ');
    expect(transport.sent.at(-1)?.to).toBe('ada@example.com');
    expect(await otp.verifyCode('signup', 'ADA@example.com', lastCode())).toEqual({ status: 'ok' });
  });

  it('expires a code after 5 minutes', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    clock.advanceMs(OTP_TTL_MS);
    expect(await otp.verifyCode('signup', 'ada@example.com', lastCode())).toEqual({ status: 'expired' });
  });

  it('accepts a code just before it expires', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    clock.advanceMs(OTP_TTL_MS - 1);
    expect(await otp.verifyCode('signup', 'ada@example.com', lastCode())).toEqual({ status: 'ok' });
  });

  it(`allows at most ${OTP_ATTEMPTS_MAX} wrong tries, after which even the right code is refused`, async () => {
    await otp.sendCode('admin_login', 'root@bank.example');
    const code = lastCode();
    for (let i = 1; i < OTP_ATTEMPTS_MAX; i += 1) {
      expect(await otp.verifyCode('admin_login', 'root@bank.example', wrong(code))).toEqual({
        status: 'invalid',
      });
    }
    expect(await otp.verifyCode('admin_login', 'root@bank.example', wrong(code))).toEqual({
      status: 'too_many_attempts',
    });
    expect(await otp.verifyCode('admin_login', 'root@bank.example', code)).toEqual({
      status: 'too_many_attempts',
    });
  });

  it('counts concurrent wrong guesses exactly', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    const code = lastCode();
    const results = await Promise.all(
      Array.from({ length: OTP_ATTEMPTS_MAX * 2 }, () =>
        otp.verifyCode('signup', 'ada@example.com', wrong(code)),
      ),
    );
    expect(results.filter((r) => r.status === 'invalid')).toHaveLength(OTP_ATTEMPTS_MAX - 1);
    const [row] = await db.select().from(oneTimeCodes);
    expect(row?.failedAttempts).toBe(OTP_ATTEMPTS_MAX);
    expect(await otp.verifyCode('signup', 'ada@example.com', code)).toEqual({ status: 'too_many_attempts' });
  });

  it('throttles resends for the same purpose and address', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    const error = await rejection(otp.sendCode('signup', 'ADA@example.com'));
    expect(error.code).toBe('RATE_LIMITED');
    // The known wait goes with the refusal (issue #14): the whole interval right after a send.
    expect(error.retryAfterSeconds).toBe(OTP_RESEND_INTERVAL_MS / 1000);

    clock.advanceMs(OTP_RESEND_INTERVAL_MS - 1);
    expect((await rejection(otp.sendCode('signup', 'ada@example.com'))).code).toBe('RATE_LIMITED');
    // Other addresses and other purposes are not held up.
    await otp.sendCode('signup', 'grace@example.com');
    await otp.sendCode('admin_login', 'ada@example.com');

    clock.advanceMs(1);
    await otp.sendCode('signup', 'ada@example.com');
    expect(transport.sent.filter((m) => m.to === 'ada@example.com')).toHaveLength(3);
  });

  it('lets only one of two simultaneous requests for one address through', async () => {
    const results = await Promise.allSettled([
      otp.sendCode('signup', 'ada@example.com'),
      otp.sendCode('signup', 'ada@example.com'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'RATE_LIMITED' });
    expect(transport.sent).toHaveLength(1);
  });

  it('replaces the previous code with a new one', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    const first = lastCode();
    let second = first;
    // Two random codes can coincide (one in a million); send again until they differ.
    while (second === first) {
      clock.advanceMs(OTP_RESEND_INTERVAL_MS);
      await otp.sendCode('signup', 'ada@example.com');
      second = lastCode();
    }
    expect(await otp.verifyCode('signup', 'ada@example.com', first)).toEqual({ status: 'invalid' });
    expect(await otp.verifyCode('signup', 'ada@example.com', second)).toEqual({ status: 'ok' });
    const retired = await db.select().from(oneTimeCodes).orderBy(asc(oneTimeCodes.id));
    expect(retired.every((row) => row.consumedAt !== null)).toBe(true);
  });

  it('binds a code to its purpose and its address', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    const code = lastCode();
    expect(await otp.verifyCode('admin_login', 'ada@example.com', code)).toEqual({ status: 'invalid' });
    expect(await otp.verifyCode('signup', 'grace@example.com', code)).toEqual({ status: 'invalid' });
    expect(await otp.verifyCode('signup', 'ada@example.com', code)).toEqual({ status: 'ok' });
  });

  it('answers invalid when no code was ever sent', async () => {
    expect(await otp.verifyCode('signup', 'nobody@example.com', '123456')).toEqual({ status: 'invalid' });
  });

  it('throws OTP_SEND_FAILED when the email cannot be sent, and leaves the earlier code working', async () => {
    await otp.sendCode('signup', 'ada@example.com');
    const working = lastCode();
    clock.advanceMs(OTP_RESEND_INTERVAL_MS);

    transport.failNext({ ok: false, retryable: true, reason: 'relay down' });
    const error = await rejection(otp.sendCode('signup', 'ada@example.com'));
    expect(error.code).toBe('OTP_SEND_FAILED');
    expect(error.message).toBe('Could not send OTP email. Please try again.');
    const unsent = lastCode();

    expect(await db.select().from(oneTimeCodes)).toHaveLength(1);
    if (unsent !== working) {
      expect(await otp.verifyCode('signup', 'ada@example.com', unsent)).toEqual({ status: 'invalid' });
    }
    expect(await otp.verifyCode('signup', 'ada@example.com', working)).toEqual({ status: 'ok' });
    // A failed send does not count against the throttle: trying again works at once.
    await otp.sendCode('signup', 'ada@example.com');
  });

  it('never writes a code to the logs', async () => {
    transport.failNext({ ok: false, retryable: true, reason: 'relay down' });
    await rejection(otp.sendCode('signup', 'ada@example.com'));
    const unsent = lastCode();
    await otp.sendCode('signup', 'ada@example.com');
    const sent = lastCode();
    await otp.verifyCode('signup', 'ada@example.com', wrong(sent));
    await otp.verifyCode('signup', 'ada@example.com', sent);
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.text()).not.toContain(unsent);
    expect(logger.text()).not.toContain(sent);
  });

  it('sends a notice in place of a code, throttled and verified exactly like one', async () => {
    const notice = {
      to: 'ada@example.com',
      ...renderSignupAttemptNotice({ to: 'ada@example.com', now: clock.now() }, brand),
    };
    const { expiresAt } = await otp.sendNotice('signup', 'Ada@Example.com', notice);
    expect(expiresAt.getTime()).toBe(clock.now().getTime() + OTP_TTL_MS);
    // With the id of its code row, which a transport deduplicates on.
    expect(transport.sent).toEqual([
      {
        ...notice,
        messageId: `code-${(await db.select().from(oneTimeCodes))[0]?.id}.${clock.now().getTime()}`,
      },
    ]);

    expect((await rejection(otp.sendCode('signup', 'ada@example.com'))).code).toBe('RATE_LIMITED');
    expect((await rejection(otp.sendNotice('signup', 'ada@example.com', notice))).code).toBe('RATE_LIMITED');
    for (let i = 1; i < OTP_ATTEMPTS_MAX; i += 1) {
      expect(await otp.verifyCode('signup', 'ada@example.com', '123456')).toEqual({ status: 'invalid' });
    }
    expect(await otp.verifyCode('signup', 'ada@example.com', '123456')).toEqual({
      status: 'too_many_attempts',
    });
  });

  it('sends other mail synchronously with sendNow, throwing OTP_SEND_FAILED on failure', async () => {
    const notice = {
      to: 'ada@example.com',
      ...renderSignupAttemptNotice({ to: 'ada@example.com', now: clock.now() }, brand),
    };
    await otp.sendNow(notice);
    expect(transport.sent).toEqual([
      { ...notice, messageId: expect.stringMatching(/^direct-[0-9a-f-]{36}$/) },
    ]);

    transport.failNext({ ok: false, retryable: false, reason: '403 Forbidden' });
    expect((await rejection(otp.sendNow(notice))).code).toBe('OTP_SEND_FAILED');
  });
});
