import type {
  Insights,
  InternationalDetails,
  PayeeCheckResult,
  RecentRecipient,
  RecordHold,
  TransactionRecord,
} from '@larkspur/contract';
import {
  asRecord,
  isMoney,
  isNullableString,
  isNumber,
  isString,
  isUuid,
  parser,
  readArray,
} from '@/lib/wire-read';

// The overview's first requests (the five newest records, this month's totals) parsed by hand, to
// the contract's rules: with its zod schemas the overview loaded and evaluated zod and the banking
// and identity schemas (~30 KB gzipped) before it could paint. overview-parsers.test.ts holds each
// to its schema (`pageOf(transactionRecordSchema)`, `insightsResponseSchema`); a field added there
// fails that test until it is read here. See docs/decisions/0018-customer-overview-without-zod.md.

/** `internationalDetailsSchema`'s limits (banking.ts: NAME_FIELD_LENGTH_MAX, the country's 56, the symbol's 4). */
const NAME_MAX = 100;
const COUNTRY_MAX = 56;
const SYMBOL_MAX = 4;
const SWIFT_BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const IBAN_OR_ACCOUNT = /^[A-Z0-9 ]{4,34}$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;

const INTERNATIONAL_KEYS = new Set([
  'recipientFullName',
  'recipientBank',
  'swiftBic',
  'ibanOrAccount',
  'country',
  'currencyCode',
  'currencySymbol',
]);

/** A trimmed text of 1 to `max` characters, as the schema's `text(max).min(1)`. */
function text(value: unknown, max: number): string | undefined {
  if (!isString(value)) return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? trimmed : undefined;
}

/** Trimmed, upper-cased, then matched, as the schema's `.trim().toUpperCase().regex()`. */
function code(value: unknown, pattern: RegExp): string | undefined {
  if (!isString(value)) return undefined;
  const upper = value.trim().toUpperCase();
  return pattern.test(upper) ? upper : undefined;
}

/** `internationalDetailsSchema`: a strict object (an unknown key refuses it), with its transforms. */
function readInternationalDetails(value: unknown): InternationalDetails | undefined {
  const v = asRecord(value);
  if (!v || Object.keys(v).some((key) => !INTERNATIONAL_KEYS.has(key))) return undefined;
  const recipientFullName = text(v.recipientFullName, NAME_MAX);
  const recipientBank = text(v.recipientBank, NAME_MAX);
  const swiftBic = code(v.swiftBic, SWIFT_BIC);
  const ibanOrAccount = code(v.ibanOrAccount, IBAN_OR_ACCOUNT);
  const country = text(v.country, COUNTRY_MAX);
  const currencyCode = code(v.currencyCode, CURRENCY_CODE);
  const currencySymbol = text(v.currencySymbol, SYMBOL_MAX);
  if (
    recipientFullName === undefined ||
    recipientBank === undefined ||
    swiftBic === undefined ||
    ibanOrAccount === undefined ||
    country === undefined ||
    currencyCode === undefined ||
    currencySymbol === undefined
  )
    return undefined;
  return { recipientFullName, recipientBank, swiftBic, ibanOrAccount, country, currencyCode, currencySymbol };
}

/** `holdStatusSchema`. */
const HOLD_STATUSES: readonly string[] = ['active', 'released', 'returned'] satisfies RecordHold['status'][];

/** `recordHoldSchema`: a plain object (unknown keys dropped). */
function readHold(value: unknown): RecordHold | undefined {
  const v = asRecord(value);
  if (!v || !isString(v.status) || !HOLD_STATUSES.includes(v.status)) return undefined;
  if (!isMoney(v.heldAmount) || !isString(v.availableAt)) return undefined;
  return { status: v.status as RecordHold['status'], heldAmount: v.heldAmount, availableAt: v.availableAt };
}

/** `payeeCheckResultSchema` (decision 0155). */
const PAYEE_CHECK_RESULTS: readonly string[] = [
  'match',
  'close_match',
  'no_match',
  'unavailable',
] satisfies PayeeCheckResult[];

const RECORD_STRING_FIELDS = [
  'transactionId',
  'type',
  'currency',
  'recipientName',
  'recipientAccount',
  'bankName',
  'senderName',
  'senderAccount',
  'purpose',
  'status',
  'createdAt',
  'created_at',
] as const satisfies readonly (keyof TransactionRecord)[];
type RecordStringField = (typeof RECORD_STRING_FIELDS)[number];

/** `transactionRecordSchema`. */
export function readTransactionRecord(value: unknown): TransactionRecord | undefined {
  const v = asRecord(value);
  if (!v) return undefined;
  const { id, userId, direction, amount, routingNumber } = v;
  if (!isUuid(id) || !isUuid(userId) || !isMoney(amount) || !isNullableString(routingNumber))
    return undefined;
  if (direction !== 'credit' && direction !== 'debit') return undefined;
  let internationalDetails: InternationalDetails | null = null;
  if (v.internationalDetails !== null) {
    const details = readInternationalDetails(v.internationalDetails);
    if (!details) return undefined;
    internationalDetails = details;
  }
  let hold: RecordHold | null = null;
  if (v.hold !== null) {
    const read = readHold(v.hold);
    if (!read) return undefined;
    hold = read;
  }
  const { payeeCheck } = v;
  if (payeeCheck !== null && !(isString(payeeCheck) && PAYEE_CHECK_RESULTS.includes(payeeCheck)))
    return undefined;
  const strings: Partial<Record<RecordStringField, string>> = {};
  for (const key of RECORD_STRING_FIELDS) {
    const field = v[key];
    if (!isString(field)) return undefined;
    strings[key] = field;
  }
  return {
    id,
    userId,
    direction,
    amount,
    routingNumber,
    internationalDetails,
    hold,
    payeeCheck: payeeCheck as PayeeCheckResult | null,
    ...(strings as Record<RecordStringField, string>),
  };
}

/** `pageOf(transactionRecordSchema)`. */
export const transactionPageParser = parser((value) => {
  const v = asRecord(value);
  if (!v || !isNullableString(v.nextCursor)) return undefined;
  const items = readArray(v.items, readTransactionRecord);
  return items && { items, nextCursor: v.nextCursor };
});

type BalancePoint = Insights['balanceSeries'][number];
type TypeTotal = Insights['byType'][number];

function readBalancePoint(value: unknown): BalancePoint | undefined {
  const v = asRecord(value);
  if (!v || !isString(v.date) || !isMoney(v.balance)) return undefined;
  return { date: v.date, balance: v.balance };
}

function readTypeTotal(value: unknown): TypeTotal | undefined {
  const v = asRecord(value);
  if (!v || !isString(v.type) || !isMoney(v.moneyIn) || !isMoney(v.moneyOut) || !isNumber(v.count))
    return undefined;
  return { type: v.type, moneyIn: v.moneyIn, moneyOut: v.moneyOut, count: v.count };
}

/** `insightsResponseSchema`. */
export const insightsParser = parser((value): Insights | undefined => {
  const v = asRecord(value);
  if (!v || !isNumber(v.days) || !isMoney(v.monthIn) || !isMoney(v.monthOut)) return undefined;
  const balanceSeries = readArray(v.balanceSeries, readBalancePoint);
  const byType = readArray(v.byType, readTypeTotal);
  if (!balanceSeries || !byType) return undefined;
  return { days: v.days, balanceSeries, byType, monthIn: v.monthIn, monthOut: v.monthOut };
});

/** `transferTypeSchema`. */
const TRANSFER_TYPES: readonly string[] = [
  'Local Transfer',
  'Wire Transfer',
  'International Transfer',
] satisfies RecentRecipient['type'][];

function readRecentRecipient(value: unknown): RecentRecipient | undefined {
  const v = asRecord(value);
  if (!v || !isString(v.type) || !TRANSFER_TYPES.includes(v.type)) return undefined;
  const { recipientAccount, recipientName, bankName, routingNumber, lastPaidAt } = v;
  if (!isString(recipientAccount) || !isString(recipientName) || !isString(bankName)) return undefined;
  if (!isNullableString(routingNumber) || !isString(lastPaidAt)) return undefined;
  let internationalDetails: InternationalDetails | null = null;
  if (v.internationalDetails !== null) {
    const details = readInternationalDetails(v.internationalDetails);
    if (!details) return undefined;
    internationalDetails = details;
  }
  return {
    type: v.type as RecentRecipient['type'],
    recipientAccount,
    recipientName,
    bankName,
    routingNumber,
    internationalDetails,
    lastPaidAt,
  };
}

/** `recentRecipientsSchema` (issue 18): the overview's shortcuts to Send money. */
export const recentRecipientsParser = parser((value) => {
  const v = asRecord(value);
  if (!v) return undefined;
  const items = readArray(v.items, readRecentRecipient);
  return items && { items };
});
