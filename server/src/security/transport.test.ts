import fs from 'node:fs';
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
