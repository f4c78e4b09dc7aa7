import { AMOUNT_MAX_CENTS, parseTypedAmountToCents } from './amounts';

/**
 * Loan arithmetic in exact integers: principal and payments in cents (`bigint`), the APR in
 * thousandths of a percent (6.99 % → 6990), so every monthly rate is an exact fraction. No float
 * ever touches money. The web calculator and the server's loan estimates share this code.
 *
 * Rounding rule (what the schedule promises):
 * - the regular monthly payment is the exact annuity payment rounded to the nearest cent, halves up;
 * - each month's interest is the balance times the monthly rate, rounded to the nearest cent,
 *   halves up; the rest of the payment repays principal;
 * - the final payment is whatever is left (remaining balance plus its interest), so the principal
 *   column sums exactly to the amount borrowed and the totals add up to the cent.
 * If rounding the payment up would repay the loan before the last month (possible only for very
 * small loans over very long terms), the schedule ends in the month the balance reaches zero.
 */

/** Smallest amount the calculator and loan forms accept: $1,000.00. */
export const LOAN_PRINCIPAL_MIN_CENTS = 100_000n;
/** Largest: the product-wide single-amount ceiling, $10,000,000.00. */
export const LOAN_PRINCIPAL_MAX_CENTS = AMOUNT_MAX_CENTS;
/** An APR is typed with at most this many decimals ("12.125"). */
export const APR_DECIMALS_MAX = 3;
/** 50 % — far above any lawful consumer rate, low enough to catch a typo like "699". */
export const APR_THOUSANDTHS_MAX = 50_000;
/** Longest APR string read before rejecting it outright. */
export const APR_INPUT_LENGTH_MAX = 8;
export const LOAN_TERM_MONTHS_MIN = 1;
/** 40 years: the longest term any product here could offer. */
export const LOAN_TERM_MONTHS_MAX = 480;
/** Longest term string read ("480"). */
export const TERM_INPUT_LENGTH_MAX = 3;

/** 100 % expressed in thousandths of a percent. */
const THOUSANDTHS_PER_WHOLE = 100_000n;
const MONTHS_PER_YEAR = 12n;
/** The monthly rate is aprThousandths / MONTHLY_RATE_DENOMINATOR. */
const MONTHLY_RATE_DENOMINATOR = THOUSANDTHS_PER_WHOLE * MONTHS_PER_YEAR;

const APR_PATTERN = new RegExp(`^(\\d{1,2})(?:\\.(\\d{1,${APR_DECIMALS_MAX}}))?$`);
const TERM_PATTERN = /^\d{1,3}$/;

export interface LoanTerms {
  principalCents: bigint;
  /** Annual percentage rate in thousandths of a percent: 6.99 % → 6990. */
  aprThousandths: number;
  termMonths: number;
}

export interface AmortizationRow {
  /** 1-based month number. */
  month: number;
  paymentCents: bigint;
  principalCents: bigint;
  interestCents: bigint;
  /** Balance after this payment. */
  balanceCents: bigint;
}

export interface LoanEstimate extends LoanTerms {
  /** The regular payment of every month but the last. */
  monthlyPaymentCents: bigint;
  /** The last payment, which absorbs the rounding of all the others. */
  finalPaymentCents: bigint;
  totalInterestCents: bigint;
  totalPaidCents: bigint;
  schedule: AmortizationRow[];
}

/** numerator / denominator rounded to the nearest integer, halves up; both non-negative. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideRoundHalfUp takes n ≥ 0 and d > 0');
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** "6.99" → 6990, "0" → 0, "12.125" → 12125; null for anything else ("6.9999", "-1", "1e2", "", "7%"). */
export function parseAprToThousandths(input: string): number | null {
  if (input.length === 0 || input.length > APR_INPUT_LENGTH_MAX) return null;
  const match = APR_PATTERN.exec(input);
  if (match === null) return null;
  const whole = Number(match[1] ?? '0');
  const fraction = Number((match[2] ?? '').padEnd(APR_DECIMALS_MAX, '0'));
  const thousandths = whole * 1000 + fraction;
  return thousandths <= APR_THOUSANDTHS_MAX ? thousandths : null;
}

/** "6990" thousandths → "6.99": the shortest decimal that reads back to the same value. */
export function formatAprThousandths(thousandths: number): string {
  const whole = Math.trunc(thousandths / 1000);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction.length > 0 ? `${whole}.${fraction}` : String(whole);
}

function assertTerms({ principalCents, aprThousandths, termMonths }: LoanTerms): void {
  if (principalCents < LOAN_PRINCIPAL_MIN_CENTS || principalCents > LOAN_PRINCIPAL_MAX_CENTS)
    throw new RangeError(`principal out of range: ${principalCents}`);
  if (!Number.isInteger(aprThousandths) || aprThousandths < 0 || aprThousandths > APR_THOUSANDTHS_MAX)
    throw new RangeError(`APR out of range: ${aprThousandths}`);
  if (!Number.isInteger(termMonths) || termMonths < LOAN_TERM_MONTHS_MIN || termMonths > LOAN_TERM_MONTHS_MAX)
    throw new RangeError(`term out of range: ${termMonths}`);
}

/**
 * The regular monthly payment, to the cent (rule above). With monthly rate i = a / d:
 * P·i / (1 − (1+i)^−n) = P·a·(d+a)^n / (d·((d+a)^n − d^n)), evaluated exactly in integers.
 */
export function monthlyPaymentCents(terms: LoanTerms): bigint {
  assertTerms(terms);
  const { principalCents, termMonths } = terms;
  const n = BigInt(termMonths);
  if (terms.aprThousandths === 0) return divideRoundHalfUp(principalCents, n);
  const a = BigInt(terms.aprThousandths);
  const d = MONTHLY_RATE_DENOMINATOR;
  const grown = (d + a) ** n;
  const base = d ** n;
  return divideRoundHalfUp(principalCents * a * grown, d * (grown - base));
}

/** Payment, totals and the full amortization schedule. Throws RangeError for terms out of range. */
export function estimateLoan(terms: LoanTerms): LoanEstimate {
  const payment = monthlyPaymentCents(terms);
  const a = BigInt(terms.aprThousandths);
  const schedule: AmortizationRow[] = [];
  let balance = terms.principalCents;
  let totalInterest = 0n;
  let totalPaid = 0n;
  for (let month = 1; month <= terms.termMonths && balance > 0n; month += 1) {
    const interest = divideRoundHalfUp(balance * a, MONTHLY_RATE_DENOMINATOR);
    const isLast = month === terms.termMonths || payment - interest >= balance;
    const principal = isLast ? balance : payment - interest;
    const paid = principal + interest;
    balance -= principal;
    totalInterest += interest;
    totalPaid += paid;
    schedule.push({
      month,
      paymentCents: paid,
      principalCents: principal,
      interestCents: interest,
      balanceCents: balance,
    });
  }
  const last = schedule.at(-1);
  if (last === undefined || balance !== 0n) throw new Error('Assertion failed: the schedule repays the loan');
  return {
    ...terms,
    monthlyPaymentCents: payment,
    finalPaymentCents: last.paymentCents,
    totalInterestCents: totalInterest,
    totalPaidCents: totalPaid,
    schedule,
  };
}

export type LoanInputField = 'amount' | 'apr' | 'termMonths';

export type ParsedLoanInput =
  { ok: true; terms: LoanTerms } | { ok: false; errors: Partial<Record<LoanInputField, string>> };

/**
 * "$10,000,000". Grouped by hand, not with `toLocaleString`: the messages below are built when this
 * module loads, and a page's first Intl call loads ICU's locale data (15–20 ms of main thread on
 * the web's loan pages).
 */
function dollars(cents: bigint): string {
  return `$${(cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

export const loanInputMessages = {
  amountFormat: 'Enter the amount in dollars, e.g. 25000 or 25,000.00.',
  amountRange: `Enter an amount from ${dollars(LOAN_PRINCIPAL_MIN_CENTS)} to ${dollars(LOAN_PRINCIPAL_MAX_CENTS)}.`,
  apr: `Enter an APR from 0 to ${APR_THOUSANDTHS_MAX / 1000} with at most ${APR_DECIMALS_MAX} decimals, e.g. 6.99.`,
  term: `Enter a term from ${LOAN_TERM_MONTHS_MIN} to ${LOAN_TERM_MONTHS_MAX} months.`,
} as const;

/** Reads what a person typed into a calculator; every field is checked so all errors show at once. */
export function parseLoanInput(input: { amount: string; apr: string; termMonths: string }): ParsedLoanInput {
  const errors: Partial<Record<LoanInputField, string>> = {};
  const principalCents = parseTypedAmountToCents(input.amount);
  if (principalCents === null) errors.amount = loanInputMessages.amountFormat;
  else if (principalCents < LOAN_PRINCIPAL_MIN_CENTS || principalCents > LOAN_PRINCIPAL_MAX_CENTS)
    errors.amount = loanInputMessages.amountRange;

  const aprThousandths = parseAprToThousandths(input.apr.trim());
  if (aprThousandths === null) errors.apr = loanInputMessages.apr;

  const termText = input.termMonths.trim();
  const termMonths =
    termText.length <= TERM_INPUT_LENGTH_MAX && TERM_PATTERN.test(termText) ? Number(termText) : NaN;
  if (!(termMonths >= LOAN_TERM_MONTHS_MIN && termMonths <= LOAN_TERM_MONTHS_MAX))
    errors.termMonths = loanInputMessages.term;

  if (principalCents === null || aprThousandths === null || Object.keys(errors).length > 0)
    return { ok: false, errors };
  return { ok: true, terms: { principalCents, aprThousandths, termMonths } };
}
