import { APPROVER_COOLING_OFF_HOURS } from '@larkspur/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema/index';

const HOUR_MS = 3_600_000;

export interface Appointment {
  userId: string;
  /** Who last created this member of staff or changed their permission set (null: the seed or the CLI). */
  appointedBy: string | null;
  appointedAt: Date | null;
}

/**
 * Who appointed these staff members, and when (decision 0190). Staff from the seed or
 * `npm run admin:create` were appointed by nobody and approve at once.
 */
export async function appointmentsOf(db: DbOrTx, userIds: readonly string[]): Promise<Appointment[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: profiles.userId, appointedBy: profiles.appointedBy, appointedAt: profiles.appointedAt })
    .from(profiles)
    .where(inArray(profiles.userId, [...userIds]));
}

/**
 * Within `APPROVER_COOLING_OFF_HOURS` of an appointment: the member may not yet approve anything
 * that moves or frees money — a colleague's money request, a loan's payout, a held check's early
 * release — so that a corrupt administrator cannot appoint an accomplice who acts at once, before
 * another administrator has seen the change (decisions 0190 and 0210).
 */
export function appointedRecently(appointment: Appointment | undefined, now: Date): boolean {
  const at = appointment?.appointedAt;
  return (
    at !== null && at !== undefined && at.getTime() > now.getTime() - APPROVER_COOLING_OFF_HOURS * HOUR_MS
  );
}

/** Whether this member of staff was appointed within the cooling-off period before `now`. */
export async function isNewlyAppointed(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const [appointment] = await appointmentsOf(db, [userId]);
  return appointedRecently(appointment, now);
}
