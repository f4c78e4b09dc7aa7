import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  decodeCursor,
  decodeInstantIdCursor,
  encodeCursor,
  encodeInstantIdCursor,
  prefixPattern,
} from './keyset-cursor';

const id = crypto.randomUUID();

describe('keyset cursors', () => {
  it('round-trips the keys of the sort that made them', () => {
    const keys = ['2026-01-15T12:00:00.123456Z', id];
    expect(
      decodeCursor(encodeCursor('createdAt:desc', keys), 'createdAt:desc', ['timestamp', 'uuid']),
    ).toEqual(keys);
    const name = ['ortega', 'maría', id];
    expect(decodeCursor(encodeCursor('name:asc', name), 'name:asc', ['text', 'text', 'uuid'])).toEqual(name);
  });

  it.each([
    ['another sort', encodeCursor('name:asc', ['2026-01-15T12:00:00.123456Z', id])],
    ['too few keys', encodeCursor('createdAt:desc', ['2026-01-15T12:00:00.123456Z'])],
    ['a date that does not exist', encodeCursor('createdAt:desc', ['2026-02-30T12:00:00.000000Z', id])],
    ['milliseconds only', encodeCursor('createdAt:desc', ['2026-01-15T12:00:00.123Z', id])],
    // PostgreSQL has no year 0000: this one was a 500 (issue 13 point 11).
    ['the year 0000', encodeCursor('createdAt:desc', ['0000-01-01T00:00:00.000000Z', id])],
    ['a non-uuid', encodeCursor('createdAt:desc', ['2026-01-15T12:00:00.123456Z', `${id}'`])],
    ['a number key', Buffer.from(JSON.stringify(['createdAt:desc', 5, id])).toString('base64url')],
    ['not JSON', 'eyJub3QganNvbg'],
    ['not an array', Buffer.from('{"a":1}').toString('base64url')],
  ])('refuses %s with a 400 naming the cursor', (_, cursor) => {
    let caught: unknown;
    try {
      decodeCursor(cursor, 'createdAt:desc', ['timestamp', 'uuid']);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400, field: 'cursor' });
  });

  it('refuses an integer key beyond 64 bits', () => {
    const cursor = encodeCursor('balance:desc', ['1234567890123456789', id]);
    expect(() => decodeCursor(cursor, 'balance:desc', ['integer', 'uuid'])).toThrow(AppError);
  });

  it('refuses a text key with a NUL character, which PostgreSQL text cannot hold', () => {
    const cursor = encodeCursor('name:asc', ['a\u0000', 'b', id]);
    expect(() => decodeCursor(cursor, 'name:asc', ['text', 'text', 'uuid'])).toThrow(AppError);
  });

  it('round-trips the record and loan cursor, from the year 0001 to 9999', () => {
    for (const at of ['0001-01-01T00:00:00.000Z', '2026-01-15T12:00:00.123Z', '9999-12-31T23:59:59.999Z']) {
      const row = { createdAt: new Date(at), id };
      expect(decodeInstantIdCursor(encodeInstantIdCursor(row))).toEqual(row);
    }
  });

  it.each([
    ['the year 0000', ['0000-01-01T00:00:00.000Z', id]],
    ['a six-digit year', ['+275760-09-13T00:00:00.000Z', id]],
    ['a negative year', ['-000001-01-01T00:00:00.000Z', id]],
    ['a date without a time', ['2026-01-15', id]],
    ['a number', [0, id]],
    ['an offset', ['2026-01-15T12:00:00.000+14:00', id]],
    ['February 30', ['2026-02-30T00:00:00.000Z', id]],
    ['dashes for an id', ['2026-01-15T12:00:00.000Z', '-'.repeat(36)]],
    ['a third key', ['2026-01-15T12:00:00.000Z', id, id]],
  ])('refuses a record or loan cursor with %s', (_, keys) => {
    const cursor = Buffer.from(JSON.stringify(keys)).toString('base64url');
    expect(() => decodeInstantIdCursor(cursor)).toThrow(AppError);
  });

  it('escapes LIKE wildcards in a prefix', () => {
    expect(prefixPattern('50%_off\\')).toBe('50\\%\\_off\\\\%');
  });
});
