import { z } from 'zod';
import { LOGIN_FIELD_LENGTH_MAX } from './auth';

export const CARD_BRAND = 'Larkspur Debit';
export const cardStatusSchema = z.enum(['active', 'frozen']);

/** How many of a card's latest freezes, unfreezes and refused unfreezes the cards page shows. */
export const CARD_ACTIVITY_LIMIT = 10;

/** One card-related event, as the customer sees it on the cards page. */
export const cardEventSchema = z.object({
  kind: z.enum(['frozen', 'unfrozen', 'unfreeze-refused']),
  at: z.string(),
});
export type CardEvent = z.infer<typeof cardEventSchema>;

/** A card as the customer sees it: never the whole number. */
export const cardSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  maskedNumber: z.string(),
  holderName: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  status: cardStatusSchema,
  updatedAt: z.string(),
  /** When the status last changed (frozen or unfrozen); null for a card never frozen. */
  statusChangedAt: z.string().nullable(),
  /** The latest card events, newest first, at most CARD_ACTIVITY_LIMIT. */
  recentActivity: z.array(cardEventSchema).max(CARD_ACTIVITY_LIMIT),
});
export type Card = z.infer<typeof cardSchema>;

export const cardsResponseSchema = z.object({ items: z.array(cardSchema) });

/** Unfreezing asks for the password again: a stolen unlocked phone should not re-enable a card. */
export const unfreezeCardSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(LOGIN_FIELD_LENGTH_MAX),
});
