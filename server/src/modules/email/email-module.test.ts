import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';
import { createEmailModule } from './email-module';
import { OTP_PEPPER_FILE, resolveOtpPepper } from './otp-pepper';
import { createRecordingLogger, createRecordingTransport } from '../../test/email-doubles';
import type { EmailTransport } from './transport';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

function build(env: Record<string, string> = {}, transport?: EmailTransport) {
  const logger = createRecordingLogger();
  const config = testConfig(env);
  const email = createEmailModule({
    db: testDb.database.db,
    clock: new ManualClock(),
    config,
    logger,
    transport,
  });
  return { email, logger, config };
}

describe('createEmailModule', () => {
  it('warns at start-up that the mailbox shows every code and alert to whoever can reach it', async () => {
    const { email, logger, config } = build();
    try {
      expect(email.transport.name).toBe('mailbox');
      expect(email.mailbox).not.toBeNull();
      const warning = logger.lines.find((line) => line.level === 'warn');
      expect(warning?.message).toMatch(/\/dev\/mailbox/);
      expect(warning?.message).toMatch(/anyone who can reach this server/);
    } finally {
      await email.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('builds the configured transport, with no mailbox and no warning', async () => {
    const { email, logger, config } = build({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect(email.transport.name).toBe('smtp');
      expect(email.mailbox).toBeNull();
      expect(logger.lines).toEqual([]);
    } finally {
      await email.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('uses a transport passed in instead of the configured one', async () => {
    const transport = createRecordingTransport();
    const { email, config } = build({}, transport);
    try {
      expect(email.transport).toBe(transport);
      expect(email.mailbox).toBeNull();
      await email.otp.sendCode('signup', 'ada@example.com');
      expect(transport.sent).toHaveLength(1);
    } finally {
      await email.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('OTP pepper', () => {
  it('prefers the configured one', () => {
    expect(resolveOtpPepper('x'.repeat(32), '/nonexistent')).toBe('x'.repeat(32));
  });

  it('generates one into the data directory once, readable by the owner only, and keeps it', () => {
    const { dataDir } = testConfig();
    try {
      const first = resolveOtpPepper(null, dataDir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, OTP_PEPPER_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveOtpPepper(null, dataDir)).toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
