import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { acceptedOrigin } from './webauthn';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://bank@db.example/bank',
  EMAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://relay.example:587',
  OTP_PEPPER: 'p'.repeat(32),
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_ORIGIN: 'https://bank.example',
};
const clientData = (origin: string) =>
  Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'x', origin })).toString('base64url');

describe('passkey and step-up settings', () => {
  it('takes the relying party from PUBLIC_ORIGIN and BANK_NAME by default', () => {
    const config = loadConfig({ ...production });
    expect(config.webauthn).toEqual({
      rpId: 'bank.example',
      rpName: 'Larkspur Bank',
      origins: ['https://bank.example'],
      loopbackAnyPort: false,
    });
    expect(config.stepUpPayments).toBe(true);
  });

  it('reads WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME and WEBAUTHN_ORIGINS, and refuses a URL as an RP id', () => {
    const config = loadConfig({
      ...production,
      WEBAUTHN_RP_ID: 'example',
      WEBAUTHN_RP_NAME: 'Example Bank',
      WEBAUTHN_ORIGINS: 'https://www.example,https://app.example/',
    });
    expect(config.webauthn).toMatchObject({
      rpId: 'example',
      rpName: 'Example Bank',
      origins: ['https://www.example', 'https://app.example'],
    });
    expect(() => loadConfig({ ...production, WEBAUTHN_RP_ID: 'https://bank.example' })).toThrow(ConfigError);
  });

  it('accepts a ceremony only from a configured origin (any localhost port only when loopback is allowed)', () => {
    const prod = loadConfig({ ...production }).webauthn;
    expect(acceptedOrigin(prod, clientData('https://bank.example'))).toBe('https://bank.example');
    expect(acceptedOrigin(prod, clientData('https://bank.example.evil.test'))).toBeNull();
    expect(acceptedOrigin(prod, clientData('http://localhost:5173'))).toBeNull();
    expect(acceptedOrigin(prod, 'not base64 json')).toBeNull();
    const embedded = loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' }).webauthn;
    expect(acceptedOrigin(embedded, clientData('http://localhost:5173'))).toBe('http://localhost:5173');
    expect(acceptedOrigin(embedded, clientData('http://127.0.0.1:5173'))).toBeNull();
  });

  it('refuses STEP_UP_PAYMENTS=off in production on PostgreSQL, unless the setup says it is a test one', () => {
    expect(() => loadConfig({ ...production, STEP_UP_PAYMENTS: 'off' })).toThrow(
      'Invalid configuration: STEP_UP_PAYMENTS=off is refused in production with DATABASE_URL; step-up protects real payments',
    );
    expect(
      loadConfig({ ...production, STEP_UP_PAYMENTS: 'off', LARKSPUR_ALLOW_DEV_MAILBOX: 'true' })
        .stepUpPayments,
    ).toBe(false);
    expect(loadConfig({ STEP_UP_PAYMENTS: 'off' }).stepUpPayments).toBe(false);
    expect(() => loadConfig({ STEP_UP_PAYMENTS: 'maybe' })).toThrow(ConfigError);
  });
});
