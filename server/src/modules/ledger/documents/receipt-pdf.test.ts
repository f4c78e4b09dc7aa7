import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '@larkspur/contract';
import { bankDetails } from './bank-details';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * Issue 28: a receipt states each fact once, and writes its dates as the screens do ("Nov 24,
 * 2026, 2:05 PM", read in UTC and saying so). Laid out from made-up records (no database needed)
 * and read back with pdftotext (poppler-utils), as the customer reads the file.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-receipt-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const bank = bankDetails({ bankName: 'Larkspur Bank', publicOrigin: 'http://localhost:3000' });

async function receiptText(
  record: TransactionRecord,
  issuedAt = new Date('2026-11-24T14:05:00Z'),
): Promise<string> {
  const doc = renderReceiptPdf(record, 123_456n, bank, issuedAt);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.end();
  await done;
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, Buffer.concat(chunks));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const base: TransactionRecord = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  transactionId: 'TRF202611240001',
  userId: '0b7c2f1e-7d1a-4a55-9c0e-2f8e1c3d4b5a',
  type: 'International Transfer',
  direction: 'debit',
  amount: '270.80',
  currency: 'USD',
  recipientName: 'Hans Müller',
  recipientAccount: 'DE89370400440532013000',
  bankName: 'Commerzbank',
  routingNumber: null,
  senderName: 'Alice Liddell',
  senderAccount: '40911111111',
  purpose: 'Rent',
  status: 'Completed',
  internationalDetails: {
    recipientFullName: 'Hans Müller',
    recipientBank: 'Commerzbank',
    swiftBic: 'COBADEFFXXX',
    country: 'DE',
    currency: 'EUR',
    currencySymbol: '€',
    foreignAmount: '250.00',
    usdPerUnit: '1.08320000',
    rateId: 'rate-1',
  },
  createdAt: '2026-11-24T09:30:00.000Z',
  created_at: '2026-11-24T09:30:00.000Z',
  hold: null,
  payeeCheck: null,
};

/** How many times `needle` is in `text`. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe('a receipt PDF (issue 28)', () => {
  it('states each detail once: the IBAN, the recipient and their bank are not repeated', async () => {
    const text = await receiptText(base);
    expect(text).toContain('Transaction receipt');
    expect(occurrences(text, 'DE89370400440532013000')).toBe(1);
    expect(occurrences(text, 'Hans Müller')).toBe(1);
    expect(occurrences(text, 'Commerzbank')).toBe(1);
    // The signed amount says which way the money went; no "Direction" row says it again.
    expect(text).toMatch(/−\$270\.80 USD/);
    expect(text).not.toContain('Direction');
    expect(text).not.toContain('money out');
    // The account holder is the From of money out: no line of its own says it again.
    expect(occurrences(text, 'Alice Liddell')).toBe(1);
    expect(occurrences(text, '40911111111')).toBe(1);
    // Each label once.
    const labels = [...text.matchAll(/^\s*([A-Z][A-Za-z’/ ]+?)\s{2,}\S/gm)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(10);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('keeps a detail that says something else: a full name or bank other than the one paid', async () => {
    const text = await receiptText({
      ...base,
      recipientName: 'Hans',
      bankName: 'Commerzbank',
      internationalDetails: {
        ...base.internationalDetails!,
        recipientFullName: 'Hans Peter Müller',
        recipientBank: 'Commerzbank AG',
        ibanOrAccount: 'DE44500105175407324931',
      },
    });
    expect(text).toContain('Hans Peter Müller');
    expect(text).toContain('Commerzbank AG');
    // A record before migration 0011 kept the IBAN apart from the account: both are shown.
    expect(text).toContain('DE44500105175407324931');
  });

  it('writes its dates as the screens do, in UTC and saying so', async () => {
    const text = await receiptText({
      ...base,
      type: 'Check Deposit',
      direction: 'credit',
      internationalDetails: null,
      hold: { status: 'active', heldAmount: '200.00', availableAt: '2026-12-03T14:00:00.000Z' },
    });
    expect(text).toContain('Nov 24, 2026, 9:30 AM UTC');
    expect(text).toContain('Issued Nov 24, 2026, 2:05 PM UTC');
    expect(text).toContain('$200.00 on hold until Dec 3, 2026, 2:00 PM UTC');
    // Not the old "24 Nov 2026, 09:30 UTC".
    expect(text).not.toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  });
});
