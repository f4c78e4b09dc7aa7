import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmailJsTransport,
  EMAILJS_SEND_FORM_PATH,
  EMAILJS_SEND_PATH,
  type EmailJsOptions,
} from './emailjs-transport';
import { renderMoneyAlert } from './money-alert-template';
import { renderVerificationCode } from './code-templates';
import { type EmailBrand } from './email-layout';
import type { OutboundEmail } from './transport';

/** A local HTTP service that answers as the hosted email API does. */
interface Recorded {
  method: string;
  url: string;
  contentType: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

let server: http.Server;
let baseUrl: string;
const requests: Recorded[] = [];
let answer: { status: number; text: string } | 'hang' = { status: 200, text: 'OK' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const contentType = req.headers['content-type'] ?? '';
        const raw = Buffer.concat(chunks);
        // The JSON variant, or the form variant read as the service would (multipart form data).
        const body = contentType.startsWith('multipart/form-data')
          ? Object.fromEntries(
              (await new Response(raw, { headers: { 'content-type': contentType } }).formData()).entries(),
            )
          : (JSON.parse(raw.toString('utf8')) as Record<string, unknown>);
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          contentType,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          body,
        });
        if (answer === 'hang') return;
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, text: 'OK' };
});

const brand: EmailBrand = {
  bankName: 'Larkspur Bank',
  fromName: 'Larkspur Bank',
  publicOrigin: 'https://bank.example',
};

function options(overrides: Partial<EmailJsOptions> = {}): EmailJsOptions {
  return {
    baseUrl,
    publicKey: 'public-key-1',
    privateKey: 'private-key-1',
    serviceId: 'service_bank',
    templateId: 'template_alert',
    codeTemplateId: 'template_code',
    ...overrides,
  };
}

const alert: OutboundEmail = {
  to: 'ada@example.com',
  messageId: 'outbox-41.1768478400000',
  ...renderMoneyAlert(
    {
      to: 'ada@example.com',
      name: 'Ada',
      direction: 'credit',
      transactionType: 'Deposit',
      amountCents: 2_500n,
      date: new Date('2026-01-15T12:00:00Z'),
      reference: 'DEP1',
      counterparty: 'Grace',
      balanceCents: 10_000n,
    },
    brand,
  ),
};

describe('EmailJS transport against a local HTTP service', () => {
  it('posts the JSON body of product §7 with the template fields and the private key', async () => {
    const result = await createEmailJsTransport(options()).send(alert);
    expect(result).toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(EMAILJS_SEND_PATH);
    expect(request?.url).toBe('/api/v1.0/email/send');
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.body).toMatchObject({
      lib_version: '4.4.1',
      user_id: 'public-key-1',
      service_id: 'service_bank',
      template_id: 'template_alert',
      accessToken: 'private-key-1',
    });
    const params = request?.body.template_params as Record<string, string>;
    for (const field of [
      'to_email',
      'subject',
      'name',
      'transaction_type',
      'amount',
      'date',
      'reference',
      'counterparty',
      'balance',
      'amount_color',
      'year',
      'from_name',
    ]) {
      expect(params[field], field).toBe(alert.params[field]);
    }
    expect(params.message_html).toBe(alert.html);
    expect(params.message_text).toBe(alert.text);
  });

  it('sends the message id as an idempotency key and a template field, the same on every delivery', async () => {
    // At least once (decision 0105): the service (or a template) can drop the second delivery.
    const transport = createEmailJsTransport(options());
    expect(await transport.send(alert)).toEqual({ ok: true });
    expect(await transport.send(alert)).toEqual({ ok: true });
    expect(await transport.send({ ...alert, messageId: 'outbox-42.1768478400001' })).toEqual({ ok: true });
    expect(requests.map((r) => r.idempotencyKey)).toEqual([
      'outbox-41.1768478400000',
      'outbox-41.1768478400000',
      'outbox-42.1768478400001',
    ]);
    expect(requests.map((r) => (r.body.template_params as Record<string, string>).message_id)).toEqual(
      requests.map((r) => r.idempotencyKey),
    );
    // What a recorder deduplicating on the key keeps: two messages, not three.
    expect(new Set(requests.map((r) => r.idempotencyKey)).size).toBe(2);
  });

  it('posts the form variant of product §7 to send-form when configured: ids and template fields as form fields', async () => {
    const result = await createEmailJsTransport(options({ mode: 'form' })).send(alert);
    expect(result).toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(EMAILJS_SEND_FORM_PATH);
    expect(request?.url).toBe('/api/v1.0/email/send-form');
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toMatchObject({
      lib_version: '4.4.1',
      user_id: 'public-key-1',
      service_id: 'service_bank',
      template_id: 'template_alert',
      accessToken: 'private-key-1',
      to_email: 'ada@example.com',
      subject: alert.subject,
    });
    // Multipart form data carries line breaks as CRLF (the HTML spec's form encoding).
    const lf = (value: unknown) => String(value).replace(/\r\n/g, '\n');
    expect(lf(request?.body.message_html)).toBe(alert.html);
    expect(lf(request?.body.message_text)).toBe(alert.text);
    for (const [field, value] of Object.entries(alert.params))
      expect(request?.body[field], field).toBe(value);
  });

  it("classifies the form variant's answers as the JSON one's (403 permanent, 429 retryable)", async () => {
    answer = { status: 403, text: 'Forbidden' };
    expect((await createEmailJsTransport(options({ mode: 'form' })).send(alert)).ok).toBe(false);
    answer = { status: 429, text: 'Too Many Requests' };
    expect(await createEmailJsTransport(options({ mode: 'form' })).send(alert)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('sends codes with the code template, and no accessToken when no private key is configured', async () => {
    const code: OutboundEmail = {
      to: 'ada@example.com',
      messageId: 'code-3.1768478400000',
      ...renderVerificationCode(
        { to: 'ada@example.com', code: '123456', validForMinutes: 5, now: new Date('2026-01-15T12:00:00Z') },
        brand,
      ),
    };
    expect(await createEmailJsTransport(options({ privateKey: null })).send(code)).toEqual({ ok: true });
    expect(requests[0]?.body.template_id).toBe('template_code');
    expect(requests[0]?.body).not.toHaveProperty('accessToken');
    expect((requests[0]?.body.template_params as Record<string, string>).subject).toBe(
      'Your Larkspur Bank Verification Code: 123456',
    );
  });

  it('treats 429 Too Many Requests as retryable', async () => {
    answer = { status: 429, text: 'Too Many Requests' };
    const result = await createEmailJsTransport(options()).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: true });
    if (!result.ok) expect(result.reason).toContain('429');
  });

  it('treats 451 Unavailable For Headless Browser as permanent and says how to fix the account', async () => {
    answer = { status: 451, text: 'Unavailable For Headless Browser' };
    const result = await createEmailJsTransport(options()).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: false });
    if (!result.ok) {
      expect(result.reason).toContain('451');
      expect(result.reason).toContain('Allow EmailJS API for non-browser applications');
    }
  });

  it('treats 403 Forbidden as permanent and explains it', async () => {
    answer = { status: 403, text: 'Forbidden' };
    const result = await createEmailJsTransport(options()).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: false });
    if (!result.ok) {
      expect(result.reason).toContain('403 Forbidden');
      expect(result.reason).toContain('EMAILJS_PRIVATE_KEY');
    }
  });

  it("points a 403 about non-browser calls at the account's setting", async () => {
    answer = { status: 403, text: 'API calls are disabled for non-browser applications' };
    const result = await createEmailJsTransport(options()).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: false });
    if (!result.ok) expect(result.reason).toContain('Allow EmailJS API for non-browser applications');
  });

  it('retries server errors and gives up at once on a bad request', async () => {
    answer = { status: 502, text: 'Bad Gateway' };
    expect(await createEmailJsTransport(options()).send(alert)).toMatchObject({ ok: false, retryable: true });
    answer = { status: 400, text: 'The Public Key is invalid' };
    const result = await createEmailJsTransport(options()).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: false });
    if (!result.ok) expect(result.reason).toContain('The Public Key is invalid');
  });

  it('abandons a call that does not answer within the timeout, as retryable', async () => {
    answer = 'hang';
    const result = await createEmailJsTransport(options({ timeoutMs: 200 })).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: true });
    if (!result.ok) expect(result.reason).toContain('no answer within 200 ms');
  });

  it('reports an unreachable service as retryable', async () => {
    const result = await createEmailJsTransport(options({ baseUrl: 'http://127.0.0.1:1' })).send(alert);
    expect(result).toMatchObject({ ok: false, retryable: true });
  });
});
