import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  estimateLoan,
  formatAprThousandths,
  LOAN_ILLUSTRATIVE_APR_THOUSANDTHS,
  LOAN_PRINCIPAL_MAX_CENTS,
  LOAN_PRINCIPAL_MIN_CENTS,
  LOAN_TERM_MONTHS_MAX,
  LOAN_TERM_MONTHS_MIN,
  loanApplicationRequestSchema,
  loanTypes,
  normalizeTypedAmount,
  parseTypedAmountToCents,
  type EmploymentStatus,
  type LoanApplicationRequest,
  type LoanApplicationRequestInput,
  type LoanType,
} from '@larkspur/contract';

/** The application form as typed: every field a string, '' for "not chosen yet". */
export interface LoanFormValues {
  loanType: LoanType | '';
  loanAmount: string;
  termMonths: string;
  purpose: string;
  annualIncome: string;
  employmentStatus: EmploymentStatus | '';
}

export const emptyLoanForm: LoanFormValues = {
  loanType: '',
  loanAmount: '',
  termMonths: '',
  purpose: '',
  annualIncome: '',
  employmentStatus: '',
};

const TERM_PATTERN = /^\d{1,3}$/;

/** A term the schema can judge: whole months as typed, NaN (refused) for anything else. */
function termOf(text: string): number {
  const trimmed = text.trim();
  return TERM_PATTERN.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function toLoanRequest(values: LoanFormValues): LoanApplicationRequestInput {
  return {
    loanType: values.loanType as LoanType,
    loanAmount: normalizeTypedAmount(values.loanAmount),
    termMonths: termOf(values.termMonths),
    purpose: values.purpose,
    annualIncome: normalizeTypedAmount(values.annualIncome),
    employmentStatus: values.employmentStatus as EmploymentStatus,
  };
}

/** The contract's schema (the same ranges per product the server enforces), errors by field. */
export const loanResolver: Resolver<LoanFormValues, unknown, LoanApplicationRequest> = (values) => {
  const parsed = loanApplicationRequestSchema.safeParse(toLoanRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<LoanFormValues> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in values && !errors[key as keyof LoanFormValues]) {
      errors[key as keyof LoanFormValues] = { type: 'validate', message: issue.message };
    }
  }
  return { values: {}, errors };
};

export interface IllustrativeEstimate {
  apr: string;
  monthlyPaymentCents: bigint;
  finalPaymentCents: bigint;
  totalPaidCents: bigint;
  termMonths: number;
}

/**
 * The live estimate beside the form, in exact integer arithmetic (contract/loan-math.ts) at the
 * product's illustrative APR — the same numbers the server stores as the application's estimate.
 * Null until the type, amount and term are all usable.
 */
export function illustrativeEstimate(values: Pick<LoanFormValues, 'loanType' | 'loanAmount' | 'termMonths'>) {
  const loanType = loanTypes.find((type) => type === values.loanType);
  const principalCents = parseTypedAmountToCents(values.loanAmount);
  const termMonths = termOf(values.termMonths);
  if (!loanType || principalCents === null) return null;
  if (principalCents < LOAN_PRINCIPAL_MIN_CENTS || principalCents > LOAN_PRINCIPAL_MAX_CENTS) return null;
  if (!(termMonths >= LOAN_TERM_MONTHS_MIN && termMonths <= LOAN_TERM_MONTHS_MAX)) return null;
  const aprThousandths = LOAN_ILLUSTRATIVE_APR_THOUSANDTHS[loanType];
  const estimate = estimateLoan({ principalCents, aprThousandths, termMonths });
  return {
    apr: formatAprThousandths(aprThousandths),
    monthlyPaymentCents: estimate.monthlyPaymentCents,
    finalPaymentCents: estimate.finalPaymentCents,
    totalPaidCents: estimate.totalPaidCents,
    termMonths,
  } satisfies IllustrativeEstimate;
}
