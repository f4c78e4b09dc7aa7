import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/test-app';
import { MAILBOX_API_LIMIT_MAX, MAILBOX_PAGE_SIZE } from './mailbox';
import { MESSAGE_HTML_CSP } from './mailbox-routes';
import { renderMoneyAlert } from './money-alert-template';
import type { OutgoingEmail } from './transport';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function mail(to: string, subject: string, body = 'Hello'): OutgoingEmail {
  return {
    to,
    template: 'money-alert',
    subject,
    html: `<p style="color:red">${body}</p>`,
    text: body,
    params: {},
  };
}

async function deliver(message: OutgoingEmail): Promise<void> {
  await t.database.db.transaction((tx) => t.app.email.outbox.enqueueEmail(tx, message).then(() => undefined));
  await t.app.email.worker.runOnce();
}

describe('dev mailbox (mailbox transport)', () => {
  it('shows mail delivered through the outbox on /dev/mailbox, newest first, with no inline script or style', async () => {
    await deliver(mail('ada@example.com', 'First message'));
    await deliver(mail('ada@example.com', 'Second message'));

    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).toContain('<link rel="stylesheet" href="/dev/mailbox/mailbox.css">');
    // One script, the web app's same-origin theme script (issue #14); nothing inline.
    expect(res.body.match(/<script[^>]*>/gi)).toEqual(['<script src="/theme-init.js">']);
    expect(res.body).not.toMatch(/<script[^>]*>[^<]|<style|\sstyle=/i);
    expect(res.body).toMatch(/shown here to anyone who can reach this page/);
    expect(res.body.indexOf('Second message')).toBeLessThan(res.body.indexOf('First message'));
  });

  it('styles /dev/mailbox for the dark theme: the web app choice on <html>, else the system setting', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox/mailbox.css' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(':root[data-theme="dark"] { color-scheme: dark;');
    expect(res.body).toMatch(
      /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{ color-scheme: dark;/,
    );
  });

  it('serves its own style sheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox/mailbox.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toContain('.message');
  });

  it('shows one message: its text, and its HTML in a sandboxed frame served under a sandboxing CSP', async () => {
    await deliver(mail('frame@example.com', 'Framed', 'Body text'));
    const list = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=frame@example.com' });
    const id = (list.json() as { messages: { id: number }[] }).messages[0]?.id;

    const page = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<pre>Body text</pre>');
    expect(page.body).toContain(`<iframe sandbox src="/dev/mailbox/${id}/html"`);

    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toBe('<p style="color:red">Body text</p>');
    expect(html.headers['content-security-policy']).toBe(MESSAGE_HTML_CSP);
    expect(String(html.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(html.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a message that does not exist and 400 for an id that is not one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/999999/html' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/abc' })).statusCode).toBe(400);
  });

  it('escapes subjects, addresses and text on its pages', async () => {
    await deliver(mail('x@example.com', '<script>alert(1)</script>', '<img src=x onerror=alert(2)>'));
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=x@example.com' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it(`pages through messages ${MAILBOX_PAGE_SIZE} at a time`, async () => {
    for (let i = 0; i < MAILBOX_PAGE_SIZE + 2; i += 1)
      await deliver(mail('page@example.com', `Page mail ${i}`));
    const first = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=page@example.com' });
    expect(first.body.match(/class="message"/g)).toHaveLength(MAILBOX_PAGE_SIZE);
    expect(first.body).toContain(`Page mail ${MAILBOX_PAGE_SIZE + 1}<`);
    const next = /href="(\/dev\/mailbox\?before=\d+&amp;to=page%40example\.com)"/.exec(first.body)?.[1];
    expect(next).toBeDefined();

    const second = await t.app.inject({ method: 'GET', url: (next ?? '').replaceAll('&amp;', '&') });
    expect(second.body.match(/class="message"/g)).toHaveLength(2);
    expect(second.body).toContain('Page mail 0<');
    expect(second.body).toContain('Page mail 1<');
    expect(second.body).not.toContain('Older messages');
  });

  it('returns the newest mail for an address as JSON, case-insensitively and bounded', async () => {
    await deliver(mail('Grace@Example.com', 'For Grace 1'));
    await deliver(mail('grace@example.com', 'For Grace 2'));
    await deliver(mail('someone-else@example.com', 'Not for Grace'));

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=GRACE@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json() as {
      messages: {
        subject: string;
        to: string;
        from: string;
        html: string;
        text: string;
        createdAt: string;
      }[];
    };
    expect(messages.map((m) => m.subject)).toEqual(['For Grace 2', 'For Grace 1']);
    expect(messages[0]).toMatchObject({
      from: 'Larkspur Bank <no-reply@larkspur.bank.example>',
      text: 'Hello',
    });
    expect(messages[0]?.createdAt).toBe(t.clock.now().toISOString());

    const one = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=grace@example.com&limit=1' });
    expect((one.json() as { messages: unknown[] }).messages).toHaveLength(1);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=a@b.c&limit=${MAILBOX_API_LIMIT_MAX + 1}`,
    });
    expect(tooMany.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('error.code', 'VALIDATION_FAILED');
  });

  it('receives one-time codes sent synchronously, for end-to-end tests to read', async () => {
    await t.app.email.otp.sendCode('signup', 'New.Customer@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=new.customer@example.com' });
    const [message] = (res.json() as { messages: { subject: string }[] }).messages;
    const code = /Verification Code: (\d{6})$/.exec(message?.subject ?? '')?.[1] ?? '';
    expect(await t.app.email.otp.verifyCode('signup', 'new.customer@example.com', code)).toEqual({
      status: 'ok',
    });
  });

  it('renders a real money alert', async () => {
    const alert = renderMoneyAlert(
      {
        to: 'alert@example.com',
        name: 'Ada',
        direction: 'debit',
        transactionType: 'Withdrawal',
        amountCents: 4_200n,
        date: t.clock.now(),
        reference: 'WDL1',
        counterparty: 'Cash',
        balanceCents: 100n,
      },
      t.app.email.brand,
    );
    await deliver({ to: 'alert@example.com', ...alert });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=alert@example.com' });
    expect(res.body).toContain('Larkspur Bank Debit Alert: $42.00 Withdrawal');
    expect(res.body).toContain('Amount: $42.00 Debit');
  });
});

describe('dev mailbox under other transports', () => {
  it.each([
    ['smtp', { EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' }],
    [
      'emailjs',
      {
        EMAIL_TRANSPORT: 'emailjs',
        EMAILJS_BASE_URL: 'http://127.0.0.1:1',
        EMAILJS_PUBLIC_KEY: 'p',
        EMAILJS_SERVICE_ID: 's',
        EMAILJS_TEMPLATE_ID: 't',
      },
    ],
  ])('does not exist with the %s transport', async (_name, env) => {
    const other = await buildTestApp({ env });
    try {
      expect(other.app.email.mailbox).toBeNull();
      for (const url of [
        '/dev/mailbox',
        '/dev/mailbox/mailbox.css',
        '/dev/mailbox/1',
        '/dev/mailbox/1/html',
        '/api/dev/mailbox?to=a@b.c',
      ]) {
        expect((await other.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await other.close();
    }
  });
});

describe('outbox worker in the app', () => {
  it('starts when the app is ready, delivers queued mail, and stops when it closes', async () => {
    const { database, drop } = await createTestDatabase();
    const config = testConfig();
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      await database.db.transaction((tx) =>
        app.email.outbox.enqueueEmail(tx, mail('worker@example.com', 'Sent in the background')),
      );
      app.email.worker.nudge();
      await vi.waitFor(
        async () => {
          const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=worker@example.com' });
          expect((res.json() as { messages: unknown[] }).messages).toHaveLength(1);
        },
        { timeout: 10_000 },
      );
    } finally {
      await app.close();
      await drop();
    }
  });
});
