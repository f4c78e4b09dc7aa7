import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  AMOUNT_MAX_CENTS,
  CHECK_DEPOSIT_MAX_CENTS,
  checkDepositRequestSchema,
  errorMessage,
  normalizeTypedAmount,
  parseTypedAmountToCents,
  type ErrorCode,
} from '@larkspur/contract';
import type { CheckPhoto } from './check-image';

/** What is typed: the amount, and the check's MICR line (decision 0192). */
export interface DepositFormValues {
  amount: string;
  routingNumber: string;
  payerAccountNumber: string;
  checkNumber: string;
}

export const emptyDeposit: DepositFormValues = {
  amount: '',
  routingNumber: '',
  payerAccountNumber: '',
  checkNumber: '',
};

export const PHOTO_REQUIRED = {
  front: 'Add a photo of the front of the check.',
  back: 'Add a photo of the back of the check.',
} as const;

/**
 * The contract's schema for the typed fields, and the spec's message for an amount that does
 * not parse to more than zero ("Invalid deposit amount."). A check over the per-check limit is
 * refused here with the server's own words, before anything is uploaded.
 */
export function validateDepositFields(
  values: DepositFormValues,
): Partial<Record<keyof DepositFormValues, string>> {
  const errors: Partial<Record<keyof DepositFormValues, string>> = {};
  const shape = checkDepositRequestSchema.shape;
  for (const field of ['routingNumber', 'payerAccountNumber', 'checkNumber'] as const) {
    const parsed = shape[field].safeParse(values[field]);
    if (!parsed.success) errors[field] = parsed.error.issues[0]?.message;
  }
  const amount = shape.amount.safeParse(normalizeTypedAmount(values.amount));
  if (!amount.success) errors.amount = amount.error.issues[0]?.message;
  const cents = parseTypedAmountToCents(values.amount);
  if (cents === null || cents <= 0n || cents > AMOUNT_MAX_CENTS)
    errors.amount = errorMessage('INVALID_DEPOSIT_AMOUNT');
  else if (cents > CHECK_DEPOSIT_MAX_CENTS) errors.amount = errorMessage('CHECK_AMOUNT_OVER_LIMIT');
  return errors;
}

/** Both photos are required: the contract's `frontImage` and `backImage`, each said beside its photo. */
export function validateDepositPhotos(photos: { front: CheckPhoto | null; back: CheckPhoto | null }): {
  front?: string;
  back?: string;
} {
  const shape = checkDepositRequestSchema.shape;
  const image = (photo: CheckPhoto | null) =>
    photo ? { contentType: photo.contentType, dataBase64: photo.dataBase64 } : undefined;
  return {
    front: shape.frontImage.safeParse(image(photos.front)).success ? undefined : PHOTO_REQUIRED.front,
    back: shape.backImage.safeParse(image(photos.back)).success ? undefined : PHOTO_REQUIRED.back,
  };
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

/**
 * Where the server's refusal of a deposit belongs on the form: the field it names, else the field
 * the error is about (the check limits under the amount, a repeated number under the number), else
 * above the form.
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  CHECK_AMOUNT_OVER_LIMIT: 'amount',
  CHECK_DAILY_LIMIT_EXCEEDED: 'amount',
  CHECK_30_DAY_LIMIT_EXCEEDED: 'amount',
  INVALID_DEPOSIT_AMOUNT: 'amount',
  DUPLICATE_CHECK_NUMBER: 'checkNumber',
};

export function fieldOfDepositError(error: { field: string | undefined; code: string }): string | undefined {
  return error.field ?? FIELD_OF_CODE[error.code as ErrorCode];
}
