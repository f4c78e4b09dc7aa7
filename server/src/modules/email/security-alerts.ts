import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identities, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import {
  maskEmail,
  maskPhone,
  renderContactChangedAlert,
  renderPasswordChangedAlert,
  renderWelcome,
  type PasswordChangedHow,
} from './account-templates';
import type { Outbox } from './outbox';
import type { EmailBrand } from './email-layout';

/**
 * Security alerts by email (issue 17, decision 0132). Each is queued in the outbox inside the
 * caller's transaction, beside the change it reports: it exists exactly when the change commits,
 * and a change that fails or rolls back leaves no alert behind. Call `nudge()` after the commit.
 *
 * Repeated failed sign-ins are alerted by the sign-in code itself (auth-service.ts `refuse`:
 * ACCOUNT_FAILURES_FREE failures start a back-off, at most one mail per FAILURE_NOTICE_INTERVAL_MS).
 */
export interface SecurityAlerts {
  /**
   * The owner's password changed (a reset, or the profile's change-password); `removedPasskeys`:
   * the names of the passkeys a reset removed (decision 0186).
   */
  passwordChanged(
    tx: DbOrTx,
    userId: string,
    how: PasswordChangedHow,
    removedPasskeys?: readonly string[],
  ): Promise<void>;
  /** The phone number changed: mailed to the customer's address. */
  phoneChanged(tx: DbOrTx, userId: string, newPhone: string, byStaff: boolean): Promise<void>;
  /** The email address changed: mailed to the new address and to the old one. */
  emailChanged(
    tx: DbOrTx,
    change: {
      oldEmail: string;
      newEmail: string;
      byStaff: boolean;
      /** The old address's link to undo a staff-help change while it cools off (decision 0182). */
      stop?: { url: string; until: Date };
    },
  ): Promise<void>;
  /** The welcome mail at sign-up, with the account number and how to log in. */
  welcome(tx: DbOrTx, input: { to: string; firstName: string; accountNumber: string }): Promise<void>;
  /** Wakes the outbox worker: call after the commit. */
  nudge(): void;
}

export function createSecurityAlerts(deps: {
  clock: Clock;
  outbox: Outbox;
  brand: EmailBrand;
  nudgeOutbox: () => void;
}): SecurityAlerts {
  const { clock, outbox, brand } = deps;

  async function addressOf(tx: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await tx
      .select({ email: identities.email })
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(eq(identities.id, userId))
      .limit(1);
    return row?.email ?? null;
  }

  return {
    async passwordChanged(tx, userId, how, removedPasskeys = []) {
      const to = await addressOf(tx, userId);
      if (!to) return;
      await outbox.enqueueEmail(tx, {
        to,
        ...renderPasswordChangedAlert({ to, now: clock.now(), how, removedPasskeys }, brand),
      });
    },

    async phoneChanged(tx, userId, newPhone, byStaff) {
      const to = await addressOf(tx, userId);
      if (!to) return;
      const rendered = renderContactChangedAlert(
        { to, now: clock.now(), field: 'phone', newValueMasked: maskPhone(newPhone), byStaff },
        brand,
      );
      await outbox.enqueueEmail(tx, { to, ...rendered });
    },

    async emailChanged(tx, { oldEmail, newEmail, byStaff, stop }) {
      const now = clock.now();
      const newValueMasked = maskEmail(newEmail);
      await outbox.enqueueEmails(tx, [
        {
          to: newEmail,
          ...renderContactChangedAlert({ to: newEmail, now, field: 'email', newValueMasked, byStaff }, brand),
        },
        {
          to: oldEmail,
          ...renderContactChangedAlert(
            {
              to: oldEmail,
              now,
              field: 'email',
              newValueMasked,
              byStaff,
              toOldAddress: true,
              ...(stop ? { stop } : {}),
            },
            brand,
          ),
        },
      ]);
    },

    async welcome(tx, { to, firstName, accountNumber }) {
      await outbox.enqueueEmail(tx, {
        to,
        ...renderWelcome({ to, now: clock.now(), firstName, accountNumber }, brand),
      });
    },

    nudge: deps.nudgeOutbox,
  };
}
