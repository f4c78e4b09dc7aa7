// The loan pages' worked examples, checked against contract/src/loan-math.ts by loan-example.test.ts.

/** The mortgage page's example table: a $320,000 loan (a $400,000 home with 20% down). */
export const mortgageExamples = {
  principalCents: 32_000_000n,
  rows: [
    { loan: '30-year fixed', rate: '6.625%', apr: '6.750%', termMonths: 360, payment: '$2,049.00', note: '' },
    { loan: '15-year fixed', rate: '5.875%', apr: '6.050%', termMonths: 180, payment: '$2,678.78', note: '' },
    {
      loan: '7/6 adjustable',
      rate: '6.125%',
      apr: '6.900%',
      termMonths: 360,
      payment: '$1,944.35',
      note: ' for the first 7 years',
    },
  ],
} as const;

/** The personal loan page's examples: the payment on $10,000 at the lowest APR of each term. */
export const personalLoanExamples = {
  principalCents: 1_000_000n,
  rows: [
    { termMonths: 24, aprRange: '9.99% – 21.99%', apr: '9.99', payment: '$461.40' },
    { termMonths: 36, aprRange: '10.49% – 22.99%', apr: '10.49', payment: '$324.98' },
    { termMonths: 60, aprRange: '11.49% – 24.99%', apr: '11.49', payment: '$219.88' },
  ],
} as const;
