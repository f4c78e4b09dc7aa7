import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  AMOUNT_MAX_CENTS,
  checkDepositRequestSchema,
  errorMessage,
  parseAmountToCents,
} from '@larkspur/contract';

export interface DepositFormValues {
  amount: string;
  checkNumber: string;
}

export const emptyDeposit: DepositFormValues = { amount: '', checkNumber: '' };

/**
 * The contract's schema for the two typed fields, and the spec's message for an amount that does
 * not parse to more than zero ("Invalid deposit amount."). The photos are checked as they are chosen.
 */
export function validateDepositFields(
  values: DepositFormValues,
): Partial<Record<keyof DepositFormValues, string>> {
  const errors: Partial<Record<keyof DepositFormValues, string>> = {};
  const parsed = checkDepositRequestSchema.safeParse({
    amount: values.amount.trim(),
    checkNumber: values.checkNumber,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === 'amount' || key === 'checkNumber') && !errors[key]) errors[key] = issue.message;
    }
  }
  const cents = parseAmountToCents(values.amount.trim());
  if (cents === null || cents <= 0n || cents > AMOUNT_MAX_CENTS)
    errors.amount = errorMessage('INVALID_DEPOSIT_AMOUNT');
  return errors;
}

export const depositResolver: Resolver<DepositFormValues, unknown, DepositFormValues> = (values) => {
  const errors = validateDepositFields(values);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  const fieldErrors: FieldErrors<DepositFormValues> = {};
  for (const [key, message] of Object.entries(errors) as [keyof DepositFormValues, string][]) {
    fieldErrors[key] = { type: 'validate', message };
  }
  return { values: {}, errors: fieldErrors };
};
