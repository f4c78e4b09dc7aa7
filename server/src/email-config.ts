import type { z } from 'zod';
import type { envSchema } from './config';
import { ConfigError } from './config-error';

/** A pepper shorter than this is guessable; 32 random characters are ~190 bits. */
export const OTP_PEPPER_LENGTH_MIN = 32;
/** Where email appears to come from when EMAIL_FROM is unset (the bank's name is the display name). */
const DEFAULT_FROM_ADDRESS = 'no-reply@larkspur.bank.example';

export type EmailTransportConfig =
  | { kind: 'mailbox' }
  | { kind: 'smtp'; url: string }
  | {
      kind: 'emailjs';
      baseUrl: string;
      publicKey: string;
      /** Sent as `accessToken`; required by accounts that enforce the private key. */
      privateKey: string | null;
      serviceId: string;
      /** The transactional (money alert) template of product §3. */
      templateId: string;
      /** Verification codes and sign-up notices; the transactional template when unset. */
      codeTemplateId: string;
      /** EMAILJS_MODE: the JSON body (default) or product §7's form variant (send-form). */
      mode: 'json' | 'form';
    };

export type EmailConfig = {
  transport: EmailTransportConfig;
  from: { name: string; address: string };
  /** Keys one-time-code hashes. Null in embedded mode: a generated one is kept in the data directory. */
  otpPepper: string | null;
};

const ADDRESS_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** "Name <address>" or a bare address; null when it is neither. */
function parseFromHeader(value: string): { name: string; address: string } | null {
  const named = /^\s*"?([^"<>]*?)"?\s*<([^<>]+)>\s*$/.exec(value);
  const name = named ? (named[1] ?? '').trim() : '';
  const address = (named ? (named[2] ?? '') : value).trim();
  return ADDRESS_PATTERN.test(address) ? { name, address } : null;
}

function isLoopbackUrl(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * Email settings, which depend on each other and on the database: PostgreSQL means a shared,
 * probably public deployment, where silently falling back to the dev mailbox (which shows every
 * code to anyone) would be dangerous, so the transport must be chosen explicitly there.
 */
export function emailConfig(e: z.infer<typeof envSchema>): EmailConfig {
  const onPostgres = e.DATABASE_URL !== undefined;
  if (e.EMAIL_TRANSPORT === undefined && onPostgres) {
    throw new ConfigError(
      'Invalid configuration: EMAIL_TRANSPORT must be set (smtp, emailjs or mailbox) when DATABASE_URL is set',
    );
  }
  if (e.OTP_PEPPER === undefined && onPostgres) {
    throw new ConfigError(
      `Invalid configuration: OTP_PEPPER must be set (at least ${OTP_PEPPER_LENGTH_MIN} random characters, the same on every instance) when DATABASE_URL is set`,
    );
  }
  const from =
    e.EMAIL_FROM === undefined
      ? { name: e.BANK_NAME, address: DEFAULT_FROM_ADDRESS }
      : parseFromHeader(e.EMAIL_FROM);
  if (from === null) {
    throw new ConfigError('Invalid configuration: EMAIL_FROM must be "Name <address@domain>" or an address');
  }
  const kind = e.EMAIL_TRANSPORT ?? 'mailbox';
  // The mailbox shows every code to whoever reaches it: on a shared database in production that is
  // everyone, unless someone said in so many words that this is a development setup.
  if (kind === 'mailbox' && onPostgres && e.NODE_ENV === 'production' && !e.LARKSPUR_ALLOW_DEV_MAILBOX) {
    throw new ConfigError(
      'Invalid configuration: EMAIL_TRANSPORT=mailbox shows every code to anyone and is refused in production with DATABASE_URL; choose smtp or emailjs, or set LARKSPUR_ALLOW_DEV_MAILBOX=true on a development setup',
    );
  }
  const required = (name: keyof typeof e, value: string | undefined): string => {
    if (value === undefined) {
      throw new ConfigError(`Invalid configuration: ${name} must be set when EMAIL_TRANSPORT=${kind}`);
    }
    return value;
  };
  let transport: EmailTransportConfig;
  if (kind === 'smtp') {
    transport = { kind, url: required('SMTP_URL', e.SMTP_URL) };
  } else if (kind === 'emailjs') {
    const baseUrl = new URL(e.EMAILJS_BASE_URL);
    // The private key travels in the body: never over plain http, except to a local test double.
    if (baseUrl.protocol !== 'https:' && !(baseUrl.protocol === 'http:' && isLoopbackUrl(baseUrl))) {
      throw new ConfigError('Invalid configuration: EMAILJS_BASE_URL must be an https:// URL');
    }
    const templateId = required('EMAILJS_TEMPLATE_ID', e.EMAILJS_TEMPLATE_ID);
    transport = {
      kind,
      baseUrl: baseUrl.origin + baseUrl.pathname.replace(/\/$/, ''),
      publicKey: required('EMAILJS_PUBLIC_KEY', e.EMAILJS_PUBLIC_KEY),
      privateKey: e.EMAILJS_PRIVATE_KEY ?? null,
      serviceId: required('EMAILJS_SERVICE_ID', e.EMAILJS_SERVICE_ID),
      templateId,
      codeTemplateId: e.EMAILJS_CODE_TEMPLATE_ID ?? templateId,
      mode: e.EMAILJS_MODE,
    };
  } else {
    transport = { kind };
  }
  return { transport, from, otpPepper: e.OTP_PEPPER ?? null };
}
