import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moneyRequestApproveSchema,
  moneyRequestDecisionSchema,
  moneyRequestListQuerySchema,
  moneyRequestPageSchema,
  moneyRequestRejectSchema,
  errorResponses,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import { requireCapability } from '../../plugins/staff-access';
import type { MoneyRequestService } from './money-request-service';

const errors = errorResponses(400, 401, 403, 404, 409);
/** Longest path id read; anything that is not one of our ids is simply not found. */
const REQUEST_ID_LENGTH_MAX = 64;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const requestParams = z.object({ id: z.string().max(REQUEST_ID_LENGTH_MAX) });

function requestIdOf(params: { id: string }): string {
  if (!UUID_PATTERN.test(params.id)) throw new AppError('MONEY_REQUEST_NOT_FOUND');
  return params.id.toLowerCase();
}

/**
 * The maker-checker queue (DESIGN "Paths added in the second wave"; decisions 0170–0172).
 * Registered inside the admin area, whose hook has already checked the role.
 */
export function moneyRequestRoutes(deps: { requests: MoneyRequestService }): FastifyPluginAsyncZod {
  const { requests } = deps;
  return async (app) => {
    app.get(
      '/requests',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary:
            'Money requests awaiting (or past) a second approval, newest first, by state; mine=true: my own',
          querystring: moneyRequestListQuerySchema,
          response: { 200: moneyRequestPageSchema, ...errors },
        },
      },
      async (request) => requests.list(request.actor, request.query),
    );

    app.post(
      '/requests/:id/approve',
      {
        preHandler: requireCapability('money.approve'),
        schema: {
          tags: ['admin'],
          summary:
            'Approve another staff member’s request: the money moves now, once (failed if the movement is refused)',
          params: requestParams,
          // Fastify hands a request without a body over as null.
          body: moneyRequestApproveSchema.nullish(),
          response: { 200: moneyRequestDecisionSchema, ...errors },
        },
      },
      async (request) => ({ request: await requests.approve(request.actor, requestIdOf(request.params)) }),
    );

    app.post(
      '/requests/:id/reject',
      {
        preHandler: requireCapability('money.approve'),
        schema: {
          tags: ['admin'],
          summary: 'Reject another staff member’s request, with a reason: nothing moves',
          params: requestParams,
          body: moneyRequestRejectSchema,
          response: { 200: moneyRequestDecisionSchema, ...errors },
        },
      },
      async (request) => ({
        request: await requests.reject(request.actor, requestIdOf(request.params), request.body.reason),
      }),
    );
  };
}
