import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  payeeInputSchema,
  payeeListQuerySchema,
  payeePageSchema,
  payeeSchema,
  recentRecipientsSchema,
  looseIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import { defineArea } from '../../plugins/area';
import type { PayeeService } from './payee-service';

/** Any id up to 64 characters: one that is not a uuid is nobody's payee, answered as a missing one. */
const idParams = looseIdParamsSchema;
function payeeId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw new AppError('PAYEE_NOT_FOUND');
  return id;
}

const errors = errorResponses(400, 401, 403, 404, 409, 422);

/** The payee book and recent recipients (issue 18, decision 0156): the signed-in customer's own only. */
export function payeeRoutes(deps: { payees: PayeeService }): FastifyPluginAsyncZod {
  const { payees } = deps;
  return defineArea('customer', async (app) => {
    app.get(
      '/me/payees',
      {
        schema: {
          tags: ['payees'],
          summary: "The customer's payees, by name, one keyset page at a time",
          querystring: payeeListQuerySchema,
          response: { 200: payeePageSchema, ...errors },
        },
      },
      async (request) => payees.list(request.actor.userId, request.query),
    );

    app.post(
      '/me/payees',
      {
        schema: {
          tags: ['payees'],
          summary: 'Save a payee (domestic or international details)',
          body: payeeInputSchema,
          response: { 201: payeeSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await payees.create(request.actor, request.body)),
    );

    app.patch(
      '/me/payees/:id',
      {
        schema: {
          tags: ['payees'],
          summary: 'Change a saved payee (all its details)',
          params: idParams,
          body: payeeInputSchema,
          response: { 200: payeeSchema, ...errors },
        },
      },
      async (request) => payees.update(request.actor, payeeId(request.params.id), request.body),
    );

    app.delete(
      '/me/payees/:id',
      {
        schema: {
          tags: ['payees'],
          summary: 'Delete a saved payee',
          params: idParams,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await payees.remove(request.actor, payeeId(request.params.id));
        return { ok: true as const };
      },
    );

    app.get(
      '/me/recent-recipients',
      {
        schema: {
          tags: ['payees'],
          summary: 'Who the customer paid lately (a few, newest first), from their own records',
          response: { 200: recentRecipientsSchema, ...errors },
        },
      },
      async (request) => ({ items: await payees.recent(request.actor.userId) }),
    );
  });
}
