import { z } from 'zod';
import { AMOUNT_INPUT_LENGTH_MAX, WIRE_AMOUNT_PATTERN } from './amounts';

// Parsing and formatting live in amounts.ts, free of zod; every name stays importable from here.
export {
  AMOUNT_INPUT_LENGTH_MAX,
  AMOUNT_MAX_CENTS,
  CURRENCY,
  formatCents,
  moneyToCents,
  parseAmountToCents,
  parseTypedAmountToCents,
  normalizeTypedAmount,
  TYPED_AMOUNT_LENGTH_MAX,
  typedAmountProblem,
  type TypedAmountProblem,
  WIRE_AMOUNT_PATTERN,
} from './amounts';

/**
 * Money is integer cents (`bigint`) everywhere below the API and a two-decimal string on the
 * wire ("1234.50"). Nothing here ever touches a floating-point number.
 */

/** A money value as the API sends it: always exactly two decimals, optionally negative. */
export const moneySchema = z.string().regex(WIRE_AMOUNT_PATTERN, 'Expected an amount like 12.34');
export type Money = z.infer<typeof moneySchema>;

/**
 * An amount typed by a person, as the request carries it. The string itself is bounded here; the
 * operation parses it with `parseAmountToCents` so that it can answer with its own spec message
 * ("Invalid transfer amount.", "Invalid deposit amount." …) rather than a generic one.
 */
export const amountInputSchema = z.string().max(AMOUNT_INPUT_LENGTH_MAX);
