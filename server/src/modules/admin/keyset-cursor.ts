import { AppError } from '../../lib/errors';

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
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Up to 18 digits always fits a signed 64-bit integer. */
const INTEGER_PATTERN = /^-?\d{1,18}$/;
/** A lower-cased name key; names are at most 50 characters, lower() may lengthen a few. */
const TEXT_KEY_LENGTH_MAX = 200;

export type KeyKind = 'timestamp' | 'uuid' | 'integer' | 'text';

function invalid(): AppError {
  return new AppError('VALIDATION_FAILED', { message: 'The page cursor is not valid.', field: 'cursor' });
}

function isValidKey(kind: KeyKind, value: string): boolean {
  switch (kind) {
    case 'timestamp': {
      if (!TIMESTAMP_PATTERN.test(value)) return false;
      // The pattern admits "2026-02-31": only a date that round-trips is a real one.
      const millis = `${value.slice(0, 23)}Z`;
      const parsed = new Date(millis);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
    }
    case 'uuid':
      return UUID_PATTERN.test(value);
    case 'integer':
      return INTEGER_PATTERN.test(value);
    case 'text':
      return value.length <= TEXT_KEY_LENGTH_MAX;
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
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length + 1 || parsed[0] !== tag) throw invalid();
  const keys = parsed.slice(1);
  const valid = keys.every(
    (key: unknown, i) => typeof key === 'string' && isValidKey(kinds[i] as KeyKind, key),
  );
  if (!valid) throw invalid();
  return keys as string[];
}

/** `%`, `_` and `\` typed by a person are literal characters, not wildcards. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
