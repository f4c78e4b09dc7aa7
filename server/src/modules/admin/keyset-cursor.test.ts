import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { decodeCursor, encodeCursor, prefixPattern } from './keyset-cursor';

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

  it('escapes LIKE wildcards in a prefix', () => {
    expect(prefixPattern('50%_off\\')).toBe('50\\%\\_off\\\\%');
  });
});
