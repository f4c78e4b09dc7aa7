import crypto from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_CAPABILITIES,
  STAFF_ROLES,
  capabilitiesOf,
  type StaffCapability,
  type StaffRole,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import type { SessionUserRecord } from '../auth/session-store';
import { JSON_HEADERS, signInStaff, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { CAPABILITY_OPENAPI_KEY, registerStaffAccess, requireCapability } from '../../plugins/staff-access';

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof HTTP_METHODS)[number];
interface Operation {
  method: Method;
  path: string;
  url: string;
  capability: unknown;
}

/**
 * What each admin endpoint needs (decision 0167). A route added later needs only a
 * declaration (checked below for every route); changing one of these is a decision, so it fails here.
 */
const DECLARED: Record<string, StaffCapability> = {
  'GET /api/admin/overview': 'backoffice.read',
  'GET /api/admin/users': 'backoffice.read',
  'GET /api/admin/users/{id}': 'backoffice.read',
  'PATCH /api/admin/users/{id}': 'customers.serve',
  'GET /api/admin/users/{id}/notes': 'backoffice.read',
  'POST /api/admin/users/{id}/notes': 'customers.serve',
  'GET /api/admin/users/{id}/security-events': 'backoffice.read',
  'POST /api/admin/users/{id}/password-reset': 'customers.serve',
  'POST /api/admin/users/{id}/unlock': 'customers.serve',
  'POST /api/admin/users/{id}/email-change': 'customers.serve',
  'POST /api/admin/users/{id}/email-change/confirm': 'customers.serve',
  'GET /api/admin/users/{id}/email-change': 'backoffice.read',
  'POST /api/admin/users/{id}/email-change/approve': 'customers.approve',
  'POST /api/admin/users/{id}/email-change/reject': 'customers.approve',
  'POST /api/admin/users/{id}/credit': 'money.request',
  'POST /api/admin/users/{id}/debit': 'money.request',
  'GET /api/admin/transactions': 'backoffice.read',
  'POST /api/admin/transactions': 'money.request',
  'PATCH /api/admin/transactions/{id}': 'money.request',
  'GET /api/admin/transactions/{id}/history': 'backoffice.read',
  'GET /api/admin/transactions.csv': 'backoffice.read',
  'GET /api/admin/audit': 'backoffice.read',
  'GET /api/admin/audit.csv': 'backoffice.read',
  'GET /api/admin/loans': 'backoffice.read',
  'GET /api/admin/loans/{id}': 'backoffice.read',
  'PATCH /api/admin/loans/{id}': 'loans.approve',
  'POST /api/admin/loans/{id}/approve': 'loans.approve',
  'GET /api/admin/holds': 'backoffice.read',
  'POST /api/admin/holds/{id}/release': 'holds.review',
  'POST /api/admin/holds/{id}/return': 'holds.review',
  'GET /api/admin/holds/{id}/images/front': 'backoffice.read',
  'GET /api/admin/holds/{id}/images/back': 'backoffice.read',
  'GET /api/admin/requests': 'backoffice.read',
  'POST /api/admin/requests/{id}/approve': 'money.approve',
  'POST /api/admin/requests/{id}/reject': 'money.approve',
  'GET /api/admin/fx-rates': 'backoffice.read',
  'PUT /api/admin/fx-rates/{currency}': 'settings.manage',
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff': 'staff.manage',
  'PATCH /api/admin/staff/{id}': 'staff.manage',
  'POST /api/admin/staff/{id}/invitation': 'staff.manage',
  'POST /api/admin/staff/{id}/invitation/revoke': 'staff.manage',
};

let t: TestApp;
/** Every admin operation the server documents, with the capability it declares there. */
let operations: Operation[];
const cookies = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(docs.statusCode).toBe(200);
  const paths = (docs.json() as { paths: Record<string, Partial<Record<Method, Record<string, unknown>>>> })
    .paths;
  operations = Object.entries(paths)
    .filter(([path]) => path === '/api/admin' || path.startsWith('/api/admin/'))
    .flatMap(([path, item]) =>
      HTTP_METHODS.flatMap((method) => {
        const op = item[method];
        if (op === undefined) return [];
        return [
          {
            method,
            path,
            url: path.replace(/\{[^}]+\}/g, () => crypto.randomUUID()),
            capability: op[CAPABILITY_OPENAPI_KEY],
          },
        ];
      }),
    );
  for (const role of STAFF_ROLES) cookies[role] = (await signInStaff(t, role)).cookie;
});
afterAll(async () => {
  await t.close();
});

const label = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;

function call(op: Operation, cookie: string) {
  const writes = op.method !== 'get';
  return t.app.inject({
    method: op.method.toUpperCase() as Uppercase<Method>,
    url: op.url,
    headers: { ...(writes ? JSON_HEADERS : {}), cookie },
    ...(writes ? { payload: {} } : {}),
  });
}

describe('staff capabilities, as the OpenAPI document declares them', () => {
  it('declares a known capability on every admin operation (a route without one fails here)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(Object.keys(DECLARED).length);
    for (const op of operations) {
      expect(STAFF_CAPABILITIES as readonly unknown[], label(op)).toContain(op.capability);
    }
  });

  it('declares what the permission sets were designed around', () => {
    const documented = Object.fromEntries(operations.map((op) => [label(op), op.capability]));
    for (const [operation, capability] of Object.entries(DECLARED)) {
      expect(documented[operation], operation).toBe(capability);
    }
  });

  it('the session tells the console what each set may do', async () => {
    for (const role of STAFF_ROLES) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: cookies[role] },
      });
      expect(res.json().user.staffRole).toBe(role);
      expect(res.json().user.capabilities).toEqual([...capabilitiesOf(role)]);
    }
    const customer = await signUpCustomer(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: customer.cookie },
    });
    expect(res.json().user).toMatchObject({ role: 'user', staffRole: null, capabilities: [] });
  });

  for (const role of STAFF_ROLES) {
    it(`lets the ${role} set through exactly where it holds the capability, and 403s elsewhere`, async () => {
      const held = capabilitiesOf(role);
      let allowed = 0;
      let refused = 0;
      for (const op of operations) {
        const res = await call(op, cookies[role]);
        if (held.includes(op.capability as StaffCapability)) {
          allowed += 1;
          // Past the gate: whatever the empty body or random id earns (400, 404, 200), never a 403 or 401.
          expect([401, 403], `${label(op)} as ${role}: ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, label(op)).toBeLessThan(500);
        } else {
          refused += 1;
          expect(res.statusCode, `${label(op)} as ${role}`).toBe(403);
          expect(res.json().error.code, label(op)).toBe('FORBIDDEN');
        }
      }
      // Each set is refused somewhere but the top one, and allowed somewhere.
      expect(allowed).toBeGreaterThan(0);
      if (role !== 'administrator') expect(refused).toBeGreaterThan(0);
      else expect(refused).toBe(0);
    });
  }

  it('refuses an operator the staff page and loan approval even with a well-formed request', async () => {
    const staffRes = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { ...JSON_HEADERS, cookie: cookies.operator },
      payload: {
        email: 'sneaky@example.test',
        firstName: 'Sneaky',
        surname: 'Operator',
        staffRole: 'administrator',
      },
    });
    expect(staffRes.statusCode).toBe(403);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loans/${crypto.randomUUID()}/approve`,
      headers: { ...JSON_HEADERS, cookie: cookies.operator, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(approve.statusCode).toBe(403);
  });
});

describe('registerStaffAccess (the gate itself)', () => {
  function staffUser(staffRole: StaffRole | null, over: Partial<SessionUserRecord> = {}): SessionUserRecord {
    return {
      id: crypto.randomUUID(),
      email: 'x@example.test',
      role: 'admin',
      staffRole,
      status: 'active',
      firstName: 'A',
      surname: 'B',
      accountNumber: null,
      avatarUrl: '',
      ...over,
    };
  }

  async function gateApp(users: Record<string, SessionUserRecord>) {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const user = users[String(request.headers['x-user'])];
      request.auth = user
        ? { idHash: 'h', userId: user.id, idleExpiresAt: new Date(), absoluteExpiresAt: new Date(), user }
        : null;
    });
    app.setErrorHandler((error, _request, reply) => {
      const status =
        error instanceof AppError ? error.statusCode : ((error as { statusCode?: number }).statusCode ?? 500);
      return reply.code(status).send({ code: error instanceof AppError ? error.code : 'X' });
    });
    await app.register(async (area) => {
      registerStaffAccess(area);
      area.get('/undeclared', async () => ({ ok: true }));
      area.post(
        '/declared',
        {
          preHandler: requireCapability('staff.manage'),
          schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } } },
        },
        async () => ({ ok: true }),
      );
    });
    await app.ready();
    return app;
  }

  it('answers 403 to everyone, the top set included, on a route that declares no capability', async () => {
    const app = await gateApp({ admin: staffUser('administrator') });
    const res = await app.inject({ method: 'GET', url: '/undeclared', headers: { 'x-user': 'admin' } });
    expect(res.statusCode).toBe(403);
    await app.close();
  });

  it('checks the capability before the body is read: a bad body earns a refusal, not a 400', async () => {
    const app = await gateApp({
      admin: staffUser('administrator'),
      op: staffUser('operator'),
      gone: staffUser('administrator', { status: 'suspended' }),
      customer: staffUser(null, { role: 'user' }),
      forged: staffUser('administrator', { role: 'user' }),
    });
    const post = (user: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/declared',
        headers: { 'x-user': user },
        payload: payload as object,
      });
    expect((await post('op', { wrong: 'type' })).statusCode).toBe(403);
    expect((await post('gone', { n: 1 })).statusCode).toBe(403);
    expect((await post('customer', { n: 1 })).statusCode).toBe(403);
    // A customer row that somehow carried a set still holds nothing: the role decides first.
    expect((await post('forged', { n: 1 })).statusCode).toBe(403);
    expect((await post('nobody', { n: 1 })).statusCode).toBe(401);
    expect((await post('admin', { wrong: 'type' })).statusCode).toBe(400);
    expect((await post('admin', { n: 1 })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses a capability name that is no one’s', () => {
    expect(() => requireCapability('everything' as StaffCapability)).toThrow();
  });
});
