import { AppError } from './errors';

/**
 * Opaque keyset cursors for the admin lists: base64url of a JSON array `[tag, ...keys]`, where the
 * tag names the sort and order that produced it and the keys are the last row's sort key, all as
 * strings. The next page starts strictly after that key, so rows neither repeat nor go missing
 * between pages, and a page costs the same at row 10 and at row 100,000.
 *
 * A cursor is input like any other: every key is checked against the shape we produce before it
 * reaches SQL, so a forged one is a 400, never a database error.
 */

/** `to_char(ts at time zone 'UTC', …)` below: microseconds, so a key never loses precision. */
export const CURSOR_TIMESTAMP_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;
/** The keyset lists' keys carry microseconds; the record and loan cursors carry `toISOString()`. */
const MICROS_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MILLIS_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/**
 * The first year a cursor may name. PostgreSQL has no year 0000 (1 BC is "0001 BC"), and four
 * digits stop at 9999, where JavaScript would go on to +275760, which no timestamp column takes.
 */
export const CURSOR_YEAR_MIN = 1;
export const CURSOR_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Up to 18 digits always fits a signed 64-bit integer. */
const INTEGER_PATTERN = /^-?\d{1,18}$/;
/** A lower-cased name key; names are at most 50 characters, lower() may lengthen a few. */
const TEXT_KEY_LENGTH_MAX = 200;

export type KeyKind = 'timestamp' | 'uuid' | 'integer' | 'text';

export function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', { message: 'The page cursor is not valid.', field: 'cursor' });
}

/**
 * The instant of a cursor timestamp, or null: `YYYY-MM-DDTHH:MM:SS.mmmZ` (`precision` 'ms', as
 * `toISOString()` writes it) or `….uuuuuuZ` ('us', as CURSOR_TIMESTAMP_FORMAT does), a real date
 * (the patterns admit "2026-02-31"; only a date that round-trips is one) from year CURSOR_YEAR_MIN.
 */
export function parseCursorTimestamp(value: string, precision: 'ms' | 'us'): Date | null {
  const pattern = precision === 'ms' ? MILLIS_TIMESTAMP_PATTERN : MICROS_TIMESTAMP_PATTERN;
  if (!pattern.test(value) || Number(value.slice(0, 4)) < CURSOR_YEAR_MIN) return null;
  const millis = `${value.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis ? parsed : null;
}

function isValidKey(kind: KeyKind, value: string): boolean {
  switch (kind) {
    case 'timestamp':
      return parseCursorTimestamp(value, 'us') !== null;
    case 'uuid':
      return CURSOR_UUID_PATTERN.test(value);
    case 'integer':
      return INTEGER_PATTERN.test(value);
    case 'text':
      // PostgreSQL text cannot hold a NUL character: the query would fail, not find nothing.
      return value.length <= TEXT_KEY_LENGTH_MAX && !value.includes('\u0000');
  }
}

export function encodeCursor(tag: string, keys: readonly string[]): string {
  return Buffer.from(JSON.stringify([tag, ...keys])).toString('base64url');
}

/** The keys of a cursor made for `tag`, checked against `kinds`; a 400 for anything else. */
export function decodeCursor(value: string, tag: string, kinds: readonly KeyKind[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length + 1 || parsed[0] !== tag)
    throw invalidCursor();
  const keys = parsed.slice(1);
  const valid = keys.every(
    (key: unknown, i) => typeof key === 'string' && isValidKey(kinds[i] as KeyKind, key),
  );
  if (!valid) throw invalidCursor();
  return keys as string[];
}

/**
 * The untagged cursor of the record and loan lists, `[createdAt.toISOString(), id]` in base64url
 * JSON: exactly that shape, or a 400 (issue 13 point 11: year 0000 and +275760 were 500s).
 */
export function encodeInstantIdCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

export function decodeInstantIdCursor(value: string): { createdAt: Date; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [createdAt, id] = parsed as unknown[];
  const at = typeof createdAt === 'string' ? parseCursorTimestamp(createdAt, 'ms') : null;
  if (!at || typeof id !== 'string' || !CURSOR_UUID_PATTERN.test(id)) throw invalidCursor();
  return { createdAt: at, id };
}

/** `%`, `_` and `\` typed by a person are literal characters, not wildcards. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
