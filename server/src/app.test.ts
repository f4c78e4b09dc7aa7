import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseKind, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: testDatabaseKind });
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('answers malformed JSON with 400 in the envelope, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error.code');
  });

  it('refuses a body larger than the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loan-inquiries-does-not-matter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(200 * 1024) }),
    });
    expect([404, 413]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('error.code');
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the other headers on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('adds HSTS when the public origin is https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://bank.example' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });

  it('refuses a state-changing request that is neither JSON nor marked by our header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });
});
