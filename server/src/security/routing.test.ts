import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../test/banking';
import {
  createAdmin,
  JSON_HEADERS,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 27, low finding "Routing" (decision 0195): the CSRF origin check and the session lookup
 * must judge the path the router matched, not the raw URL. The router decodes percent-escapes
 * (`/%61pi/…` is `/api/…`), so a check on the raw text is skipped for a request the router still
 * hands to an API route.
 */
const EVIL = { ...JSON_HEADERS, origin: 'https://evil.example' };

let t: TestApp;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  const adminCookie = await loginAdmin(t, admin.email, admin.password);
  alice = await signUpCustomer(t);
  bob = await signUpCustomer(t);
  await credit(t, adminCookie, alice.userId, '100.00');
});
afterAll(async () => {
  await t?.close();
});

describe('an API path spelt with percent-escapes', () => {
  it('is routed to the API route, and the CSRF origin check runs on it (sign-in from a foreign origin)', async () => {
    for (const url of ['/%61pi/auth/login', '/api/%61uth/login', '/%61%70%69/auth/login']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: EVIL,
        payload: { accountNumber: alice.accountNumber, password: 'wrong-password-1' },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect((res.json() as { error: { code: string } }).error.code).toBe('CSRF_REJECTED');
    }
  });

  it('refuses a money movement from a foreign origin with the victim’s cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/transfers',
      headers: { ...EVIL, cookie: alice.cookie },
      payload: {
        type: 'Local Transfer',
        recipientAccount: bob.accountNumber,
        recipientName: 'Bob',
        confirmPayeeRisk: true,
        amount: '1.00',
        purpose: 'csrf',
      },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect((res.json() as { error: { code: string } }).error.code).toBe('CSRF_REJECTED');
  });

  it('resolves the session the same as the plain path does', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: alice.cookie } });
    expect(plain.statusCode).toBe(200);
    for (const url of ['/%61pi/me', '/api/%6De']) {
      const encoded = await t.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });
      expect(encoded.statusCode, `${url}: ${encoded.body}`).toBe(200);
      expect((encoded.json() as { accountNumber: string }).accountNumber).toBe(alice.accountNumber);
    }
  });

  it('answers an encoded slash, a double slash and a ;parameter as not found, never as another route', async () => {
    for (const url of [
      '/api/me%2Fpasskeys',
      '//api/me',
      '/api//me',
      '/api/me;jsessionid=1',
      '/api/transfers;x',
    ]) {
      const get = await t.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });
      expect(get.statusCode, `GET ${url}: ${get.body}`).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...EVIL, cookie: alice.cookie },
        payload: { amount: '1.00' },
      });
      // Refused either way: by the CSRF check (the path is under /api/) or as not found.
      expect([403, 404], `POST ${url}: ${post.body}`).toContain(post.statusCode);
    }
  });
});
