import { describe, expect, it } from 'vitest';
import {
  STATEMENT_MONTHS_LISTED_MAX,
  receiptPdfUrl,
  statementMonthLabel,
  statementMonthOptions,
  statementPdfUrl,
} from './download-documents';

describe('statement months', () => {
  it('runs from this month back to the month the account opened, newest first (UTC)', () => {
    expect(statementMonthOptions('2025-11-30T23:59:59.000Z', new Date('2026-02-01T00:00:00.000Z'))).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
  });

  it('is only this month for an account opened this month, and nothing for a date it cannot read', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    expect(statementMonthOptions('2026-11-01T00:00:00.000Z', now)).toEqual(['2026-11']);
    expect(statementMonthOptions('not a date', now)).toEqual([]);
    // An opening date after now (a clock skew) offers no month the server would refuse.
    expect(statementMonthOptions('2026-12-02T00:00:00.000Z', now)).toEqual([]);
  });

  it('lists at most ten years', () => {
    const months = statementMonthOptions('1990-01-01T00:00:00.000Z', new Date('2026-11-24T00:00:00.000Z'));
    expect(months).toHaveLength(STATEMENT_MONTHS_LISTED_MAX);
    expect(months[0]).toBe('2026-11');
    expect(months.at(-1)).toBe('2016-12');
  });

  it('names a month in words, the running one "to date"', () => {
    expect(statementMonthLabel('2026-11', true)).toBe('November 2026 (to date)');
    expect(statementMonthLabel('2026-01', false)).toBe('January 2026');
  });

  it('builds the download paths of DESIGN §5', () => {
    expect(statementPdfUrl('2026-11')).toBe('/api/me/statements/2026-11.pdf');
    expect(receiptPdfUrl('5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69')).toBe(
      '/api/me/transactions/5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69/receipt.pdf',
    );
  });
});
