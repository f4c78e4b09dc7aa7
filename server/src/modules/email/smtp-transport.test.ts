import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './smtp-transport';
import { renderMoneyAlert } from './money-alert-template';
import type { EmailTransport, OutboundEmail } from './transport';

/** A real SMTP server on loopback; recipients' local parts choose how it answers. */
interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('unknown')) return callback(smtpError('5.1.1 No such user', 550));
      if (address.address.startsWith('busy')) return callback(smtpError('4.2.1 Try again later', 451));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          mailFrom: mailFrom === false ? '' : mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ---------------------------------------------------------------------------------------------
// A minimal MIME reader (mailparser does not install here): headers, multipart, QP and base64.

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function parseMessage(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const message = parsePart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('expected a multipart message');
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => parsePart(p.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  const byType = (type: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type));
    if (!part) throw new Error(`no ${type} part`);
    return decodeBody(part).replace(/\r\n/g, '\n');
  };
  return { headers: message.headers, text: byType('text/plain'), html: byType('text/html') };
}

// ---------------------------------------------------------------------------------------------

const from = { name: 'Larkspur Bank', address: 'no-reply@larkspur.bank.example' };

function message(to: string, messageId = 'outbox-1.1772636760000'): OutboundEmail {
  const rendered = renderMoneyAlert(
    {
      to,
      name: 'Zoë Brontë',
      direction: 'debit',
      transactionType: 'International Transfer',
      amountCents: 123_450n,
      currencySymbol: '€',
      date: new Date('2026-03-04T15:06:00Z'),
      reference: 'TRF1772636760000ABCD',
      counterparty: 'Jean Dupont <Banque de France>',
      balanceCents: 10_000n,
    },
    { bankName: 'Larkspur Bank', fromName: 'Larkspur Bank', publicOrigin: 'https://bank.example' },
  );
  return { to, messageId, ...rendered };
}

describe('SMTP transport against a real SMTP server on loopback', () => {
  let transport: EmailTransport;
  beforeAll(() => {
    transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from });
  });
  afterAll(async () => {
    await transport.close?.();
  });

  it('delivers the envelope, subject, text and HTML exactly', async () => {
    const mail = message('ada@example.com');
    expect(await transport.send(mail)).toEqual({ ok: true });

    const last = received.at(-1);
    expect(last?.mailFrom).toBe('no-reply@larkspur.bank.example');
    expect(last?.rcptTo).toEqual(['ada@example.com']);
    const parsed = parseMessage(last?.raw ?? '');
    expect(decodeEncodedWords(parsed.headers.get('subject') ?? '')).toBe(mail.subject);
    expect(mail.subject).toContain('€1,234.50');
    expect(decodeEncodedWords(parsed.headers.get('from') ?? '')).toMatch(
      /^"?Larkspur Bank"? <no-reply@larkspur\.bank\.example>$/,
    );
    expect(parsed.headers.get('to')).toBe('ada@example.com');
    expect(parsed.text.trimEnd()).toBe(mail.text.trimEnd());
    expect(parsed.html.trimEnd()).toBe(mail.html.trimEnd());
    expect(parsed.text).toContain('Zoë Brontë');
  });

  it('gives every delivery of one outbox message the same Message-ID at the sender domain', async () => {
    // At least once (decision 0105): a row sent twice must be one message to the relay.
    const before = received.length;
    expect(await transport.send(message('ada@example.com', 'outbox-7.1772636760000'))).toEqual({ ok: true });
    expect(await transport.send(message('ada@example.com', 'outbox-7.1772636760000'))).toEqual({ ok: true });
    expect(await transport.send(message('ada@example.com', 'outbox-8.1772636760001'))).toEqual({ ok: true });
    const ids = received.slice(before).map((r) => parseMessage(r.raw).headers.get('message-id'));
    expect(ids).toEqual([
      '<outbox-7.1772636760000@larkspur.bank.example>',
      '<outbox-7.1772636760000@larkspur.bank.example>',
      '<outbox-8.1772636760001@larkspur.bank.example>',
    ]);
    expect(new Set(ids).size).toBe(2);
  });

  it('reports a permanent rejection (5xx) as not retryable, without the address', async () => {
    const result = await transport.send(message('unknown-person@example.com'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.retryable).toBe(false);
    expect(result.reason).toContain('550');
    expect(result.reason).not.toContain('unknown-person@example.com');
  });

  it('reports a transient rejection (4xx) as retryable', async () => {
    const result = await transport.send(message('busy@example.com'));
    expect(result).toMatchObject({ ok: false, retryable: true });
    if (!result.ok) expect(result.reason).toContain('451');
  });

  it('reports rejected credentials as retryable (an operator fixes SMTP_URL, the backlog then goes out)', async () => {
    const strict = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(_auth, _session, callback) {
        callback(smtpError('5.7.8 Authentication credentials invalid', 535));
      },
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    const strictPort = (strict.server.address() as AddressInfo).port;
    const wrongPassword = createSmtpTransport({ url: `smtp://bank:wrong@127.0.0.1:${strictPort}`, from });
    try {
      const result = await wrongPassword.send(message('ada@example.com'));
      expect(result).toMatchObject({ ok: false, retryable: true });
      if (!result.ok) {
        expect(result.reason).toMatch(/authentication/i);
        expect(result.reason).not.toContain('wrong');
      }
    } finally {
      await wrongPassword.close?.();
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('reports an unreachable server as retryable', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const unreachable = createSmtpTransport({ url: `smtp://127.0.0.1:${closedPort}`, from });
    try {
      const result = await unreachable.send(message('ada@example.com'));
      expect(result).toMatchObject({ ok: false, retryable: true });
    } finally {
      await unreachable.close?.();
    }
  });
});
