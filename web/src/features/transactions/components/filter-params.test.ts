import { describe, expect, it } from 'vitest';
import { filterFormSchema, fromFormValues, readFilters, toFormValues, toSearchParams } from './filter-params';

describe('transaction filters in the URL', () => {
  it('reads what the API accepts and drops the rest', () => {
    const params = new URLSearchParams(
      'q=%20rent%20&type=Deposit&direction=credit&from=2026-01-01&to=2026-13-40&minAmount=10&maxAmount=1e3&id=x&cursor=y',
    );
    expect(readFilters(params)).toEqual({
      q: 'rent',
      type: 'Deposit',
      direction: 'credit',
      from: '2026-01-01',
      minAmount: '10.00',
    });
    expect(readFilters(new URLSearchParams('minAmount=1%2C000&maxAmount=%242%2C500.5'))).toEqual({
      minAmount: '1000.00',
      maxAmount: '2500.50',
    });
    expect(readFilters(new URLSearchParams('type=Bogus&direction=sideways'))).toEqual({});
  });

  it('writes them back in a fixed order without empty ones', () => {
    expect(toSearchParams({ maxAmount: '50', q: 'x', type: 'Check Deposit' }).toString()).toBe(
      'q=x&type=Check+Deposit&maxAmount=50',
    );
    expect(toSearchParams({}).toString()).toBe('');
  });

  it('round-trips through the form', () => {
    const filters = { q: 'coffee', direction: 'debit' as const, from: '2026-02-01', to: '2026-02-28' };
    expect(fromFormValues(toFormValues(filters))).toEqual(filters);
  });

  it('wants ranges low to high', () => {
    const base = toFormValues({});
    const dates = filterFormSchema.safeParse({ ...base, from: '2026-03-02', to: '2026-03-01' });
    expect(dates.success).toBe(false);
    const amounts = filterFormSchema.safeParse({ ...base, minAmount: '20', maxAmount: '5.5' });
    expect(amounts.error?.issues[0]?.path).toEqual(['maxAmount']);
    expect(filterFormSchema.safeParse({ ...base, minAmount: '5', maxAmount: '5.00' }).success).toBe(true);
    expect(filterFormSchema.safeParse({ ...base, minAmount: '-1' }).success).toBe(false);
  });
});
