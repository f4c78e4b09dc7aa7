import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanWait, loanInquiryMessages, type LoanInquiryInput } from '@larkspur/contract';
import { loanApplications, loanStatusHistory } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createLoanInquiryService, INQUIRY_HISTORY_REASON } from './inquiry-service';
import { LOAN_INQUIRY_RATE_LIMIT_PER_HOUR } from './routes';

const inquiry: LoanInquiryInput = {
  name: 'Dana Whitfield',
  email: 'Dana.Whitfield@Example.com',
  phone: '+1 (555) 010-2030',
  loanType: 'Auto Loan',
  amount: '18500.50',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Each request of the shared app comes from its own address, so the per-IP limit stays out of the
// way; the rate-limit test below uses one address on purpose.
let addressCounter = 0;
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const post = (
  app: TestApp,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/loan-inquiries',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

describe('POST /api/loan-inquiries', () => {
  it('stores a Pending inquiry with no user, its contact fields and a history row; answers 201', async () => {
    const res = await post(t, inquiry);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'Pending',
      loanType: 'Auto Loan',
      amount: '18500.50',
      createdAt: t.clock.now().toISOString(),
    });

    const [row] = await t.database.db.select().from(loanApplications).where(eq(loanApplications.id, body.id));
    expect(row).toMatchObject({
      userId: null,
      source: 'inquiry',
      loanType: 'Auto Loan',
      amountCents: 1_850_050n,
      contactName: 'Dana Whitfield',
      contactEmail: 'dana.whitfield@example.com',
      contactPhone: '+1 (555) 010-2030',
      status: 'Pending',
    });
    const history = await t.database.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, body.id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'Pending',
        actorId: null,
        reason: INQUIRY_HISTORY_REASON,
      }),
    ]);
  });

  it.each([
    [{ ...inquiry, amount: '1e5' }, 'amount', loanInquiryMessages.amountFormat],
    [{ ...inquiry, amount: '18500.505' }, 'amount', loanInquiryMessages.amountFormat],
    [{ ...inquiry, amount: '150000.01' }, 'amount', loanInquiryMessages.amountRange('Auto Loan')],
    [{ ...inquiry, email: 'not-an-email' }, 'email', loanInquiryMessages.email],
    [{ ...inquiry, loanType: 'Yacht Loan' }, 'loanType', loanInquiryMessages.loanType],
  ])('refuses %j with 400 naming the field', async (payload, field, message) => {
    const res = await post(t, payload);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
  });

  it('never takes money as a number, and refuses fields it does not know', async () => {
    expect((await post(t, { ...inquiry, amount: 18500.5 })).statusCode).toBe(400);
    const res = await post(t, { ...inquiry, userId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a request from a foreign origin', async () => {
    const res = await post(t, inquiry, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });
});

describe('rate limit', () => {
  it(`accepts ${LOAN_INQUIRY_RATE_LIMIT_PER_HOUR} inquiries an hour from one address, then answers 429`, async () => {
    const fresh = await buildTestApp();
    const address = '192.0.2.7';
    try {
      for (let i = 0; i < LOAN_INQUIRY_RATE_LIMIT_PER_HOUR; i += 1) {
        expect((await post(fresh, inquiry, {}, address)).statusCode).toBe(201);
      }
      const res = await post(fresh, inquiry, {}, address);
      expect(res.statusCode).toBe(429);
      // The wait is said, in the header and in words (issue #14): the hour's window, in minutes.
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(res.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          // An hour's window: "1 hour" or "N minutes", as humanWait (contract) rounds it.
          message: `Too many requests. Please wait ${humanWait(retryAfter)} and try again.`,
        },
      });
      const rows = await fresh.database.db.select().from(loanApplications);
      expect(rows).toHaveLength(LOAN_INQUIRY_RATE_LIMIT_PER_HOUR);
      // Another address is not affected.
      expect((await post(fresh, inquiry, {}, '192.0.2.8')).statusCode).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});

describe('createLoanInquiryService', () => {
  it('stamps the inquiry with the clock and formats the amount back to two decimals', async () => {
    t.clock.advanceMs(60_000);
    const service = createLoanInquiryService({ db: t.database.db, clock: t.clock });
    const created = await service.submit({
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      phone: '555 010 4477',
      loanType: 'Personal Loan',
      amount: '7000',
    });
    expect(created).toMatchObject({
      status: 'Pending',
      amount: '7000.00',
      createdAt: t.clock.now().toISOString(),
    });
  });
});
