import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { identities } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { assert } from '../../lib/errors';
import type { AuditEntry, AuditLog } from '../audit/index';
import { describeDevice, describePlace, placeOfIp } from '../../lib/device-place';
import { renderNewDeviceNotice, type EmailBrand, type Outbox } from '../email/index';
import type { ResolvedSession, SessionStore } from './session-store';
import type { TrustedDevices } from './trusted-devices';

export interface RequestContext {
  ip: string;
  userAgent: string | null;
  /** The session the request arrived with, if any: ended at sign-in so its id cannot be reused (fixation). */
  previousSessionId: string | null;
  /** The browser's device cookie, if any: a browser its owner signed in from before (decision 0081). */
  deviceId?: string | null;
  /** The browser's pending sign-in cookie, if any: proof it did the first of two steps (decision 0080). */
  pendingId?: string | null;
}

export interface SignedIn {
  sessionId: string;
  session: ResolvedSession;
  /** For the device cookie: this browser is now trusted for this person. */
  deviceId: string;
}

/** What signing in is built from: shared by sign-up, the password and code sign-ins and passkeys. */
export interface SessionStartDeps {
  db: Database;
  clock: Clock;
  sessions: SessionStore;
  audit: AuditLog;
  brand: EmailBrand;
  devices: TrustedDevices;
  outbox: Outbox;
  /** Wakes the outbox worker after a notice is queued. */
  nudgeOutbox: () => void;
}

/** Opening a session at sign-in: the old one ended, the browser remembered, a new device announced. */
export function createSessionStarter(deps: SessionStartDeps) {
  const { db, clock, sessions, audit, brand, devices, outbox } = deps;

  /** Ends the session the browser arrived with (fixation) and opens a new one, in `tx`. */
  async function openSession(tx: Tx, userId: string, ctx: RequestContext): Promise<{ id: string }> {
    if (ctx.previousSessionId) await sessions.revoke(tx, { rawId: ctx.previousSessionId });
    return sessions.create(tx, { userId, ip: ctx.ip, userAgent: ctx.userAgent });
  }

  /** After the session's transaction committed: what the response needs, and this browser remembered. */
  async function signedInAs(userId: string, created: { id: string }, ctx: RequestContext): Promise<SignedIn> {
    const session = await sessions.resolve(created.id);
    assert(session, 'a session just created must resolve');
    const deviceId = await devices.remember(ctx.deviceId ?? null, userId);
    return { sessionId: created.id, session, deviceId };
  }

  /**
   * Starts a session. With `signIn`, its success audit row and, when the browser is new to this
   * person, the "new sign-in" email are written in the same transaction as the session (decision
   * 0142): a browser is new when it carries no device cookie trusted for this person (decision 0081).
   */
  async function startSession(
    userId: string,
    ctx: RequestContext,
    signIn?: { audit: AuditEntry; alertNewDevice: boolean },
  ): Promise<SignedIn> {
    const newDevice =
      signIn?.alertNewDevice === true && (await devices.find(ctx.deviceId ?? null, userId)) === null;
    const device = describeDevice(ctx.userAgent);
    const created = await db.transaction(async (tx) => {
      const started = await openSession(tx, userId, ctx);
      if (signIn) {
        await audit.record(tx, {
          ...signIn.audit,
          details: { ...signIn.audit.details, device: device.label, newDevice },
        });
      }
      if (newDevice) {
        const [row] = await tx
          .select({ email: identities.email })
          .from(identities)
          .where(eq(identities.id, userId))
          .limit(1);
        const place = describePlace(placeOfIp(ctx.ip));
        if (row) {
          const notice = renderNewDeviceNotice(
            {
              to: row.email,
              now: clock.now(),
              device: device.label,
              place: !place ? null : place.kind === 'local' ? 'Your local network' : place.name,
            },
            brand,
          );
          await outbox.enqueueEmail(tx, { to: row.email, ...notice });
        }
      }
      return started;
    });
    if (newDevice) deps.nudgeOutbox();
    return signedInAs(userId, created, ctx);
  }

  return { openSession, signedInAs, startSession };
}

export type SessionStarter = ReturnType<typeof createSessionStarter>;
