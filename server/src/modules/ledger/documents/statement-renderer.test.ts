import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { signUpCustomer } from '../../../test/identity';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bankDetails } from './bank-details';
import type { MonthlyStatement } from './monthly-statement';
import { statementPageCount } from './statement-pdf';
import {
  STATEMENT_BUSY_RETRY_AFTER_S,
  STATEMENT_RENDER_QUEUE_MAX,
  STATEMENT_RENDERS_IN_FLIGHT_MAX,
  createStatementRenderer,
  type StatementRenderer,
} from './statement-renderer';

/**
 * Issue 27: a monthly statement of thousands of records is laid out in a worker thread, behind a
 * bounded queue, so that the event loop keeps answering everyone else. Counted, not timed: pages
 * pdfkit adds on the main thread, requests answered while a statement is in flight, refusals.
 */
let t: TestApp;
let renderer: StatementRenderer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-statement-'));
const bank = bankDetails({ bankName: 'Larkspur Bank', publicOrigin: 'http://localhost:3000' });

beforeAll(async () => {
  t = await buildTestApp();
  renderer = createStatementRenderer();
});
afterAll(async () => {
  await renderer.close();
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A statement of `count` records of $1.00 each, made up (no database needed to lay it out). */
function bigStatement(count: number): MonthlyStatement {
  const start = new Date('2026-03-01T00:00:00.000Z');
  const lines = Array.from({ length: count }, (_, i) => ({
    id: `line-${i}`,
    transactionId: `TXN${String(i).padStart(8, '0')}`,
    createdAt: new Date(start.getTime() + i * 60_000),
    type: 'Deposit',
    direction: 'credit' as const,
    amountCents: 100n,
    statedCents: 100n,
    counterparty: 'Larkspur Bank',
    purpose: `Payment ${i}`,
    balanceAfterCents: BigInt(i + 1) * 100n,
  }));
  return {
    period: { month: '2026-03', start, end: new Date('2026-04-01T00:00:00.000Z') },
    holder: { fullName: 'Carol Many', accountNumber: '1234567890' },
    openedAt: new Date('2026-01-01T00:00:00.000Z'),
    openingCents: 0n,
    closingCents: BigInt(count) * 100n,
    moneyInCents: BigInt(count) * 100n,
    moneyOutCents: 0n,
    creditCount: count,
    debitCount: 0,
    recordCount: count,
    lines,
  } as MonthlyStatement;
}

/** Counts the pages pdfkit adds on this (the main) thread from now on. */
function countMainThreadPages() {
  const counts = { pages: 0 };
  const proto = PDFDocument.prototype as unknown as { addPage: (...args: unknown[]) => unknown };
  const original = proto.addPage;
  vi.spyOn(proto, 'addPage').mockImplementation(function (this: unknown, ...args: unknown[]) {
    counts.pages += 1;
    return original.apply(this, args);
  });
  return counts;
}

describe('statements are laid out off the event loop', () => {
  it('GET /api/me/statements/:month.pdf: the same statement, with no page written on the main thread', async () => {
    const alice = await signUpCustomer(t, { firstName: 'Alice', surname: 'Worker' });
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    const main = countMainThreadPages();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/me/statements/${month}.pdf`,
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="larkspur-statement-${month}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Alice Worker');
    expect(text).toContain('Opening balance');
    expect(text).toContain('Page 1 of 1');
    expect(main.pages).toBe(0);
  }, 60_000);

  it('answers /api/health while a 3,000-record statement is being laid out', async () => {
    const count = 3_000;
    const main = countMainThreadPages();
    let statementDone = false;
    const rendering = renderer.render(bigStatement(count), bank, new Date('2026-04-02T00:00:00.000Z'));
    void rendering.then(() => {
      statementDone = true;
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(statementDone).toBe(false);
    const pdf = await rendering;
    expect(main.pages).toBe(0);
    const text = pdfText(pdf);
    const pages = statementPageCount(count + 2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('TXN00002999');
    expect(text).toContain('$3,000.00');
  }, 120_000);

  it('refuses the statements past the queue at once, with Retry-After, and renders the rest', async () => {
    const queued = STATEMENT_RENDERS_IN_FLIGHT_MAX + STATEMENT_RENDER_QUEUE_MAX;
    const excess = 2;
    const results = await Promise.allSettled(
      Array.from({ length: queued + excess }, () =>
        renderer.render(bigStatement(200), bank, new Date('2026-04-02T00:00:00.000Z')),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(excess);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        code: 'STATEMENT_BUSY',
        statusCode: 503,
        retryAfterSeconds: STATEMENT_BUSY_RETRY_AFTER_S,
        message: errorCatalogue.STATEMENT_BUSY.message,
      });
    const rendered = results.filter((r) => r.status === 'fulfilled');
    expect(rendered).toHaveLength(queued);
    for (const r of rendered) expect(r.value.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);
});
