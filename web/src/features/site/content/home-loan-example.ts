/**
 * The worked example on the home page, as text: the home page must not load the loan arithmetic
 * (and zod behind it) just to print four numbers. loan-example.test.ts recomputes them with
 * contract/src/loan-math.ts, so they can never drift from what the calculator says.
 */
export const homeLoanExample = {
  principalCents: 2_500_000n,
  aprThousandths: 6490,
  termMonths: 60,
  text: {
    principal: '$25,000',
    apr: '6.49%',
    monthlyPayment: '$489.04',
    totalInterest: '$4,342.18',
    totalPaid: '$29,342.18',
  },
} as const;
