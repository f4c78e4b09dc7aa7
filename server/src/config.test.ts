import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './app';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config';

/** What a PostgreSQL deployment must add to DATABASE_URL (email: see the email tests below). */
const postgresEmail = {
  EMAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://relay.example:587',
  OTP_PEPPER: 'p'.repeat(32),
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

function configError(env: Record<string, string>): Error {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return error as Error;
  }
  throw new Error('expected loadConfig to refuse this environment');
}

describe('loadDatabaseConfig (decision 0195: ledger:verify needs only the database)', () => {
  it("takes DATABASE_URL alone, where loadConfig refuses it without the servers' secrets", () => {
    const env = { DATABASE_URL: 'postgres://verifier@db.example:5432/larkspur' };
    expect(configError(env).message).toContain('EMAIL_TRANSPORT');
    expect(loadDatabaseConfig(env).database).toEqual({
      kind: 'postgres',
      url: env.DATABASE_URL,
      poolMax: 10,
    });
  });

  it('ignores every other variable, even a wrong one, and still refuses a wrong database setting', () => {
    expect(loadDatabaseConfig({ DATA_DIR: '/tmp/x', PORT: 'not-a-port' }).database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('/tmp/x/pgdata'),
    });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres/,
    );
  });
});

describe('loadConfig', () => {
  it('gives a working embedded bank with no variables at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.bankName).toBe('Larkspur Bank');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pgdata') });
    expect(config.publicOrigin).toBe('http://localhost:3000');
  });

  it('keeps a two-minute scheduled claim unless told', () => {
    expect(loadConfig({})).toMatchObject({ scheduledClaimLeaseMs: 120_000 });
    expect(loadConfig({ SCHEDULED_CLAIM_LEASE_SECONDS: '15' })).toMatchObject({
      scheduledClaimLeaseMs: 15_000,
    });
    expect(configError({ SCHEDULED_CLAIM_LEASE_SECONDS: '1' }).message).toContain(
      'SCHEDULED_CLAIM_LEASE_SECONDS',
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', ...postgresEmail });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('accepts the multi-host URL of a pg_auto_failover formation or Patroni', () => {
    const url = 'postgres://u@10.0.0.1:5432,10.0.0.2:5432/db?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: url, ...postgresEmail }).database).toMatchObject({
      kind: 'postgres',
      url,
    });
  });

  it('takes DATABASE_READ_URL (multi-host, prefer-standby) for the read pool, and leaves it out when unset', () => {
    const url = 'postgres://u@10.0.0.1:5432,10.0.0.2:5432/db?target_session_attrs=read-write';
    const readUrl = 'postgres://u@10.0.0.1:5432,10.0.0.2:5432/db?target_session_attrs=prefer-standby';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_READ_URL: readUrl, ...postgresEmail }).database).toEqual({
      kind: 'postgres',
      url,
      poolMax: 10,
      readUrl,
    });
    expect(loadConfig({ DATABASE_URL: url, ...postgresEmail }).database).not.toHaveProperty('readUrl');
  });

  it('refuses DATABASE_READ_URL without DATABASE_URL, in one line', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://u@h/db' })).toThrow(
      /^Invalid configuration: DATABASE_READ_URL needs DATABASE_URL \(the embedded database has no standby to read from\)$/,
    );
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['DATABASE_READ_URL', 'mysql://x', /^Invalid configuration: DATABASE_READ_URL must be a postgres:\/\//],
    [
      'DATABASE_READ_URL',
      'postgres://u@h1,h2/db?target_session_attrs=sometimes',
      /^Invalid configuration: DATABASE_READ_URL target_session_attrs must be one of any, read-write/,
    ],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL/],
    [
      'DATABASE_URL',
      'postgres://u@h1,h2/db?target_session_attrs=whenever',
      /^Invalid configuration: DATABASE_URL target_session_attrs must be one of any, read-write/,
    ],
    [
      'DATABASE_URL',
      'postgres://u@h1:5432,h2:port/db',
      /^Invalid configuration: DATABASE_URL has an invalid host/,
    ],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['LOG_FORMAT', 'xml', /LOG_FORMAT/],
    ['PUBLIC_ORIGIN', 'not a url', /PUBLIC_ORIGIN/],
  ])('stops on a wrong %s with one line naming it', (name, value, pattern) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads LOG_FORMAT (auto by default), and the logger follows it and the terminal', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    const terminal = { isTTY: true, write: () => true };
    const pipe = { isTTY: false, write: () => true };
    const streamOf = (env: Record<string, string>, out: typeof terminal) => {
      const options = loggerOptions(loadConfig(env), out);
      return typeof options === 'object' && options !== null && 'stream' in options;
    };
    expect(streamOf({}, terminal)).toBe(true);
    expect(streamOf({}, pipe)).toBe(false);
    expect(streamOf({ LOG_FORMAT: 'json' }, terminal)).toBe(false);
    expect(streamOf({ LOG_FORMAT: 'pretty' }, pipe)).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });
});

describe('email configuration', () => {
  it('uses the dev mailbox in embedded mode with nothing set', () => {
    const { email } = loadConfig({});
    expect(email.transport).toEqual({ kind: 'mailbox' });
    expect(email.from).toEqual({ name: 'Larkspur Bank', address: 'no-reply@larkspur.bank.example' });
    expect(email.otpPepper).toBeNull();
  });

  it('names the sender after BANK_NAME by default', () => {
    expect(loadConfig({ BANK_NAME: 'Bluebell Savings' }).email.from.name).toBe('Bluebell Savings');
  });

  it('refuses PostgreSQL without EMAIL_TRANSPORT rather than fall back to the mailbox', () => {
    const error = configError({ DATABASE_URL: 'postgres://u@h:5432/db', OTP_PEPPER: 'p'.repeat(32) });
    expect(error.message).toMatch(/EMAIL_TRANSPORT/);
  });

  it('refuses PostgreSQL without OTP_PEPPER (every instance must share it)', () => {
    const error = configError({
      DATABASE_URL: 'postgres://u@h:5432/db',
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://x',
    });
    expect(error.message).toMatch(/OTP_PEPPER/);
  });

  it('allows the mailbox on PostgreSQL when chosen explicitly (outside production)', () => {
    const config = loadConfig({
      ...postgresEmail,
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://u@h/db',
      EMAIL_TRANSPORT: 'mailbox',
    });
    expect(config.email.transport).toEqual({ kind: 'mailbox' });
    expect(config.email.otpPepper).toBe('p'.repeat(32));
  });

  it('reads SMTP settings', () => {
    const config = loadConfig({
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      EMAIL_FROM: 'Larkspur Alerts <alerts@bank.example>',
    });
    expect(config.email.transport).toEqual({ kind: 'smtp', url: 'smtps://user:pass@smtp.example:465' });
    expect(config.email.from).toEqual({ name: 'Larkspur Alerts', address: 'alerts@bank.example' });
  });

  it('accepts a bare address as EMAIL_FROM', () => {
    expect(loadConfig({ EMAIL_FROM: 'alerts@bank.example' }).email.from).toEqual({
      name: '',
      address: 'alerts@bank.example',
    });
  });

  it('reads EmailJS settings with the default base URL', () => {
    const config = loadConfig({
      EMAIL_TRANSPORT: 'emailjs',
      EMAILJS_PUBLIC_KEY: 'pub',
      EMAILJS_PRIVATE_KEY: 'priv',
      EMAILJS_SERVICE_ID: 'service_1',
      EMAILJS_TEMPLATE_ID: 'template_alert',
    });
    expect(config.email.transport).toEqual({
      kind: 'emailjs',
      baseUrl: 'https://api.emailjs.com',
      publicKey: 'pub',
      privateKey: 'priv',
      serviceId: 'service_1',
      templateId: 'template_alert',
      codeTemplateId: 'template_alert',
      mode: 'json',
    });
  });

  it('reads EMAILJS_MODE: the form variant of product §7 on request, nothing else', () => {
    const emailjs = {
      EMAIL_TRANSPORT: 'emailjs',
      EMAILJS_PUBLIC_KEY: 'pub',
      EMAILJS_SERVICE_ID: 'service_1',
      EMAILJS_TEMPLATE_ID: 'template_alert',
    };
    expect(loadConfig({ ...emailjs, EMAILJS_MODE: 'form' }).email.transport).toMatchObject({ mode: 'form' });
    expect(configError({ ...emailjs, EMAILJS_MODE: 'xml' }).message).toMatch(/EMAILJS_MODE/);
  });

  it.each([
    [{ EMAIL_TRANSPORT: 'smtp' }, /SMTP_URL/],
    [{ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://relay.example' }, /SMTP_URL/],
    [{ EMAIL_TRANSPORT: 'carrier-pigeon' }, /EMAIL_TRANSPORT/],
    [{ EMAIL_TRANSPORT: 'emailjs', EMAILJS_SERVICE_ID: 's', EMAILJS_TEMPLATE_ID: 't' }, /EMAILJS_PUBLIC_KEY/],
    [{ EMAIL_TRANSPORT: 'emailjs', EMAILJS_PUBLIC_KEY: 'p', EMAILJS_TEMPLATE_ID: 't' }, /EMAILJS_SERVICE_ID/],
    [{ EMAIL_TRANSPORT: 'emailjs', EMAILJS_PUBLIC_KEY: 'p', EMAILJS_SERVICE_ID: 's' }, /EMAILJS_TEMPLATE_ID/],
    [
      {
        EMAIL_TRANSPORT: 'emailjs',
        EMAILJS_PUBLIC_KEY: 'p',
        EMAILJS_SERVICE_ID: 's',
        EMAILJS_TEMPLATE_ID: 't',
        EMAILJS_BASE_URL: 'http://api.emailjs.example',
      },
      /EMAILJS_BASE_URL/,
    ],
    [{ EMAIL_FROM: 'not an address' }, /EMAIL_FROM/],
    [{ OTP_PEPPER: 'short' }, /OTP_PEPPER/],
  ])('refuses %o with one line naming the variable', (env, pattern) => {
    expect(configError(env).message).toMatch(pattern);
  });
});

describe('proxy trust (TRUST_PROXY)', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY=true (any client could pick its IP) with one line naming it', () => {
    expect(configError({ TRUST_PROXY: 'true' }).message).toMatch(/^Invalid configuration: TRUST_PROXY /);
  });

  it('accepts a hop count (1: the one proxy in front of the bank)', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('accepts a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each([
    '0',
    '-1',
    'yes',
    '10.0.0.300',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.1,,10.0.0.2',
    'bank.example',
  ])('refuses TRUST_PROXY=%s with one line naming it', (value) => {
    expect(configError({ TRUST_PROXY: value }).message).toMatch(/TRUST_PROXY/);
  });
});

describe('the dev mailbox in production (LARKSPUR_ALLOW_DEV_MAILBOX)', () => {
  const onPostgresWithMailbox = {
    DATABASE_URL: 'postgres://u@h:5432/db',
    ...postgresEmail,
    EMAIL_TRANSPORT: 'mailbox',
  };

  it('refuses PostgreSQL + mailbox in production (the default mode) without the flag', () => {
    expect(configError(onPostgresWithMailbox).message).toMatch(/LARKSPUR_ALLOW_DEV_MAILBOX/);
    expect(configError({ ...onPostgresWithMailbox, NODE_ENV: 'production' }).message).toMatch(
      /EMAIL_TRANSPORT=mailbox/,
    );
  });

  it('allows it with the explicit development flag, and outside production', () => {
    expect(
      loadConfig({ ...onPostgresWithMailbox, LARKSPUR_ALLOW_DEV_MAILBOX: 'true' }).email.transport.kind,
    ).toBe('mailbox');
    expect(loadConfig({ ...onPostgresWithMailbox, NODE_ENV: 'development' }).email.transport.kind).toBe(
      'mailbox',
    );
    expect(loadConfig({ ...onPostgresWithMailbox, NODE_ENV: 'test' }).email.transport.kind).toBe('mailbox');
  });

  it('leaves the embedded bank (a newcomer on their own machine) as it is', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).email.transport.kind).toBe('mailbox');
  });
});

describe('the API documentation (API_DOCS)', () => {
  it('is off in production unless explicitly enabled', () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('is on in development and tests unless turned off', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});

describe('the hosts the bank answers for', () => {
  it('is the host of PUBLIC_ORIGIN, plus loopback names on any port for the embedded bank', () => {
    const embedded = loadConfig({ PUBLIC_ORIGIN: 'https://bank.example' });
    expect(embedded.allowedHosts).toEqual({
      hosts: ['bank.example', 'bank.example:443'],
      loopbackAnyPort: true,
    });
    const shared = loadConfig({
      PUBLIC_ORIGIN: 'https://Bank.Example:8443/',
      DATABASE_URL: 'postgres://u@h:5432/db',
      ...postgresEmail,
    });
    expect(shared.allowedHosts).toEqual({ hosts: ['bank.example:8443'], loopbackAnyPort: false });
  });
});
