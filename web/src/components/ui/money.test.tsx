import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, Money } from './money';

afterEach(cleanup);

describe('formatMoney (the API’s two-decimal strings as currency)', () => {
  it.each([
    ['0.00', 'USD', '$0.00'],
    ['0.10', 'USD', '$0.10'],
    ['1234.50', 'USD', '$1,234.50'],
    ['-5.00', 'USD', '-$5.00'],
    ['50000.00', 'USD', '$50,000.00'],
    ['1234.50', 'EUR', '€1,234.50'],
  ])('%s %s → %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it('keeps every digit of an amount beyond what a float can hold', () => {
    // As a float this would print 12,345,678,901,234,568.00.
    expect(formatMoney('12345678901234567.89', 'USD')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('0.30', 'USD')).toBe('$0.30');
  });

  it.each(['', '1e3', '12.3', '12.345', 'NaN', '1,000.00', ' 1.00'])(
    'shows a dash, never a wrong number, for the malformed %j',
    (amount) => {
      expect(formatMoney(amount, 'USD')).toBe('—');
    },
  );

  it('still shows the amount when the currency code is not one Intl knows', () => {
    expect(formatMoney('10.00', 'US')).toBe('10.00 US');
  });
});

describe('formatMoney in US dollars, written by hand', () => {
  it('prints exactly what Intl.NumberFormat en-US prints', () => {
    const usd = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amount = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,22}$/), fc.stringMatching(/^\d{2}$/))
      .map(([negative, whole, cents]) => `${negative ? '-' : ''}${whole}.${cents}`);
    fc.assert(
      fc.property(amount, (text) => {
        expect(formatMoney(text, 'USD')).toBe(usd.format(text as Intl.StringNumericLiteral));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('<Money>', () => {
  it('renders the formatted amount', () => {
    render(<Money amount="2500.05" currency="USD" className="text-xl" />);
    const amount = screen.getByText('$2,500.05');
    expect(amount).toHaveClass('tabular-nums', 'text-xl');
  });
});
