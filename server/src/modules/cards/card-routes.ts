import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardSchema,
  cardsResponseSchema,
  unfreezeCardSchema,
  uuidIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { defineArea } from '../../plugins/area';
import type { AuditLog } from '../audit/index';
import type { AuthService } from '../auth/index';
import type { CardService } from './card-service';

const errors = errorResponses(400, 401, 403, 404);
const cardResponse = z.object({ card: cardSchema });

/** The customer's virtual debit card: see it (masked), freeze it, unfreeze it with the password. */
export function cardRoutes(deps: {
  db: Database;
  cards: CardService;
  auth: Pick<AuthService, 'recheckPassword'>;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const { db, cards, auth, audit } = deps;
  return defineArea('customer', async (app) => {
    app.get(
      '/me/cards',
      {
        schema: {
          tags: ['cards'],
          summary: "The customer's cards, numbers masked",
          response: { 200: cardsResponseSchema, ...errors },
        },
      },
      async (request) => ({ items: await cards.list(request.actor.userId) }),
    );

    app.post(
      '/me/cards/:id/freeze',
      {
        schema: {
          tags: ['cards'],
          summary: 'Freeze a card at once',
          params: uuidIdParamsSchema,
          response: { 200: cardResponse, ...errors },
        },
      },
      async (request) => {
        const userId = request.actor.userId;
        const { card, before } = await cards.setStatus(userId, request.params.id, 'frozen');
        await audit.record(db, {
          action: 'card.freeze',
          outcome: 'success',
          actorId: userId,
          actorRole: 'user',
          subjectType: 'card',
          subjectId: card.id,
          ip: request.ip,
          details: { before: { status: before }, after: { status: card.status }, last4: card.last4 },
        });
        return { card };
      },
    );

    app.post(
      '/me/cards/:id/unfreeze',
      {
        schema: {
          tags: ['cards'],
          summary: 'Unfreeze a card; asks for the password again',
          params: uuidIdParamsSchema,
          body: unfreezeCardSchema,
          response: { 200: cardResponse, ...errors },
        },
      },
      async (request) => {
        const userId = request.actor.userId;
        // Throttled with the sign-ins: too many wrong tries end the session (decision 0082).
        const checked = await auth.recheckPassword(request.session, request.body.password, {
          action: 'card.unfreeze',
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          previousSessionId: null,
        });
        if (checked !== 'ok') {
          await audit.record(db, {
            action: 'card.unfreeze',
            outcome: 'failure',
            actorId: userId,
            actorRole: 'user',
            subjectType: 'card',
            subjectId: request.params.id,
            ip: request.ip,
            reason: 'wrong password',
          });
          throw new AppError('CURRENT_PASSWORD_INCORRECT', {
            field: 'password',
            message: 'Your password is not correct.',
          });
        }
        const { card, before } = await cards.setStatus(userId, request.params.id, 'active');
        await audit.record(db, {
          action: 'card.unfreeze',
          outcome: 'success',
          actorId: userId,
          actorRole: 'user',
          subjectType: 'card',
          subjectId: card.id,
          ip: request.ip,
          details: { before: { status: before }, after: { status: card.status }, last4: card.last4 },
        });
        return { card };
      },
    );
  });
}
