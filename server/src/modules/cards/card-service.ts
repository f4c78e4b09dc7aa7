import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CARD_ACTIVITY_LIMIT, CARD_BRAND, type Card, type CardEvent } from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { auditLog, cards, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';
import { CARD_VALIDITY_YEARS, newCardNumber } from './card-numbers';

/** Most cards issued per back-fill batch at start-up, so a large bank back-fills in bounded steps. */
const BACKFILL_BATCH_SIZE = 500;
/**
 * Most audit rows read for one card's history: the page shows CARD_ACTIVITY_LIMIT, and the last
 * real change of status is found among these (repeated freezes of a frozen card are not one).
 */
const CARD_HISTORY_READ_MAX = 100;

type CardRow = typeof cards.$inferSelect;

type AuditRow = Pick<typeof auditLog.$inferSelect, 'action' | 'outcome' | 'createdAt' | 'details'>;

/**
 * A card's history is its audit trail (card-routes.ts records every freeze and unfreeze, refused
 * ones too): no column of its own, so a card never frozen has no "status changed" time, and a
 * freeze of a card already frozen is not a change.
 */
function eventOf(row: AuditRow): (CardEvent & { changed: boolean }) | null {
  const at = row.createdAt.toISOString();
  const details = row.details as { before?: { status?: string }; after?: { status?: string } } | null;
  const changed = details?.before?.status !== undefined && details.before.status !== details.after?.status;
  if (row.action === 'card.freeze' && row.outcome === 'success') return { kind: 'frozen', at, changed };
  if (row.action === 'card.unfreeze' && row.outcome === 'success') return { kind: 'unfrozen', at, changed };
  if (row.action === 'card.unfreeze') return { kind: 'unfreeze-refused', at, changed: false };
  return null;
}

function toCard(row: CardRow, history: AuditRow[] = []): Card {
  const events = history.map(eventOf).filter((e): e is CardEvent & { changed: boolean } => e !== null);
  return {
    id: row.id,
    brand: CARD_BRAND,
    last4: row.last4,
    maskedNumber: `•••• •••• •••• ${row.last4}`,
    holderName: row.holderName,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    statusChangedAt: events.find((e) => e.changed)?.at ?? null,
    recentActivity: events.slice(0, CARD_ACTIVITY_LIMIT).map(({ kind, at }) => ({ kind, at })),
  };
}

export function createCardService(deps: { db: Database; clock: Clock; cipher: FieldCipher }) {
  const { db, clock, cipher } = deps;

  async function issue(tx: DbOrTx, userId: string, holderName: string): Promise<void> {
    const now = clock.now();
    const number = newCardNumber();
    await tx
      .insert(cards)
      .values({
        userId,
        numberEncrypted: cipher.encrypt(number),
        last4: number.slice(-4),
        holderName: holderName.toUpperCase(),
        expiryMonth: now.getUTCMonth() + 1,
        expiryYear: now.getUTCFullYear() + CARD_VALIDITY_YEARS,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: cards.userId });
  }

  return {
    /** Issues the customer's virtual debit card (in the sign-up transaction). */
    issue,

    /** Customers who exist without a card (opened before cards) get one: a data migration run at start-up. */
    async backfill(): Promise<number> {
      let issued = 0;
      for (;;) {
        const missing = await db
          .select({ userId: profiles.userId, firstName: profiles.firstName, surname: profiles.surname })
          .from(profiles)
          .leftJoin(cards, eq(cards.userId, profiles.userId))
          .where(and(eq(profiles.role, 'user'), isNull(cards.id)))
          .limit(BACKFILL_BATCH_SIZE);
        if (missing.length === 0) return issued;
        await db.transaction(async (tx) => {
          for (const m of missing) await issue(tx, m.userId, `${m.firstName} ${m.surname}`);
        });
        issued += missing.length;
      }
    },

    async list(userId: string): Promise<Card[]> {
      const rows = await db.select().from(cards).where(eq(cards.userId, userId));
      return Promise.all(
        rows.map(async (row) => {
          // The customer's own actions on this card, newest first (the actor index serves it).
          // One more than shown, plus older ones only as far as needed to find the last change.
          const history = await db
            .select({
              action: auditLog.action,
              outcome: auditLog.outcome,
              createdAt: auditLog.createdAt,
              details: auditLog.details,
            })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.actorId, userId),
                eq(auditLog.subjectType, 'card'),
                eq(auditLog.subjectId, row.id),
                inArray(auditLog.action, ['card.freeze', 'card.unfreeze']),
              ),
            )
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(CARD_HISTORY_READ_MAX);
          return toCard(row, history);
        }),
      );
    },

    /** Freezes or unfreezes one of the customer's own cards; someone else's card is not found. */
    async setStatus(
      userId: string,
      cardId: string,
      status: 'active' | 'frozen',
    ): Promise<{ card: Card; before: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(cards)
          .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
          .for('update')
          .limit(1);
        if (!row) throw new AppError('NOT_FOUND', { message: 'Card not found.' });
        const [updated] = await tx
          .update(cards)
          .set({ status, updatedAt: clock.now() })
          .where(eq(cards.id, cardId))
          .returning();
        return { card: toCard(updated ?? row), before: row.status };
      });
    },

    /** For tests and operations: how many cards exist. */
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cards);
      return row?.n ?? 0;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
