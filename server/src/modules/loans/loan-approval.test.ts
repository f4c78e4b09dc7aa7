import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCatalogue,
  type AdminLoanApproveResponse,
  type CustomerLoan,
  type ErrorCode,
} from '@larkspur/contract';
import {
  accounts,
  auditLog,
  depositHolds,
  loanApplications,
  loanStatusHistory,
  outboxMessages,
  profiles,
  transactionRecords,
} from '../../db/schema/index';
import { balanceOf } from '../../test/banking';
import { verifyLedger } from '../ledger/verify';
import { seedDemoHistory } from '../seed/demo-history';
import { seedDemoLoans } from './demo-loans';
import {
  appliedLoanId,
  approve,
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

async function expectLedgerClean(): Promise<void> {
  const { violations } = await verifyLedger(bed.t.database.db);
  expect(violations).toEqual([]);
}

async function loanRecordsOf(userId: string) {
  return bed.t.database.db
    .select()
    .from(transactionRecords)
    .where(and(eq(transactionRecords.userId, userId), like(transactionRecords.transactionId, 'LOAN%')));
}

async function statusOf(loanId: string): Promise<string | undefined> {
  const [row] = await bed.t.database.db
    .select({ status: loanApplications.status })
    .from(loanApplications)
    .where(eq(loanApplications.id, loanId));
  return row?.status;
}

async function loanDisbursementBalance(): Promise<bigint> {
  const [row] = await bed.t.database.db
    .select({ balanceCents: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.code, 'loan_disbursement'));
  return row?.balanceCents ?? 0n;
}

describe('POST /api/admin/loans/:id/approve', () => {
  it('pays out exactly the amount with a LOAN Deposit record, sets Approved, and keeps the whole trail', async () => {
    const kim = await customer(bed, '100.00');
    const id = await appliedLoanId(
      bed,
      kim,
      validApplication({ loanType: 'Personal Loan', loanAmount: '12345.67', termMonths: 36 }),
    );
    bed.t.clock.advanceMs(60_000);
    expect((await setStatus(bed, id, 'Under Review', 'Pay slips requested')).statusCode).toBe(200);
    bed.t.clock.advanceMs(60_000);
    // product §4: approval only from Pending, so the checks end with a move back to Pending.
    expect((await setStatus(bed, id, 'Pending', 'Pay slips received')).statusCode).toBe(200);
    bed.t.clock.advanceMs(60_000);
    const outboxBefore = await bed.t.database.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.toEmail, kim.email));
    const poolBefore = await loanDisbursementBalance();

    const res = await approve(bed, id, { body: { reason: 'Income verified' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminLoanApproveResponse>();
    const now = bed.t.clock.now().toISOString();
    expect(body.transaction).toMatchObject({
      userId: kim.userId,
      type: 'Deposit',
      direction: 'credit',
      amount: '12345.67',
      senderName: 'Loan Disbursement',
      purpose: 'Personal Loan Approval',
      recipientAccount: kim.accountNumber,
      status: 'Successful',
    });
    expect(body.transaction.transactionId).toMatch(/^LOAN\d{13}/);
    expect(body.loan).toMatchObject({
      id,
      status: 'Approved',
      updatedAt: now,
      disbursementTransactionId: body.transaction.transactionId,
    });
    expect(body.loan.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.actorId, h.reason])).toEqual([
      [null, 'Pending', kim.userId, expect.any(String)],
      ['Pending', 'Under Review', bed.adminId, 'Pay slips requested'],
      ['Under Review', 'Pending', bed.adminId, 'Pay slips received'],
      ['Pending', 'Approved', bed.adminId, 'Income verified'],
    ]);

    // The money: exactly the amount, from the loan-disbursement account, one record.
    expect(await balanceOf(bed.t, kim)).toBe('12445.67');
    expect(poolBefore - (await loanDisbursementBalance())).toBe(1_234_567n);
    const records = await loanRecordsOf(kim.userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      amountCents: 1_234_567n,
      type: 'Deposit',
      senderName: 'Loan Disbursement',
    });
    const [row] = await bed.t.database.db.select().from(loanApplications).where(eq(loanApplications.id, id));
    expect(row?.disbursementRecordId).toBe(records[0]?.id);
    await expectLedgerClean();

    // The alert went to the outbox with the money; the audit row records who and what.
    const outboxAfter = await bed.t.database.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.toEmail, kim.email));
    // The credit alert, and the approval's own email (issue 28, decision 0198).
    expect((outboxAfter[0]?.n ?? 0) - (outboxBefore[0]?.n ?? 0)).toBe(2);
    const audit = await bed.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.loan_approve'), eq(auditLog.subjectId, id)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: bed.adminId,
        actorRole: 'admin',
        reason: 'Income verified',
        details: expect.objectContaining({
          userId: kim.userId,
          loanAmount: '12345.67',
          transactionId: body.transaction.transactionId,
          before: { status: 'Pending' },
          after: { status: 'Approved' },
        }),
      }),
    ]);

    // The customer sees the approval, the payout reference and the record.
    const mine = await request(bed.t.app, kim.cookie, 'GET', `/api/me/loans/${id}`);
    expect(mine.json<CustomerLoan>()).toMatchObject({
      status: 'Approved',
      disbursementTransactionId: body.transaction.transactionId,
    });
    const statement = await request(bed.t.app, kim.cookie, 'GET', '/api/me/transactions?limit=10');
    expect(statement.json<{ items: Array<{ transactionId: string }> }>().items[0]?.transactionId).toBe(
      body.transaction.transactionId,
    );
  });

  it('approves once: a second approval is "Loan is no longer pending." and moves no money', async () => {
    const lee = await customer(bed);
    const id = await appliedLoanId(bed, lee);
    // The note is optional: no body at all, as a bare button press sends it.
    const first = await bed.t.app.inject({
      method: 'POST',
      url: `/api/admin/loans/${id}/approve`,
      headers: { cookie: bed.adminCookie, 'x-larkspur-request': '1' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await approve(bed, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'LOAN_NOT_PENDING', message: 'Loan is no longer pending.' });
    expect(await balanceOf(bed.t, lee)).toBe('25000.00');
    expect(await loanRecordsOf(lee.userId)).toHaveLength(1);
  });

  it('never changes an Approved loan with a status change either', async () => {
    const mo = await customer(bed);
    const id = await appliedLoanId(bed, mo);
    expect((await approve(bed, id)).statusCode).toBe(200);
    for (const status of ['Pending', 'Under Review', 'Rejected', 'Cancelled']) {
      const res = await setStatus(bed, id, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'LOAN_APPROVED_FINAL',
        message: message('LOAN_APPROVED_FINAL'),
      });
    }
    const cancel = await request(bed.t.app, mo.cookie, 'POST', `/api/loans/${id}/cancel`, {});
    expect(cancel.json().error.message).toBe('Loan is no longer pending.');
    expect(await statusOf(id)).toBe('Approved');
  });

  it.each(['Under Review', 'Rejected', 'Cancelled'])(
    'refuses a %s loan: "Loan is no longer pending."',
    async (status) => {
      const ned = await customer(bed);
      const id = await appliedLoanId(bed, ned);
      expect((await setStatus(bed, id, status)).statusCode).toBe(200);
      const res = await approve(bed, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'LOAN_NOT_PENDING', message: message('LOAN_NOT_PENDING') });
      expect(await balanceOf(bed.t, ned)).toBe('0.00');
    },
  );

  it('refuses a visitor inquiry: "Cannot approve loan for an anonymous applicant." — before any other rule', async () => {
    const pending = await inquiryId(bed);
    const res = await approve(bed, pending);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'ANONYMOUS_LOAN',
      message: 'Cannot approve loan for an anonymous applicant.',
    });
    expect(await statusOf(pending)).toBe('Pending');
    // Not pending any more either: the anonymous rule still comes first (product §5 order).
    const cancelled = await inquiryId(bed);
    await setStatus(bed, cancelled, 'Cancelled');
    expect((await approve(bed, cancelled)).json().error.code).toBe('ANONYMOUS_LOAN');
  });

  it('refuses when the applicant has gone: "User associated with this loan no longer exists." — before "not pending"', async () => {
    const oz = await customer(bed);
    const pending = await appliedLoanId(bed, oz);
    const rejected = await appliedLoanId(bed, oz);
    await setStatus(bed, rejected, 'Rejected');
    // Profiles are never deleted; a customer leaves the bank by having the account closed.
    await bed.t.database.db.update(profiles).set({ status: 'closed' }).where(eq(profiles.userId, oz.userId));
    for (const id of [pending, rejected]) {
      const res = await approve(bed, id);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'LOAN_USER_GONE',
        message: 'User associated with this loan no longer exists.',
      });
    }
    expect(await statusOf(pending)).toBe('Pending');
    expect(await loanRecordsOf(oz.userId)).toEqual([]);
  });

  it('answers an unknown loan with 404 and a malformed id with 400', async () => {
    const res = await approve(bed, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('LOAN_NOT_FOUND');
    expect((await approve(bed, 'x')).statusCode).toBe(400);
    const loanId = await appliedLoanId(bed, await customer(bed));
    expect((await approve(bed, loanId, { body: { reason: 'ok', amount: '1.00' } })).statusCode).toBe(400);
  });
});

describe('Idempotency-Key on approve', () => {
  it('answers a retry with the first answer and pays out once; another body with the key is 409', async () => {
    const pat = await customer(bed);
    const id = await appliedLoanId(bed, pat);
    const headers = { 'idempotency-key': `approve-${id}` };
    const first = await approve(bed, id, { headers, body: { reason: 'All checks passed' } });
    const retry = await approve(bed, id, { headers, body: { reason: 'All checks passed' } });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await loanRecordsOf(pat.userId)).toHaveLength(1);
    expect(await balanceOf(bed.t, pat)).toBe('25000.00');

    const other = await approve(bed, id, { headers, body: { reason: 'Something else' } });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await approve(bed, id, { headers: { 'idempotency-key': 'spaces are not allowed' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});

describe('concurrent approvals', () => {
  it('ten approvals of one loan at once, over two server instances, pay out exactly once', async () => {
    const quinn = await customer(bed);
    const id = await appliedLoanId(
      bed,
      quinn,
      validApplication({ loanType: 'Mortgage', loanAmount: '320000', termMonths: 360 }),
    );
    const poolBefore = await loanDisbursementBalance();

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => approve(bed, id, { app: i % 2 === 0 ? bed.t.app : bed.peer })),
    );

    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error.message).toBe('Loan is no longer pending.');
    }
    expect(await loanRecordsOf(quinn.userId)).toHaveLength(1);
    expect(await balanceOf(bed.t, quinn)).toBe('320000.00');
    expect(poolBefore - (await loanDisbursementBalance())).toBe(32_000_000n);
    const approvals = await bed.t.database.db
      .select()
      .from(loanStatusHistory)
      .where(and(eq(loanStatusHistory.loanId, id), eq(loanStatusHistory.toStatus, 'Approved')))
      .orderBy(asc(loanStatusHistory.id));
    expect(approvals).toHaveLength(1);
    await expectLedgerClean();
  });

  it('an approval racing a status change: whichever locks first wins, and the loan never ends Approved without its payout', async () => {
    const rae = await customer(bed);
    const id = await appliedLoanId(bed, rae);
    const [approval, rejection] = await Promise.all([
      approve(bed, id, { app: bed.peer }),
      setStatus(bed, id, 'Rejected', 'Racing the approval'),
    ]);
    const records = await loanRecordsOf(rae.userId);
    if (approval.statusCode === 200) {
      expect(rejection.statusCode).toBe(409);
      expect(rejection.json().error.code).toBe('LOAN_APPROVED_FINAL');
      expect(await statusOf(id)).toBe('Approved');
      expect(records).toHaveLength(1);
    } else {
      expect(approval.json().error.code).toBe('LOAN_NOT_PENDING');
      expect(rejection.statusCode).toBe(200);
      expect(await statusOf(id)).toBe('Rejected');
      expect(records).toEqual([]);
    }
    await expectLedgerClean();
  });
});

/** Three months of demo history take a while on the embedded database. */
const DEMO_SEED_TIMEOUT_MS = 120_000;

describe('demo loans', () => {
  it(
    'seeds an approved, paid-out auto loan, a pending personal loan and an inquiry, through the ledger',
    async () => {
      const [jane, marcus] = [await customer(bed), await customer(bed)];
      const asDemo = (c: typeof jane) => ({ ...c, firstName: 'Jane', surname: 'Doe' });
      const now = bed.t.clock.now();
      await seedDemoHistory({
        db: bed.t.database.db,
        config: bed.t.config,
        brand: {
          bankName: 'Larkspur Bank',
          fromName: 'Larkspur Bank',
          publicOrigin: bed.t.config.publicOrigin,
        },
        adminId: bed.adminId,
        customers: [asDemo(jane), asDemo(marcus)],
        now,
        extra: seedDemoLoans({ db: bed.t.database.db, adminId: bed.adminId }),
      });

      // The demo's check deposits are three months old: their holds have all been released.
      for (const who of [jane, marcus]) {
        const me = (await request(bed.t.app, who.cookie, 'GET', '/api/me')).json<{
          balance: string;
          availableBalance: string;
        }>();
        expect(me.availableBalance).toBe(me.balance);
      }
      const active = await bed.t.database.db
        .select({ id: depositHolds.id })
        .from(depositHolds)
        .where(eq(depositHolds.status, 'active'));
      expect(active).toEqual([]);

      const janes = (await request(bed.t.app, jane.cookie, 'GET', '/api/me/loans')).json<{
        items: CustomerLoan[];
      }>();
      expect(janes.items).toHaveLength(1);
      expect(janes.items[0]).toMatchObject({
        loanType: 'Auto Loan',
        loanAmount: '18500.00',
        status: 'Approved',
      });
      expect(janes.items[0]?.statusHistory.map((h) => h.toStatus)).toEqual([
        'Pending',
        'Under Review',
        'Pending',
        'Approved',
      ]);
      const [payout] = await loanRecordsOf(jane.userId);
      expect(payout).toMatchObject({ amountCents: 1_850_000n, purpose: 'Auto Loan Approval' });
      expect(now.getTime() - (payout?.createdAt.getTime() ?? 0)).toBeGreaterThan(30 * 86_400_000);

      const marcuses = (await request(bed.t.app, marcus.cookie, 'GET', '/api/me/loans')).json<{
        items: CustomerLoan[];
      }>();
      expect(marcuses.items.map((l) => [l.loanType, l.status])).toEqual([['Personal Loan', 'Pending']]);
      const inquiries = await bed.t.database.db
        .select()
        .from(loanApplications)
        .where(eq(loanApplications.contactEmail, 'priya.raman@example.com'));
      expect(inquiries).toHaveLength(1);
      await expectLedgerClean();
    },
    DEMO_SEED_TIMEOUT_MS,
  );
});
