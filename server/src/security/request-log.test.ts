import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer, type SignedUpCustomer } from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 27, low finding "Routing" (decision 0195), (b) and (c): what the request log keeps of a
 * request. An account number in a path is personal data the log must not hold, however the path is
 * spelt; and the id that correlates a request's log lines is the bank's, never one a client chose.
 */
let t: TestApp;
const lines: string[] = [];
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp({ logLines: lines });
  alice = await signUpCustomer(t);
  bob = await signUpCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the request log', () => {
  it('keeps no account number from a path, however it is spelt', async () => {
    const digits = bob.accountNumber;
    const encoded = [...digits].map((d) => `%3${d}`).join('');
    for (const url of [`/api/recipients/${digits}`, `/api/recipients/${encoded}`]) {
      lines.length = 0;
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const urls = logged().flatMap((entry) => {
        const req = entry.req as { url?: string } | undefined;
        return req?.url ? [req.url] : [];
      });
      expect(urls).toEqual(['/api/recipients/[account number]']);
      expect(lines.join('\n')).not.toContain(digits);
      expect(lines.join('\n')).not.toContain(encoded);
    }
  });

  it('correlates by an id of its own: a client’s X-Request-Id is kept only with a prefix', async () => {
    lines.length = 0;
    const chosen = 'victim-request-0001';
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': chosen },
    });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': chosen },
    });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) {
      expect(id).not.toBe(chosen);
      expect(String(id).startsWith(`client-${chosen}.`)).toBe(true);
    }
    // Two requests with one chosen id are still two ids in the log.
    expect(ids[0]).not.toBe(ids[1]);
    const reqIds = new Set(logged().map((entry) => entry.reqId));
    expect(reqIds.has(chosen)).toBe(false);
    expect(reqIds.has(ids[0])).toBe(true);
    // Without one, the id is the bank's own.
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(plain.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});
