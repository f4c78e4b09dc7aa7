import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCatalogue,
  LOAN_OPEN_APPLICATIONS_MAX,
  LOAN_PURPOSE_LENGTH_MAX,
  LOAN_STATUS_HISTORY_SHOWN_MAX,
  loanApplicationMessages,
  type AdminLoan,
  type CustomerLoan,
  type ErrorCode,
} from '@larkspur/contract';
import { auditLog, loanApplications, loanStatusHistory } from '../../db/schema/index';
import { JSON_HEADERS } from '../../test/identity';
import { APPLICATION_HISTORY_REASON } from './loan-service';
import {
  apply,
  appliedLoanId,
  buildLoanTestBed,
  customer,
  inquiryId,
  request,
  setStatus,
  validApplication,
  type LoanTestBed,
} from '../../test/loans';

let bed: LoanTestBed;
beforeAll(async () => {
  bed = await buildLoanTestBed();
});
afterAll(async () => {
  await bed.close();
});

const message = (code: ErrorCode) => errorCatalogue[code].message;
const tick = () => bed.t.clock.advanceMs(1_000);

describe('POST /api/loans', () => {
  it('creates a Pending application with its history row, an audit row and an illustrative estimate', async () => {
    const jane = await customer(bed);
    const res = await apply(bed, jane, validApplication({ purpose: '  A family car  ' }));
    expect(res.statusCode).toBe(201);
    const loan = res.json<CustomerLoan>();
    const now = bed.t.clock.now().toISOString();
    expect(loan).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // product §3: the application carries its applicant's userId.
      userId: jane.userId,
      loanType: 'Auto Loan',
      loanAmount: '25000.00',
      termMonths: 60,
      purpose: 'A family car',
      annualIncome: '72000.00',
      employmentStatus: 'Employed',
      status: 'Pending',
      // The home page's worked example: $25,000 at 6.49% over 60 months is $489.04 a month.
      estimate: { illustrative: true, apr: '6.49', monthlyPayment: '489.04' },
      disbursementTransactionId: null,
      statusHistory: [{ fromStatus: null, toStatus: 'Pending', by: 'applicant', createdAt: now }],
      createdAt: now,
      updatedAt: now,
    });

    const [row] = await bed.t.database.db
      .select()
      .from(loanApplications)
      .where(eq(loanApplications.id, loan.id));
    expect(row).toMatchObject({
      userId: jane.userId,
      source: 'application',
      amountCents: 2_500_000n,
      annualIncomeCents: 7_200_000n,
      status: 'Pending',
      disbursementRecordId: null,
    });
    const history = await bed.t.database.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, loan.id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'Pending',
        actorId: jane.userId,
        reason: APPLICATION_HISTORY_REASON,
      }),
    ]);
    const audit = await bed.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.apply'), eq(auditLog.subjectId, loan.id)));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: jane.userId, outcome: 'success', subjectType: 'loan' }),
    ]);
  });

  it('accepts every product at its bounds, and an income of zero', async () => {
    const sam = await customer(bed);
    const accepted = [
      { loanType: 'Personal Loan', loanAmount: '1000', termMonths: 6 },
      { loanType: 'Mortgage', loanAmount: '2000000.00', termMonths: 360 },
      { loanType: 'Business Loan', loanAmount: '500000', termMonths: 120, employmentStatus: 'Self-employed' },
      {
        loanType: 'Auto Loan',
        loanAmount: '150000',
        termMonths: 24,
        annualIncome: '0',
        employmentStatus: 'Student',
      },
    ];
    for (const overrides of accepted) {
      const res = await apply(bed, sam, validApplication(overrides));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<CustomerLoan>().estimate?.monthlyPayment).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it.each([
    [{ loanAmount: '1e4' }, 'loanAmount', loanApplicationMessages.amountFormat],
    [{ loanAmount: '-5' }, 'loanAmount', loanApplicationMessages.amountFormat],
    [{ loanAmount: '12.345' }, 'loanAmount', loanApplicationMessages.amountFormat],
    [{ loanAmount: '' }, 'loanAmount', loanApplicationMessages.amountFormat],
    [{ loanAmount: 25000 }, 'loanAmount', loanApplicationMessages.amountFormat],
    [{ loanAmount: '0' }, 'loanAmount', loanApplicationMessages.amountRange('Auto Loan')],
    [{ loanAmount: '999.99' }, 'loanAmount', loanApplicationMessages.amountRange('Auto Loan')],
    [{ loanAmount: '150000.01' }, 'loanAmount', loanApplicationMessages.amountRange('Auto Loan')],
    [{ loanAmount: '1'.repeat(21) }, 'loanAmount', loanApplicationMessages.amountFormat],
    [{ loanType: 'Yacht Loan' }, 'loanType', loanApplicationMessages.loanType],
    [{ loanType: 'Personal' }, 'loanType', loanApplicationMessages.loanType],
    [{ termMonths: 12 }, 'termMonths', loanApplicationMessages.termRange('Auto Loan')],
    [{ termMonths: 85 }, 'termMonths', loanApplicationMessages.termRange('Auto Loan')],
    [{ termMonths: 5 }, 'termMonths', loanApplicationMessages.termMonths],
    [{ termMonths: 361 }, 'termMonths', loanApplicationMessages.termMonths],
    [{ termMonths: 36.5 }, 'termMonths', loanApplicationMessages.termMonths],
    [{ termMonths: '36' }, 'termMonths', loanApplicationMessages.termMonths],
    [{ loanType: 'Mortgage', termMonths: 36 }, 'termMonths', loanApplicationMessages.termRange('Mortgage')],
    [{ purpose: ' a ' }, 'purpose', loanApplicationMessages.purpose],
    [{ purpose: 'x'.repeat(LOAN_PURPOSE_LENGTH_MAX + 1) }, 'purpose', loanApplicationMessages.purposeTooLong],
    [{ annualIncome: '100000000.01' }, 'annualIncome', loanApplicationMessages.annualIncome],
    [{ annualIncome: 'lots' }, 'annualIncome', loanApplicationMessages.annualIncome],
    [{ employmentStatus: 'Astronaut' }, 'employmentStatus', loanApplicationMessages.employmentStatus],
  ])('refuses %j with 400 naming the field', async (overrides, field, text) => {
    const res = await apply(bed, await sharedApplicant(), validApplication(overrides));
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; field?: string; message: string } }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.field).toBe(field);
    expect(error.message).toContain(text);
  });

  it('refuses fields it does not know, a missing field, and a body that is not an object', async () => {
    const who = await sharedApplicant();
    for (const body of [
      validApplication({ userId: who.userId }),
      validApplication({ status: 'Approved' }),
      { ...validApplication(), purpose: undefined },
      [],
      'loan',
    ]) {
      const res = await apply(bed, who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const rows = await bed.t.database.db
      .select()
      .from(loanApplications)
      .where(eq(loanApplications.userId, who.userId));
    expect(rows).toEqual([]);
  });

  it('is for signed-in customers only', async () => {
    const guest = await bed.t.app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: JSON_HEADERS,
      payload: validApplication(),
    });
    expect(guest.statusCode).toBe(401);
    const admin = await apply(bed, { cookie: bed.adminCookie });
    expect(admin.statusCode).toBe(403);
    expect((await bed.t.app.inject({ method: 'GET', url: '/api/me/loans' })).statusCode).toBe(401);
  });

  it(`accepts at most ${LOAN_OPEN_APPLICATIONS_MAX} applications awaiting a decision, even sent all at once`, async () => {
    const busy = await customer(bed);
    const results = await Promise.all(
      Array.from({ length: LOAN_OPEN_APPLICATIONS_MAX + 3 }, () => apply(bed, busy)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(LOAN_OPEN_APPLICATIONS_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().error).toEqual({
        code: 'LOAN_OPEN_APPLICATIONS_LIMIT',
        message: message('LOAN_OPEN_APPLICATIONS_LIMIT'),
      });
    }
    // A decided (here: cancelled) application frees a place.
    const first = results.find((r) => r.statusCode === 201)?.json<CustomerLoan>();
    expect(first).toBeDefined();
    const cancel = await request(bed.t.app, busy.cookie, 'POST', `/api/loans/${first?.id}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    expect((await apply(bed, busy)).statusCode).toBe(201);
    expect((await apply(bed, busy)).statusCode).toBe(422);
  });
});

let shared: Awaited<ReturnType<typeof customer>> | undefined;
async function sharedApplicant() {
  shared ??= await customer(bed);
  return shared;
}

describe('GET /api/me/loans', () => {
  it('lists only the customer’s own loans, newest first, a keyset page at a time, each with its history', async () => {
    const ann = await customer(bed);
    const other = await customer(bed);
    const ids: string[] = [];
    for (const loanType of ['Personal Loan', 'Auto Loan', 'Mortgage', 'Business Loan'] as const) {
      tick();
      const termMonths = loanType === 'Mortgage' ? 360 : 60;
      ids.push(await appliedLoanId(bed, ann, validApplication({ loanType, termMonths })));
      tick();
      await appliedLoanId(bed, other);
    }
    await setStatus(bed, ids[1] ?? '', 'Under Review', 'Income to be verified');

    const seen: CustomerLoan[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/me/loans?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await request(bed.t.app, ann.cookie, 'GET', url);
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: CustomerLoan[]; nextCursor: string | null }>();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(2);
    expect(seen.map((l) => l.id)).toEqual([...ids].reverse());
    expect(new Set(seen.map((l) => l.userId))).toEqual(new Set([ann.userId]));
    const reviewed = seen.find((l) => l.id === ids[1]);
    expect(reviewed?.status).toBe('Under Review');
    expect(reviewed?.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.by])).toEqual([
      [null, 'Pending', 'applicant'],
      ['Pending', 'Under Review', 'bank'],
    ]);
    // The staff member's identity and note stay internal.
    expect(JSON.stringify(reviewed)).not.toContain('Income to be verified');
    expect(JSON.stringify(reviewed)).not.toContain(bed.adminId);

    const filtered = await request(bed.t.app, ann.cookie, 'GET', '/api/me/loans?status=Under%20Review');
    expect(filtered.json<{ items: CustomerLoan[] }>().items.map((l) => l.id)).toEqual([ids[1]]);
  });

  it('reads one loan of the customer’s own, and answers someone else’s as not found', async () => {
    const owner = await customer(bed);
    const stranger = await customer(bed);
    const id = await appliedLoanId(bed, owner);
    const mine = await request(bed.t.app, owner.cookie, 'GET', `/api/me/loans/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<CustomerLoan>()).toMatchObject({ id, userId: owner.userId });
    const theirs = await request(bed.t.app, stranger.cookie, 'GET', `/api/me/loans/${id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toEqual({ code: 'LOAN_NOT_FOUND', message: message('LOAN_NOT_FOUND') });
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['limit=ten'],
    ['status=Approvedish'],
    ['cursor=not-a-cursor'],
    [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`],
    [`cursor=${'a'.repeat(201)}`],
    ['userId=00000000-0000-4000-8000-000000000000'],
  ])('answers the query %s with 400, never a 5xx', async (query) => {
    const res = await request(bed.t.app, (await sharedApplicant()).cookie, 'GET', `/api/me/loans?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/loans/:id/cancel', () => {
  it('cancels a Pending application: Cancelled, updatedAt stamped, a history row and an audit row', async () => {
    const bo = await customer(bed);
    const id = await appliedLoanId(bed, bo);
    const created = bed.t.clock.now().toISOString();
    tick();
    const res = await request(bed.t.app, bo.cookie, 'POST', `/api/loans/${id}/cancel`, {
      reason: 'Found a cheaper car',
    });
    expect(res.statusCode).toBe(200);
    const loan = res.json<CustomerLoan>();
    expect(loan).toMatchObject({
      status: 'Cancelled',
      createdAt: created,
      updatedAt: bed.t.clock.now().toISOString(),
    });
    expect(loan.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.by])).toEqual([
      [null, 'Pending', 'applicant'],
      ['Pending', 'Cancelled', 'applicant'],
    ]);
    const history = await bed.t.database.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, id))
      .orderBy(asc(loanStatusHistory.id));
    expect(history[1]).toMatchObject({ actorId: bo.userId, reason: 'Found a cheaper car' });
    const audit = await bed.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.cancel'), eq(auditLog.subjectId, id)));
    expect(audit).toHaveLength(1);

    // Once cancelled it is no longer pending.
    const again = await request(bed.t.app, bo.cookie, 'POST', `/api/loans/${id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'LOAN_NOT_PENDING', message: 'Loan is no longer pending.' });
  });

  it('cancels one Under Review (still awaiting a decision) but not a Rejected one', async () => {
    const cy = await customer(bed);
    const reviewed = await appliedLoanId(bed, cy);
    const rejected = await appliedLoanId(bed, cy);
    expect((await setStatus(bed, reviewed, 'Under Review')).statusCode).toBe(200);
    expect((await setStatus(bed, rejected, 'Rejected')).statusCode).toBe(200);
    const ok = await request(bed.t.app, cy.cookie, 'POST', `/api/loans/${reviewed}/cancel`, {});
    expect(ok.json<CustomerLoan>().status).toBe('Cancelled');
    const refused = await request(bed.t.app, cy.cookie, 'POST', `/api/loans/${rejected}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Loan is no longer pending.');
  });

  it('answers someone else’s loan, an inquiry and an unknown id as not found, and changes nothing', async () => {
    const owner = await customer(bed);
    const stranger = await customer(bed);
    const id = await appliedLoanId(bed, owner);
    const inquiry = await inquiryId(bed);
    for (const target of [id, inquiry, '00000000-0000-4000-8000-000000000000']) {
      const res = await request(bed.t.app, stranger.cookie, 'POST', `/api/loans/${target}/cancel`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'LOAN_NOT_FOUND', message: 'Loan not found.' });
    }
    const [row] = await bed.t.database.db.select().from(loanApplications).where(eq(loanApplications.id, id));
    expect(row?.status).toBe('Pending');
    const [inq] = await bed.t.database.db
      .select()
      .from(loanApplications)
      .where(eq(loanApplications.id, inquiry));
    expect(inq?.status).toBe('Pending');
  });

  it('accepts no body with the custom header, and refuses a bad id or reason with 400', async () => {
    const dee = await customer(bed);
    const id = await appliedLoanId(bed, dee);
    const bare = await bed.t.app.inject({
      method: 'POST',
      url: `/api/loans/${id}/cancel`,
      headers: { cookie: dee.cookie, 'x-larkspur-request': '1' },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((await request(bed.t.app, dee.cookie, 'POST', '/api/loans/123/cancel', {})).statusCode).toBe(400);
    const longReason = await request(bed.t.app, dee.cookie, 'POST', `/api/loans/${id}/cancel`, {
      reason: 'x'.repeat(501),
    });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().error.field).toBe('reason');
  });
});

describe('admin loans', () => {
  it('are refused to customers (403) and guests (401)', async () => {
    const eve = await customer(bed);
    const id = await appliedLoanId(bed, eve);
    const calls: Array<['GET' | 'POST' | 'PATCH', string, unknown]> = [
      ['GET', '/api/admin/loans', undefined],
      ['GET', `/api/admin/loans/${id}`, undefined],
      ['PATCH', `/api/admin/loans/${id}`, { status: 'Rejected', reason: 'I can do this' }],
      ['POST', `/api/admin/loans/${id}/approve`, {}],
    ];
    for (const [method, url, body] of calls) {
      const asCustomer = await request(bed.t.app, eve.cookie, method, url, body);
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      expect(asCustomer.json().error.code).toBe('FORBIDDEN');
      const asGuest = await request(bed.t.app, '', method, url, body);
      expect(asGuest.statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await bed.t.database.db.select().from(loanApplications).where(eq(loanApplications.id, id));
    expect(row?.status).toBe('Pending');
  });

  it('lists applications (with the applicant) and inquiries (with the contact), filtered, newest first, in keyset pages', async () => {
    const fay = await customer(bed);
    tick();
    const appId = await appliedLoanId(
      bed,
      fay,
      validApplication({ loanType: 'Business Loan', termMonths: 48 }),
    );
    tick();
    const inqId = await inquiryId(bed, { loanType: 'Business Loan', amount: '40000', name: 'Gus Grant' });

    const res = await request(
      bed.t.app,
      bed.adminCookie,
      'GET',
      '/api/admin/loans?loanType=Business%20Loan&limit=100',
    );
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: AdminLoan[] }>().items;
    expect(items.map((l) => l.id).slice(0, 2)).toEqual([inqId, appId]);
    expect(items.every((l) => l.loanType === 'Business Loan')).toBe(true);
    expect(items[0]).toMatchObject({
      source: 'inquiry',
      userId: null,
      loanAmount: '40000.00',
      applicant: null,
      contact: { name: 'Gus Grant', email: 'dana@example.com', phone: '+1 (555) 010-2030' },
      estimate: null,
      termMonths: null,
    });
    expect(items[1]).toMatchObject({
      source: 'application',
      userId: fay.userId,
      applicant: { name: 'Jane Doe', accountNumber: fay.accountNumber, status: 'active' },
      contact: null,
      termMonths: 48,
      employmentStatus: 'Employed',
      annualIncome: '72000.00',
      estimate: { illustrative: true, apr: '9.99' },
    });

    const bySource = await request(
      bed.t.app,
      bed.adminCookie,
      'GET',
      '/api/admin/loans?source=inquiry&limit=100',
    );
    expect(bySource.json<{ items: AdminLoan[] }>().items.every((l) => l.source === 'inquiry')).toBe(true);
    await setStatus(bed, appId, 'Rejected');
    const byStatus = await request(
      bed.t.app,
      bed.adminCookie,
      'GET',
      '/api/admin/loans?status=Rejected&limit=100',
    );
    const rejected = byStatus.json<{ items: AdminLoan[] }>().items;
    expect(rejected.map((l) => l.id)).toContain(appId);
    expect(rejected.every((l) => l.status === 'Rejected')).toBe(true);

    // Every loan, page by page: no loan twice, none left out, newest first.
    const all = await bed.t.database.db.select({ id: loanApplications.id }).from(loanApplications);
    const seen: AdminLoan[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const url: string = `/api/admin/loans?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await request(bed.t.app, bed.adminCookie, 'GET', url)).json<{
        items: AdminLoan[];
        nextCursor: string | null;
      }>();
      seen.push(...page.items);
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(new Set(seen.map((l) => l.id)).size).toBe(all.length);
    expect(seen).toHaveLength(all.length);
    const times = seen.map((l) => l.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([['status=Maybe'], ['loanType=Personal'], ['source=web'], ['limit=1000'], ['cursor=%7B%7D']])(
    'answers the admin query %s with 400',
    async (query) => {
      const res = await request(bed.t.app, bed.adminCookie, 'GET', `/api/admin/loans?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('reads one loan with its status history; an unknown one is not found', async () => {
    const gil = await customer(bed);
    const id = await appliedLoanId(bed, gil);
    const res = await request(bed.t.app, bed.adminCookie, 'GET', `/api/admin/loans/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      statusHistory: [
        {
          fromStatus: null,
          toStatus: 'Pending',
          actorId: gil.userId,
          actorName: 'Jane Doe',
          reason: APPLICATION_HISTORY_REASON,
        },
      ],
    });
    const missing = await request(
      bed.t.app,
      bed.adminCookie,
      'GET',
      '/api/admin/loans/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Loan not found.');
    expect((await request(bed.t.app, bed.adminCookie, 'GET', '/api/admin/loans/nope')).statusCode).toBe(400);
  });
});

describe('status history', () => {
  it(`shows the newest ${LOAN_STATUS_HISTORY_SHOWN_MAX} changes of a loan, oldest first, however many there are`, async () => {
    const kit = await customer(bed);
    const id = await appliedLoanId(bed, kit);
    const extra = LOAN_STATUS_HISTORY_SHOWN_MAX + 5;
    // Staff moving a loan back and forth this often is unusual; written directly to keep the test fast.
    await bed.t.database.db.insert(loanStatusHistory).values(
      Array.from({ length: extra }, (_, i) => ({
        loanId: id,
        fromStatus: i % 2 === 0 ? 'Pending' : 'Under Review',
        toStatus: i % 2 === 0 ? 'Under Review' : 'Pending',
        actorId: bed.adminId,
        reason: `Change ${i + 1}`,
        createdAt: bed.t.clock.now(),
      })),
    );
    const admin = (await request(bed.t.app, bed.adminCookie, 'GET', `/api/admin/loans/${id}`)).json<{
      statusHistory: Array<{ reason: string | null }>;
    }>();
    expect(admin.statusHistory).toHaveLength(LOAN_STATUS_HISTORY_SHOWN_MAX);
    expect(admin.statusHistory.at(0)?.reason).toBe(`Change ${extra - LOAN_STATUS_HISTORY_SHOWN_MAX + 1}`);
    expect(admin.statusHistory.at(-1)?.reason).toBe(`Change ${extra}`);
    const mine = (await request(bed.t.app, kit.cookie, 'GET', '/api/me/loans')).json<{
      items: CustomerLoan[];
    }>();
    expect(mine.items[0]?.statusHistory).toHaveLength(LOAN_STATUS_HISTORY_SHOWN_MAX);
  });
});

describe('PATCH /api/admin/loans/:id', () => {
  it('sets a status with a reason: updatedAt, a history row (who, when, from, to, why) and an audit row', async () => {
    const hal = await customer(bed);
    const id = await appliedLoanId(bed, hal);
    for (const [status, reason] of [
      ['Under Review', 'Pay slips requested'],
      ['Rejected', 'Debt-to-income ratio too high'],
      ['Pending', 'Rejected by mistake: reopened'],
      ['Cancelled', 'Customer asked by phone'],
    ] as const) {
      tick();
      const res = await request(bed.t.app, bed.adminCookie, 'PATCH', `/api/admin/loans/${id}`, {
        status,
        reason,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status, updatedAt: bed.t.clock.now().toISOString() });
    }
    const detail = (await request(bed.t.app, bed.adminCookie, 'GET', `/api/admin/loans/${id}`)).json<{
      statusHistory: Array<Record<string, unknown>>;
    }>();
    expect(detail.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.actorId, h.reason])).toEqual([
      [null, 'Pending', hal.userId, APPLICATION_HISTORY_REASON],
      ['Pending', 'Under Review', bed.adminId, 'Pay slips requested'],
      ['Under Review', 'Rejected', bed.adminId, 'Debt-to-income ratio too high'],
      ['Rejected', 'Pending', bed.adminId, 'Rejected by mistake: reopened'],
      ['Pending', 'Cancelled', bed.adminId, 'Customer asked by phone'],
    ]);
    expect(detail.statusHistory[1]).toMatchObject({ actorName: 'Ada Admin' });
    const audit = await bed.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.loan_status'), eq(auditLog.subjectId, id)))
      .orderBy(asc(auditLog.id));
    expect(audit).toHaveLength(4);
    expect(audit[1]).toMatchObject({
      actorId: bed.adminId,
      actorRole: 'admin',
      reason: 'Debt-to-income ratio too high',
      details: { userId: hal.userId, before: { status: 'Under Review' }, after: { status: 'Rejected' } },
    });
  });

  it('refuses "Approved" with 422 — approval pays out, so it has its own call — and changes nothing', async () => {
    const ida = await customer(bed);
    const id = await appliedLoanId(bed, ida);
    const res = await request(bed.t.app, bed.adminCookie, 'PATCH', `/api/admin/loans/${id}`, {
      status: 'Approved',
      reason: 'Looks good',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'LOAN_APPROVE_VIA_APPROVE',
      message: 'Use Approve to approve a loan: approval pays out the loan.',
    });
    const [row] = await bed.t.database.db.select().from(loanApplications).where(eq(loanApplications.id, id));
    expect(row?.status).toBe('Pending');
    const history = await bed.t.database.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, id));
    expect(history).toHaveLength(1);
  });

  it('refuses the status the loan already has, and bad input with 400', async () => {
    const jo = await customer(bed);
    const id = await appliedLoanId(bed, jo);
    const same = await setStatus(bed, id, 'Pending');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('LOAN_STATUS_UNCHANGED');
    for (const body of [
      { status: 'Rejected' },
      { status: 'Rejected', reason: 'no' },
      { status: 'Rejected', reason: 'x'.repeat(501) },
      { status: 'Done', reason: 'Because' },
      { status: 'Rejected', reason: 'Because', extra: 1 },
    ]) {
      const res = await request(bed.t.app, bed.adminCookie, 'PATCH', `/api/admin/loans/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const missing = await setStatus(bed, '00000000-0000-4000-8000-000000000000', 'Rejected');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('LOAN_NOT_FOUND');
  });

  it('moves a visitor inquiry through statuses too', async () => {
    const id = await inquiryId(bed);
    const res = await setStatus(bed, id, 'Under Review', 'Called the visitor back');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'inquiry', status: 'Under Review' });
  });
});

describe('API document', () => {
  it('describes every loans endpoint from its schemas', async () => {
    const res = await bed.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/loans',
        '/api/me/loans',
        '/api/me/loans/{id}',
        '/api/loans/{id}/cancel',
        '/api/admin/loans',
        '/api/admin/loans/{id}',
        '/api/admin/loans/{id}/approve',
      ]),
    );
  });
});
