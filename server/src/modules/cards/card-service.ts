import { and, eq, isNull, sql } from 'drizzle-orm';
import { CARD_BRAND, type Card } from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { cards, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';
import { CARD_VALIDITY_YEARS, newCardNumber } from './card-numbers';

/** Most cards issued per back-fill batch at start-up, so a large bank back-fills in bounded steps. */
const BACKFILL_BATCH_SIZE = 500;

type CardRow = typeof cards.$inferSelect;

function toCard(row: CardRow): Card {
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
      return rows.map(toCard);
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
