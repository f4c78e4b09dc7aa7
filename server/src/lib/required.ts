import { assert } from './errors';

/**
 * The seam where rows read from SQL become TypeScript values (issue 29). A column or stored field
 * that the bank's own writes always fill is asserted, not defaulted: a silent `?? ''` would send
 * an alert or print a statement with a blank where a name or a date belongs, and no one would
 * learn the writer had changed. These fail through `assert` (a bug, 500) naming the field instead.
 * Where a value may legitimately be absent, the caller keeps a named default with its reason.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  assert(value !== null && value !== undefined, `Missing required value: ${what}`);
  return value;
}

/** A stored timestamp (ISO 8601 text or a Date) that must be present and a real instant. */
export function requiredDate(value: string | Date | null | undefined, what: string): Date {
  const date = new Date(required(value, what));
  assert(!Number.isNaN(date.getTime()), `Not a valid date: ${what}`);
  return date;
}
