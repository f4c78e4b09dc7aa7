import { WIRE_AMOUNT_PATTERN } from '@larkspur/contract/amounts';
import type { ResponseSchema } from './api-client';

// The pieces of the hand-written response parsers (lib/session.ts, lib/me.ts, the overview's
// first requests). They stand in for the contract's zod schemas where a screen's first requests
// would otherwise load and evaluate zod and every schema module before it can paint
// (docs/decisions/0011-first-chunk-budget.md, 0018-customer-overview-without-zod.md). Each parser
// keeps zod's rules: unknown keys dropped, arrays are not objects, numbers finite; its test holds
// it to the contract's schema.

/** zod's `z.uuid()`: RFC 9562 versions 1–8, plus the nil and max UUIDs. */
export const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
export const isUuid = (value: unknown): value is string => isString(value) && UUID_PATTERN.test(value);
export const isMoney = (value: unknown): value is string =>
  isString(value) && WIRE_AMOUNT_PATTERN.test(value);
/** zod's `z.number()` refuses NaN and the infinities. */
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** What zod's `z.object()` accepts as an object: not null, not an array. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** zod's `z.array(item)`: every item must read, or the whole array is refused. */
export function readArray<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value as unknown[]) {
    const parsed = read(item);
    if (parsed === undefined) return undefined;
    items.push(parsed);
  }
  return items;
}

/** A reader as `api()`'s schema: `undefined` means refused. */
export const parser = <T>(read: (value: unknown) => T | undefined): ResponseSchema<T> => ({
  safeParse: (value) => {
    const data = read(value);
    return data === undefined ? { success: false } : { success: true, data };
  },
});
