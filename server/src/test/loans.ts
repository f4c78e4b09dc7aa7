import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoanApplicationRequestInput } from '@larkspur/contract';
import { buildApp } from '../app';
import { ManualClock } from '../lib/clock';
import { credit } from './banking';
import { createAdmin, JSON_HEADERS, loginAdmin, signUpCustomer, type SignedUpCustomer } from './identity';
import { createTestDatabase, testConfig, type TestApp } from './test-app';

/**
 * Test support for the loans module: the app as two server instances on one database (the second
 * on its own connection pool on PostgreSQL, as a second instance behind a load balancer would be),
 * and requests as the dashboard and the back office send them.
 */
export interface LoanTestBed {
  /** The first instance, in the shape the shared test helpers take. */
  t: TestApp;
  /** A second instance on `openPeer()` of the same database. */
  peer: FastifyInstance;
  adminCookie: string;
  adminId: string;
  close(): Promise<void>;
}

export async function buildLoanTestBed(): Promise<LoanTestBed> {
  const testDb = await createTestDatabase();
  const clock = new ManualClock();
  const config = testConfig();
  const common = { config, clock, logger: false, startBackgroundJobs: false } as const;
  const app = await buildApp({ ...common, database: testDb.database });
  const peer = await buildApp({ ...common, database: await testDb.openPeer() });
  await Promise.all([app.ready(), peer.ready()]);
  const t: TestApp = {
    app,
    database: testDb.database,
    clock,
    config,
    close: async () => undefined,
  };
  const admin = await createAdmin(t);
  const adminCookie = await loginAdmin(t, admin.email, admin.password);
  return {
    t,
    peer,
    adminCookie,
    adminId: admin.userId,
    close: async () => {
      await peer.close();
      await app.close();
      await testDb.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A complete, valid application; $25,000 over 60 months is the home page's worked example. */
export function validApplication(
  overrides: Partial<Record<keyof LoanApplicationRequestInput, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    loanType: 'Auto Loan',
    loanAmount: '25000.00',
    termMonths: 60,
    purpose: 'A family car',
    annualIncome: '72000',
    employmentStatus: 'Employed',
    ...overrides,
  };
}

export async function customer(bed: LoanTestBed, balance = '0.00'): Promise<SignedUpCustomer> {
  const c = await signUpCustomer(bed.t);
  if (balance !== '0.00') await credit(bed.t, bed.adminCookie, c.userId, balance);
  return c;
}

export function apply(
  bed: LoanTestBed,
  who: { cookie: string },
  body: unknown = validApplication(),
): Promise<LightMyRequestResponse> {
  return bed.t.app.inject({
    method: 'POST',
    url: '/api/loans',
    headers: { ...JSON_HEADERS, cookie: who.cookie },
    payload: JSON.stringify(body),
  });
}

/** Applies and returns the new loan's id, failing loudly if the application was refused. */
export async function appliedLoanId(
  bed: LoanTestBed,
  who: { cookie: string },
  body: unknown = validApplication(),
): Promise<string> {
  const res = await apply(bed, who, body);
  if (res.statusCode !== 201) throw new Error(`apply ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

export function request(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : JSON_HEADERS), cookie, ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export function setStatus(
  bed: LoanTestBed,
  loanId: string,
  status: string,
  reason = 'Checked the documents',
) {
  return request(bed.t.app, bed.adminCookie, 'PATCH', `/api/admin/loans/${loanId}`, { status, reason });
}

export function approve(
  bed: LoanTestBed,
  loanId: string,
  options: { app?: FastifyInstance; body?: unknown; headers?: Record<string, string> } = {},
) {
  return request(
    options.app ?? bed.t.app,
    bed.adminCookie,
    'POST',
    `/api/admin/loans/${loanId}/approve`,
    options.body ?? {},
    options.headers,
  );
}

/** A visitor's inquiry from a public loan page, from its own address (the endpoint limits per IP). */
let inquiryAddress = 0;
export async function inquiryId(bed: LoanTestBed, overrides: Record<string, string> = {}): Promise<string> {
  inquiryAddress += 1;
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/loan-inquiries',
    remoteAddress: `10.9.${Math.floor(inquiryAddress / 250)}.${inquiryAddress % 250}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '+1 (555) 010-2030',
      loanType: 'Personal Loan',
      amount: '7000',
      ...overrides,
    }),
  });
  if (res.statusCode !== 201) throw new Error(`inquiry ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}
