import { z } from 'zod';
import {
  normalizeTypedAmount,
  parseTypedAmountToCents,
  recordTypes,
  SEARCH_TEXT_LENGTH_MAX,
  type Direction,
  type RecordType,
} from '@larkspur/contract';

/** The statement's filters as they live in the URL's query string (cursor and limit excluded). */
export interface TransactionFilters {
  q?: string;
  type?: RecordType;
  direction?: Direction;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** Amounts as typed ("25", "25.50"). */
  minAmount?: string;
  maxAmount?: string;
}

export const filterKeys = ['q', 'type', 'direction', 'from', 'to', 'minAmount', 'maxAmount'] as const;
export type FilterKey = (typeof filterKeys)[number];

/** The detail view's query parameter: `?id=<record uuid>` opens that record over the list. */
export const RECORD_PARAM = 'id';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  return ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

function isAmount(value: string): boolean {
  return parseTypedAmountToCents(value) !== null;
}

/**
 * Reads the filters from a query string, dropping anything the API would refuse: a hand-edited
 * or outdated link shows the statement rather than an error.
 */
export function readFilters(params: URLSearchParams): TransactionFilters {
  const filters: TransactionFilters = {};
  const q = params.get('q')?.trim().slice(0, SEARCH_TEXT_LENGTH_MAX);
  if (q) filters.q = q;
  const type = params.get('type');
  const knownType = recordTypes.find((t) => t === type);
  if (knownType) filters.type = knownType;
  const direction = params.get('direction');
  if (direction === 'credit' || direction === 'debit') filters.direction = direction;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && isDay(value)) filters[key] = value;
  }
  for (const key of ['minAmount', 'maxAmount'] as const) {
    const value = params.get(key)?.trim();
    // Sent to the API as its two-decimal string, whatever the person typed ("1,000").
    if (value && isAmount(value)) filters[key] = normalizeTypedAmount(value);
  }
  return filters;
}

/** The filters as a query string, in a fixed order, empty ones left out (stable cache keys and URLs). */
export function toSearchParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function activeFilterCount(filters: TransactionFilters): number {
  return filterKeys.filter((key) => key !== 'q' && filters[key]).length;
}

const amountText = z
  .string()
  .trim()
  .refine((value) => value === '' || isAmount(value), 'Enter an amount like 25 or 1,250.50');

/** The filter form: every field optional; ranges must run low to high. */
export const filterFormSchema = z
  .object({
    q: z.string().trim().max(SEARCH_TEXT_LENGTH_MAX, `At most ${SEARCH_TEXT_LENGTH_MAX} characters`),
    type: z.union([z.literal(''), z.enum(recordTypes)]),
    direction: z.union([z.literal(''), z.enum(['credit', 'debit'])]),
    from: z.string().refine((value) => value === '' || isDay(value), 'Enter a date'),
    to: z.string().refine((value) => value === '' || isDay(value), 'Enter a date'),
    minAmount: amountText,
    maxAmount: amountText,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must be on or after the start date',
      });
    }
    const min = parseTypedAmountToCents(value.minAmount);
    const max = parseTypedAmountToCents(value.maxAmount);
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'The largest amount must be at least the smallest',
      });
    }
  });
export type FilterFormValues = z.input<typeof filterFormSchema>;

export function toFormValues(filters: TransactionFilters): FilterFormValues {
  return {
    q: filters.q ?? '',
    type: filters.type ?? '',
    direction: filters.direction ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
    minAmount: filters.minAmount ?? '',
    maxAmount: filters.maxAmount ?? '',
  };
}

export function fromFormValues(values: FilterFormValues): TransactionFilters {
  return readFilters(new URLSearchParams(Object.entries(values).map(([k, v]) => [k, v.trim()])));
}
