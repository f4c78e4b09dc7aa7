import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { pendingSignIns } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { OTP_TTL_MS } from '../email/index';
import { hashSessionId } from './session-store';

/** 256 random bits, base64url, like a session id. */
const PENDING_ID_BYTES = 32;
/** Longest cookie value we bother hashing (a real one is 43 characters). */
const PENDING_ID_LENGTH_MAX = 64;
/** A first step lives as long as the code it mailed. */
export const PENDING_SIGN_IN_TTL_MS = OTP_TTL_MS;

export type PendingPurpose = 'signup' | 'admin_login';

/**
 * The first step of a two-step sign-in, bound to the browser that did it (decision 0080): the
 * second step needs this browser's cookie as well as the emailed code.
 */
export interface PendingSignIns {
  /** Records a first step; returns the raw id for the cookie. */
  start(input: { purpose: PendingPurpose; email: string; userId: string | null }): Promise<string>;
  /** True if the cookie belongs to a live, unused first step for this purpose and address. */
  isLive(rawId: string | null, purpose: PendingPurpose, email: string): Promise<boolean>;
  /** Uses the first step up; true for exactly one caller (single use, even at once). */
  consume(rawId: string, purpose: PendingPurpose, email: string): Promise<boolean>;
  /**
   * The browser's first step for this purpose and address, used or not, while it lives, locked
   * for the rest of the caller's transaction (sign-up verify, decision 0106): a second step at the
   * same time waits, then sees what the first one did. Null for any other browser.
   */
  lockForSecondStep(
    tx: DbOrTx,
    rawId: string | null,
    purpose: PendingPurpose,
    email: string,
  ): Promise<LockedStep | null>;
  /** Marks a locked first step used, recording the account its second step opened (or signed in). */
  markUsed(tx: DbOrTx, idHash: string, userId: string): Promise<void>;
}

export interface LockedStep {
  idHash: string;
  /** Set once a second step succeeded. */
  consumedAt: Date | null;
  /** For a sign-up: the account its successful second step opened; null before. */
  userId: string | null;
}

export function createPendingSignIns(deps: { db: Database; clock: Clock }): PendingSignIns {
  const { db, clock } = deps;
  const hashOf = (rawId: string | null) =>
    rawId && rawId.length > 0 && rawId.length <= PENDING_ID_LENGTH_MAX ? hashSessionId(rawId) : null;
  const live = (idHash: string, purpose: PendingPurpose, email: string) =>
    and(
      eq(pendingSignIns.idHash, idHash),
      eq(pendingSignIns.purpose, purpose),
      eq(pendingSignIns.email, email),
      isNull(pendingSignIns.consumedAt),
      gt(pendingSignIns.expiresAt, clock.now()),
    );

  return {
    async start({ purpose, email, userId }) {
      const id = crypto.randomBytes(PENDING_ID_BYTES).toString('base64url');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.insert(pendingSignIns).values({
          idHash: hashSessionId(id),
          purpose,
          email,
          userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS),
        });
        // Dead first steps for this address are garbage; clearing them here needs no job.
        await tx
          .delete(pendingSignIns)
          .where(
            and(
              eq(pendingSignIns.email, email),
              or(lt(pendingSignIns.expiresAt, now), lt(pendingSignIns.consumedAt, now)),
            ),
          );
      });
      return id;
    },

    async isLive(rawId, purpose, email) {
      const idHash = hashOf(rawId);
      if (!idHash) return false;
      const rows = await db
        .select({ idHash: pendingSignIns.idHash })
        .from(pendingSignIns)
        .where(live(idHash, purpose, email))
        .limit(1);
      return rows.length > 0;
    },

    async lockForSecondStep(tx, rawId, purpose, email) {
      const idHash = hashOf(rawId);
      if (!idHash) return null;
      const [row] = await tx
        .select({
          idHash: pendingSignIns.idHash,
          consumedAt: pendingSignIns.consumedAt,
          userId: pendingSignIns.userId,
        })
        .from(pendingSignIns)
        .where(
          and(
            eq(pendingSignIns.idHash, idHash),
            eq(pendingSignIns.purpose, purpose),
            eq(pendingSignIns.email, email),
            gt(pendingSignIns.expiresAt, clock.now()),
          ),
        )
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async markUsed(tx, idHash, userId) {
      await tx
        .update(pendingSignIns)
        .set({ consumedAt: clock.now(), userId })
        .where(eq(pendingSignIns.idHash, idHash));
    },

    async consume(rawId, purpose, email) {
      const idHash = hashOf(rawId);
      if (!idHash) return false;
      const rows = await db
        .update(pendingSignIns)
        .set({ consumedAt: clock.now() })
        .where(live(idHash, purpose, email))
        .returning({ idHash: pendingSignIns.idHash });
      return rows.length > 0;
    },
  };
}
