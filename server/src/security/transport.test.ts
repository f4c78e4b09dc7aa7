import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS } from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';
import { fillPath, isAdminPath, isStateChanging, readOperations, type Operation } from './openapi';
import { aliceIdFor, balances, buildWorld, expectRejection, type World } from './world';

/**
 * What crosses the wire: CSRF on every state-changing endpoint (from the OpenAPI document),
 * security headers on HTML, API, static and error responses, and error bodies that never carry a
 * stack trace or SQL, even when the database itself fails.
 */

/** A tiny built web app, so the static files and the SPA fallback are served as in production. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), 'console.log("app");');
  return dir;
}

let t: TestApp;
let world: World;
let operations: Operation[];
let webDist: string;

beforeAll(async () => {
  webDist = fakeWebDist();
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDist } });
  world = await buildWorld(t);
  operations = await readOperations(t.app);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function cookieFor(op: Operation): string {
  return isAdminPath(op.path) ? world.adminCookie : world.alice.cookie;
}

describe('CSRF', () => {
  const attacks: [string, Record<string, string>, string][] = [
    [
      'a JSON body from a foreign origin',
      { 'content-type': 'application/json', origin: 'https://evil.example' },
      '{}',
    ],
    [
      'a JSON body from a look-alike origin',
      { 'content-type': 'application/json', origin: 'http://localhost:3000.evil.example' },
      '{}',
    ],
    [
      'a JSON body from an opaque (null) origin',
      { 'content-type': 'application/json', origin: 'null' },
      '{}',
    ],
    [
      'a form-encoded body',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'amount=100.00&recipientAccount=40900000001',
    ],
    [
      'a multipart form',
      { 'content-type': 'multipart/form-data; boundary=x' },
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    ],
    ['a text/plain body (simple request)', { 'content-type': 'text/plain' }, '{"amount":"100.00"}'],
    [
      'the custom header from a foreign origin',
      { 'x-larkspur-request': '1', origin: 'https://evil.example' },
      '',
    ],
  ];

  it('refuses every state-changing endpoint under every attack, with a live session, and changes nothing', async () => {
    const before = await balances(t);
    const stateChanging = operations.filter(isStateChanging);
    expect(stateChanging.length).toBeGreaterThanOrEqual(15);
    for (const op of stateChanging) {
      const url = fillPath(op.path, (name) => aliceIdFor(world, op.path, name));
      for (const [label, headers, payload] of attacks) {
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { ...headers, cookie: cookieFor(op) },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${op.method} ${op.path}: ${label}`).toBe(403);
        expect(expectRejection(res).code).toBe('CSRF_REJECTED');
      }
    }
    expect(await balances(t)).toEqual(before);
  });
});

describe('security headers', () => {
  function expectStrictHeaders(res: LightMyRequestResponse, what: string) {
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("base-uri 'self'");
    expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(String(res.headers['permissions-policy']), what).toContain('camera=()');
    expect(res.headers['x-powered-by'], what).toBeUndefined();
    expect(res.headers['server'], what).toBeUndefined();
  }

  it('are strict on the SPA page, a static asset, the dev mailbox page, JSON, CSV, and errors', async () => {
    const cases: [string, InjectOptions][] = [
      ['SPA page', { method: 'GET', url: '/dashboard' }],
      ['SPA not-found page', { method: 'GET', url: '/no/such/page' }],
      ['static asset', { method: 'GET', url: '/assets/app-abc123.js' }],
      ['dev mailbox page', { method: 'GET', url: '/dev/mailbox' }],
      ['API JSON', { method: 'GET', url: '/api/me', headers: { cookie: world.alice.cookie } }],
      [
        'CSV export',
        { method: 'GET', url: '/api/me/transactions.csv', headers: { cookie: world.alice.cookie } },
      ],
      ['401', { method: 'GET', url: '/api/me' }],
      ['404', { method: 'GET', url: '/api/nothing-here' }],
      // Refused by the router itself, before any route or hook.
      ['over-long path segment', { method: 'GET', url: `/api/recipients/${'9'.repeat(300)}` }],
      ['malformed percent-encoding', { method: 'GET', url: '/api/me/transactions/%E0%A4%A' }],
      ['400', { method: 'POST', url: '/api/auth/login', headers: JSON_HEADERS, payload: '{' }],
      [
        '403 (CSRF)',
        { method: 'POST', url: '/api/auth/login', headers: { origin: 'https://evil.example' }, payload: '' },
      ],
    ];
    for (const [what, request] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, what).toBeLessThan(500);
      expectStrictHeaders(res, what);
      // API refusals are envelopes; a page path that does not exist is the app's HTML not-found page.
      if (res.statusCode >= 400 && String(request.url).startsWith('/api/')) expectRejection(res);
    }
  });

  it('never lets personal API answers be cached', async () => {
    for (const url of ['/api/me', '/api/me/transactions', '/api/me/transactions.csv']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: world.alice.cookie } });
      expect(res.headers['cache-control'], url).toContain('no-store');
    }
  });

  it('sends HSTS over https on HTML and static responses too', async () => {
    const secure = await buildTestApp({
      env: { PUBLIC_ORIGIN: 'https://bank.example', WEB_DIST_DIR: webDist },
    });
    try {
      for (const url of ['/', '/assets/app-abc123.js', '/api/health']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(String(res.headers['strict-transport-security']), url).toMatch(
          /max-age=31536000; includeSubDomains/,
        );
      }
    } finally {
      await secure.close();
    }
  });
});

describe('error bodies', () => {
  const LEAKS =
    /\bat \S+ \(|node_modules|\.ts:\d+|\.js:\d+|stack|select |insert |update |delete |from "|relation "|syntax error|drizzle|postgres/i;

  function expectCleanError(res: LightMyRequestResponse, what: string) {
    expect(res.body, what).not.toMatch(LEAKS);
    const json = res.json() as { error: Record<string, unknown> };
    expect(Object.keys(json), what).toEqual(['error']);
    for (const key of Object.keys(json.error)) expect(['code', 'message', 'field'], what).toContain(key);
  }

  it('carry no stack trace or SQL for malformed input', async () => {
    const requests: [string, InjectOptions][] = [
      [
        'broken JSON',
        { method: 'POST', url: '/api/auth/login', headers: JSON_HEADERS, payload: '{"accountNumber":' },
      ],
      [
        'proto pollution',
        { method: 'POST', url: '/api/auth/login', headers: JSON_HEADERS, payload: '{"__proto__":{"x":1}}' },
      ],
      [
        'wrong types',
        {
          method: 'POST',
          url: '/api/auth/login',
          headers: JSON_HEADERS,
          payload: '{"accountNumber":[1],"password":{}}',
        },
      ],
      [
        'bad cursor',
        {
          method: 'GET',
          url: '/api/me/transactions?cursor=%27%3Bselect%201',
          headers: { cookie: world.alice.cookie },
        },
      ],
      [
        'cursor of JSON garbage',
        {
          method: 'GET',
          url: `/api/me/transactions?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
          headers: { cookie: world.alice.cookie },
        },
      ],
      [
        'bad uuid',
        {
          method: 'GET',
          url: "/api/me/transactions/1'%20or%20'1'='1",
          headers: { cookie: world.alice.cookie },
        },
      ],
      [
        'bad date',
        {
          method: 'GET',
          url: '/api/me/transactions?from=2024-13-45',
          headers: { cookie: world.alice.cookie },
        },
      ],
      [
        'NUL in a text field',
        {
          method: 'PATCH',
          url: '/api/me',
          headers: { ...JSON_HEADERS, cookie: world.alice.cookie },
          payload: '{"occupation":"a\\u0000b"}',
        },
      ],
      [
        'unpaired surrogate in a text field',
        {
          method: 'PATCH',
          url: '/api/me',
          headers: { ...JSON_HEADERS, cookie: world.alice.cookie },
          payload: '{"occupation":"\\ud800"}',
        },
      ],
      [
        'NUL in a search',
        { method: 'GET', url: '/api/me/transactions?q=%00', headers: { cookie: world.alice.cookie } },
      ],
      // The CSV export must refuse a bad filter up front, not break off a 200 download midway.
      [
        'bad amount filter on the CSV export',
        {
          method: 'GET',
          url: '/api/me/transactions.csv?minAmount=1e3',
          headers: { cookie: world.alice.cookie },
        },
      ],
      [
        'unsupported media type',
        {
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/xml', 'x-larkspur-request': '1' },
          payload: '<a/>',
        },
      ],
    ];
    for (const [what, request] of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
      expectCleanError(res, what);
    }
  });

  it('carry no SQL or stack when the database itself fails (a 500 says only that)', async () => {
    const broken = await buildTestApp();
    try {
      const who = await buildWorld(broken);
      // A table vanishing under the app is the bluntest database failure we can cause on both engines.
      await broken.database.db.execute(
        sql`alter table transaction_records rename to transaction_records_gone`,
      );
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/me/transactions',
        headers: { cookie: who.alice.cookie },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
      expectCleanError(res, 'database failure');
      await broken.database.db.execute(
        sql`alter table transaction_records_gone rename to transaction_records`,
      );
    } finally {
      await broken.close();
    }
  });
});

/** What a production deployment on PostgreSQL adds (the test app keeps its own database). */
const SHARED_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  OTP_PEPPER: 'p'.repeat(32),
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  LARKSPUR_ALLOW_DEV_MAILBOX: 'true',
  PUBLIC_ORIGIN: 'https://bank.example',
};

/** The client address the request log recorded for the one request of `lines`. */
function loggedAddresses(lines: string[]): string[] {
  return lines
    .map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } })
    .flatMap((entry) => (entry.req?.remoteAddress ? [entry.req.remoteAddress] : []));
}

describe('proxy trust', () => {
  it('ignores a forged X-Forwarded-For from a client that is not a listed proxy', async () => {
    const lines: string[] = [];
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }, logLines: lines });
    try {
      await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(loggedAddresses(lines)).toEqual(['203.0.113.9']);
      lines.length = 0;
      // Through a listed proxy (by address and by range), the address it forwards is the client's.
      for (const proxy of ['10.0.0.1', '192.168.4.4']) {
        await proxied.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': '198.51.100.7' },
        });
      }
      expect(loggedAddresses(lines)).toEqual(['198.51.100.7', '198.51.100.7']);
    } finally {
      await proxied.close();
    }
  });

  it('with a hop count of 1, takes the right-most forwarded address, not the one the client wrote', async () => {
    const lines: string[] = [];
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '1' }, logLines: lines });
    try {
      await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '1.1.1.1, 198.51.100.7' },
      });
      expect(loggedAddresses(lines)).toEqual(['198.51.100.7']);
    } finally {
      await proxied.close();
    }
  });
});

describe('the Host header', () => {
  it('refuses a foreign Host (DNS rebinding) before any route: no mailbox, no page, no API', async () => {
    for (const url of [
      '/api/dev/mailbox?to=admin@example.test',
      '/dev/mailbox',
      '/',
      '/api/me',
      '/api/nope',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'rebind.evil.example' } });
      expect(res.statusCode, url).toBe(421);
      expect(expectRejection(res, 421).code).toBe('MISDIRECTED_REQUEST');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
    for (const host of ['localhost.evil.example', 'evil.example:3000', '127.0.0.1.nip.io', 'localhost:abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host } });
      expect(res.statusCode, host).toBe(421);
    }
  });

  it('answers the embedded bank on its own origin and on every loopback name and port', async () => {
    for (const host of ['localhost:3000', 'localhost', 'LOCALHOST:5173', '127.0.0.1:3000', '[::1]:8080']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host } });
      expect(res.statusCode, host).toBe(401);
    }
  });

  it('leaves /api/health open to any Host, for load balancers that probe by address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.1.2.3:3000' } });
    expect(res.statusCode).toBe(200);
  });

  it('answers a shared production bank only on PUBLIC_ORIGIN, even from loopback', async () => {
    const shared = await buildTestApp({ env: SHARED_PRODUCTION_ENV });
    try {
      for (const host of ['bank.example', 'BANK.example:443']) {
        const res = await shared.app.inject({ method: 'GET', url: '/api/me', headers: { host } });
        expect(res.statusCode, host).toBe(401);
      }
      for (const host of ['localhost:3000', '127.0.0.1', 'bank.example:8443', 'rebind.evil.example']) {
        const res = await shared.app.inject({ method: 'GET', url: '/api/me', headers: { host } });
        expect(res.statusCode, host).toBe(421);
      }
      // Behind a listed proxy, the Host the browser used is the forwarded one.
      const behind = await buildTestApp({ env: { ...SHARED_PRODUCTION_ENV, TRUST_PROXY: '10.0.0.1' } });
      try {
        const res = await behind.app.inject({
          method: 'GET',
          url: '/api/me',
          remoteAddress: '10.0.0.1',
          headers: { host: '10.0.0.2:3000', 'x-forwarded-host': 'bank.example' },
        });
        expect(res.statusCode).toBe(401);
        const forged = await behind.app.inject({
          method: 'GET',
          url: '/api/me',
          remoteAddress: '203.0.113.9',
          headers: { host: 'rebind.evil.example', 'x-forwarded-host': 'bank.example' },
        });
        expect(forged.statusCode).toBe(421);
      } finally {
        await behind.close();
      }
    } finally {
      await shared.close();
    }
  });

  it('accepts on a loopback name only the loopback origin the request came to', async () => {
    const attempt = (host: string, origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...JSON_HEADERS, host, origin },
        payload: { accountNumber: '4090000000', password: 'wrong password 123' },
      });
    expect((await attempt('127.0.0.1:3000', 'http://127.0.0.1:3000')).statusCode).not.toBe(403);
    expect((await attempt('127.0.0.1:3000', 'http://localhost:3000')).statusCode).not.toBe(403);
    for (const [host, origin] of [
      ['localhost:3000', 'http://localhost:5173'],
      ['localhost:5173', 'http://127.0.0.1:5173'],
      ['127.0.0.1:3000', 'https://127.0.0.1:3000'],
    ] as const) {
      expect(expectRejection(await attempt(host, origin), 403).code, `${host} ${origin}`).toBe(
        'CSRF_REJECTED',
      );
    }
  });

  it('bases the CSRF origin check on PUBLIC_ORIGIN, not on the Host the request names', async () => {
    const shared = await buildTestApp({ env: { ...SHARED_PRODUCTION_ENV, TRUST_PROXY: '10.0.0.1' } });
    try {
      const attempt = (origin: string) =>
        shared.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { ...JSON_HEADERS, host: 'bank.example', 'x-forwarded-proto': 'http', origin },
          payload: { accountNumber: '4090000000', password: 'wrong password 123' },
        });
      // The request's own scheme and Host would make "http://bank.example" its origin: not ours.
      const res = await attempt('http://bank.example');
      expect(expectRejection(res, 403).code).toBe('CSRF_REJECTED');
      expect((await attempt('https://bank.example')).statusCode).not.toBe(403);
    } finally {
      await shared.close();
    }
  });
});

describe('the dev mailbox', () => {
  it('answers only a loopback peer, whatever X-Forwarded-For claims', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '203.0.113.9' } });
    try {
      for (const url of ['/api/dev/mailbox?to=admin@example.test', '/dev/mailbox', '/dev/mailbox/1']) {
        for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
          const res = await proxied.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9', headers });
          expect(res.statusCode, url).toBe(403);
          expect(res.body, url).not.toContain('admin@example.test');
        }
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await proxied.app.inject({
          method: 'GET',
          url: '/api/dev/mailbox?to=admin@example.test',
          remoteAddress,
        });
        expect(res.statusCode, remoteAddress).toBe(200);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('the API documentation', () => {
  it('is framed by nobody', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("frame-ancestors 'self'");
    }
  });

  it('is not served in production unless API_DOCS=true', async () => {
    const shared = await buildTestApp({ env: SHARED_PRODUCTION_ENV });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await shared.app.inject({ method: 'GET', url, headers: { host: 'bank.example' } });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await shared.close();
    }
  });
});

describe('request logs', () => {
  it('keep the path but never the query string (account numbers, addresses, search text)', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLines: lines });
    try {
      const secrets = ['jane.secret@example.test', '40912345678', 'rent-for-bayview'];
      await logged.app.inject({
        method: 'GET',
        url: `/api/dev/mailbox?to=${encodeURIComponent(secrets[0] ?? '')}`,
      });
      await logged.app.inject({
        method: 'GET',
        url: `/api/me/transactions?q=${secrets[2]}&account=${secrets[1]}`,
      });
      await logged.app.inject({ method: 'GET', url: `/no/such/page?to=${secrets[0]}` });
      const text = lines.join('\n');
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).toContain('/api/me/transactions?[redacted]');
      expect(text).toContain('/api/dev/mailbox?[redacted]');
    } finally {
      await logged.close();
    }
  });
});

describe('malformed requests on the wire', () => {
  /** Sends raw bytes to a listening server and reads everything it answers until it closes. */
  async function rawExchange(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
    });
  }

  it('answers a bad Content-Length with the error envelope and stays up', async () => {
    const listening = await buildTestApp();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const address = listening.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const heads = [
        'Content-Length: abc',
        'Content-Length: -1',
        'Content-Length: 5\r\nContent-Length: 7',
        'Content-Length: 1e3',
      ];
      for (const head of heads) {
        const answer = await rawExchange(
          port,
          `POST /api/auth/login HTTP/1.1\r\nHost: localhost:3000\r\nContent-Type: application/json\r\n${head}\r\n\r\n{}`,
        );
        const [statusLine = '', ...rest] = answer.split('\r\n');
        expect(statusLine, head).toBe('HTTP/1.1 400 Bad Request');
        const headers = rest.slice(0, rest.indexOf('')).join('\n').toLowerCase();
        expect(headers, head).toContain('content-type: application/json');
        expect(headers, head).toContain("frame-ancestors 'none'");
        const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
        expect(JSON.parse(body), head).toEqual({
          error: { code: 'VALIDATION_FAILED', message: expect.any(String) },
        });
      }
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await listening.close();
    }
  });
});
