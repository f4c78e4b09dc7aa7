import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trustedDevices } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { hashSessionId } from './session-store';

/** 256 random bits, base64url, like a session id. */
const DEVICE_ID_BYTES = 32;
/** Longest cookie value we bother hashing (a real one is 43 characters). */
const DEVICE_ID_LENGTH_MAX = 64;
/** A browser stays trusted this long after its last sign-in (each sign-in renews it). */
export const DEVICE_TRUST_MS = 180 * 86_400_000;
/** Browsers remembered per person; the least recently used beyond this are forgotten. */
export const TRUSTED_DEVICES_PER_USER_MAX = 10;

export interface TrustedDevices {
  /** The device id hash behind a cookie value, if it is trusted for this user; else null. */
  find(rawId: string | null, userId: string): Promise<string | null>;
  /**
   * Records a successful sign-in from this browser: renews its trust if the cookie is already
   * trusted for this user, or issues a new id. Returns the raw id for the cookie.
   */
  remember(rawId: string | null, userId: string): Promise<string>;
}

export function createTrustedDevices(deps: { db: Database; clock: Clock }): TrustedDevices {
  const { db, clock } = deps;
  const hashOf = (rawId: string | null) =>
    rawId && rawId.length > 0 && rawId.length <= DEVICE_ID_LENGTH_MAX ? hashSessionId(rawId) : null;

  async function find(rawId: string | null, userId: string): Promise<string | null> {
    const idHash = hashOf(rawId);
    if (!idHash) return null;
    const [row] = await db
      .select({ idHash: trustedDevices.idHash })
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.idHash, idHash),
          eq(trustedDevices.userId, userId),
          gt(trustedDevices.expiresAt, clock.now()),
        ),
      )
      .limit(1);
    return row?.idHash ?? null;
  }

  return {
    find,
    async remember(rawId, userId) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + DEVICE_TRUST_MS);
      const known = await find(rawId, userId);
      if (known && rawId) {
        await db
          .update(trustedDevices)
          .set({ lastUsedAt: now, expiresAt })
          .where(eq(trustedDevices.idHash, known));
        return rawId;
      }
      const id = crypto.randomBytes(DEVICE_ID_BYTES).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .insert(trustedDevices)
          .values({ idHash: hashSessionId(id), userId, createdAt: now, lastUsedAt: now, expiresAt });
        // Expired and surplus browsers of this person go here, without a job.
        await tx
          .delete(trustedDevices)
          .where(and(eq(trustedDevices.userId, userId), lt(trustedDevices.expiresAt, now)));
        const keep = tx
          .select({ idHash: trustedDevices.idHash })
          .from(trustedDevices)
          .where(eq(trustedDevices.userId, userId))
          .orderBy(desc(trustedDevices.lastUsedAt), desc(trustedDevices.idHash))
          .limit(TRUSTED_DEVICES_PER_USER_MAX);
        await tx
          .delete(trustedDevices)
          .where(and(eq(trustedDevices.userId, userId), notInArray(trustedDevices.idHash, keep)));
      });
      return id;
    },
  };
}
