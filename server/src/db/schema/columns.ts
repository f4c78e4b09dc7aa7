import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Money: integer cents, read as `bigint` on both drivers (PGlite returns small int8 as number otherwise). */
export const cents = (name: string) => bigint(name, { mode: 'bigint' });

/** Every timestamp is an instant with a time zone, read as a JS Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
