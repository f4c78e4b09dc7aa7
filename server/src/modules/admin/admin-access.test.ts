import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, createAdmin, loginAdmin, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof HTTP_METHODS)[number];

let t: TestApp;
/** Every admin operation the server documents, read from its own OpenAPI document. */
let operations: Array<{ method: Method; path: string; url: string }>;
beforeAll(async () => {
  t = await buildTestApp();
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(docs.statusCode).toBe(200);
  const paths = (docs.json() as { paths: Record<string, Partial<Record<Method, unknown>>> }).paths;
  operations = Object.entries(paths)
    .filter(([path]) => path === '/api/admin' || path.startsWith('/api/admin/'))
    .flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method] !== undefined).map((method) => ({
        method,
        path,
        // Any path parameter: a random id, so nothing can depend on it existing.
        url: path.replace(/\{[^}]+\}/g, () => crypto.randomUUID()),
      })),
    );
});
afterAll(async () => {
  await t.close();
});

function call(op: { method: Method; url: string }, cookie?: string) {
  const writes = op.method !== 'get';
  return t.app.inject({
    method: op.method.toUpperCase() as Uppercase<Method>,
    url: op.url,
    // A JSON body from our own origin: the CSRF check passes, so the answer is the role check's.
    headers: { ...(writes ? JSON_HEADERS : {}), ...(cookie ? { cookie } : {}) },
    ...(writes ? { payload: {} } : {}),
  });
}

describe('the admin area, as the OpenAPI document lists it', () => {
  it('lists the admin console endpoints (so the checks below cover something)', () => {
    const listed = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/admin/overview',
        'GET /api/admin/users',
        'GET /api/admin/users/{id}',
        'PATCH /api/admin/users/{id}',
        'GET /api/admin/audit',
        'POST /api/admin/users/{id}/credit',
      ]),
    );
  });

  it('answers every admin operation with 403 for a customer', async () => {
    const customer = await signUpCustomer(t);
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      const res = await call(op, customer.cookie);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(403);
      expect(res.json().error.code, `${op.method} ${op.path}`).toBe('FORBIDDEN');
    }
  });

  it('answers every admin operation with 401 for a guest', async () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      const res = await call(op);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(res.json().error.code, `${op.method} ${op.path}`).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 for a session cookie that is not one of ours', async () => {
    for (const op of operations) {
      const res = await call(op, `larkspur_session=${crypto.randomBytes(32).toString('base64url')}`);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it('lets an admin through the same door (the 403s above are the role check, not a broken route)', async () => {
    const admin = await createAdmin(t);
    const cookie = await loginAdmin(t, admin.email, admin.password);
    for (const op of operations.filter((o) => o.method === 'get' && !o.path.includes('{'))) {
      const res = await call(op, cookie);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(200);
    }
  });
});
