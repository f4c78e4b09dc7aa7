import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionRecord } from '@larkspur/contract';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse as json } from '@/test/fixtures';
import { TransactionDetailDialog } from './transaction-detail-dialog';

const record: TransactionRecord = {
  id: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
  transactionId: 'LOAN1767225600000AB12CD34EF56',
  userId: '0b9f3f0e-5a51-4c8e-9a7e-2f9b0f1c2d3e',
  type: 'Loan Disbursement',
  direction: 'credit',
  amount: '10000.00',
  currency: 'USD',
  recipientName: 'Robin Tester',
  recipientAccount: '40911111111',
  bankName: 'Larkspur Bank',
  routingNumber: null,
  senderName: 'Larkspur Bank',
  senderAccount: '',
  purpose: 'Personal Loan',
  status: 'Successful',
  internationalDetails: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  hold: null,
  payeeCheck: null,
} as TransactionRecord;

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, record)),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the receipt of one record', () => {
  it('shows the whole transaction ID, wrapping rather than cut, with a copy button', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TransactionDetailDialog id={record.id} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const id = await screen.findByText(record.transactionId);
    // Long ids break anywhere instead of widening the column past the dialog's edge.
    expect(id.className).toContain('[overflow-wrap:anywhere]');
    expect(screen.getByRole('button', { name: 'Copy transaction ID' })).toBeInTheDocument();
  });

  it('offers the receipt as a PDF download for this record', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TransactionDetailDialog id={record.id} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Download receipt (PDF)' });
    expect(link).toHaveAttribute('href', `/api/me/transactions/${record.id}/receipt.pdf`);
    expect(link).toHaveAttribute('download');
  });

  it('says when a wire to another bank was sent (decision 0206)', async () => {
    const wire = {
      ...record,
      type: 'Wire Transfer',
      direction: 'debit',
      bankName: 'JPMorgan Chase',
      routingNumber: '021000021',
      createdAt: '2026-12-04T23:00:00.000Z',
      created_at: '2026-12-04T23:00:00.000Z',
    } as TransactionRecord;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, wire)),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TransactionDetailDialog id={wire.id} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const label = await screen.findByText('Wire sent', { exact: true });
    // Made on a Friday after the 5:00 pm ET cut-off: the Monday after.
    expect(label.nextElementSibling?.textContent).toContain('Mon, Dec 7, 2026');
  });
});
