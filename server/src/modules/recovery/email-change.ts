import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailChanges } from '../../db/schema/index';

/**
 * The staff-help email change under two people and a cooling-off (issue 27, decision 0182).
 *
 * The address is what a password reset and a payment's step-up trust, so changing it is changing
 * who can take the account. One member of staff cannot: the maker's confirmed request waits for a
 * checker who holds `customers.approve` and is not the maker; the old address is told at once, with
 * a link that stops it. Once applied, the new address cools off for EMAIL_CHANGE_COOLING_OFF_MS: it
 * gets no reset code (guest or staff) and no step-up code, and the old address's link still undoes
 * the change — so even two colluding members of staff give an attacker nothing before the customer
 * has had that long to notice.
 */

/**
 * How long a just-changed address is kept from password-reset and step-up codes, and the old
 * address can undo the change with the link it was sent: the customer's time to notice.
 */
export const EMAIL_CHANGE_COOLING_OFF_MS = 72 * 3_600_000;
/** A request no checker decided within this long lapses (and no longer blocks a new one). */
export const EMAIL_CHANGE_PENDING_TTL_MS = 7 * 86_400_000;
const STOP_TOKEN_BYTES = 32;

export const hashStopToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new link token and the hash that is kept. */
export function newStopToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(STOP_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashStopToken(token) };
}

/** Until when the customer's address is cooling off after a staff-help change; null when it is not. */
export async function emailCoolingUntil(db: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ until: sql<string | null>`max(${emailChanges.coolingUntil})` })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        eq(emailChanges.state, 'applied'),
        gt(emailChanges.coolingUntil, now),
      ),
    );
  const until = rows[0]?.until;
  return until ? new Date(until) : null;
}
