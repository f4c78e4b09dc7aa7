import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminHoldActionResponseSchema,
  adminHoldActionSchema,
  adminHoldListQuerySchema,
  adminHoldPageSchema,
  uuidIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import { requireCapability } from '../../plugins/staff-access';
import type { HoldService } from './hold-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const holdParams = uuidIdParamsSchema;

/**
 * The reviewers' deposit holds (DESIGN "Paths added in the second wave"). Registered inside the
 * admin area, whose hook has already checked the role.
 */
export function adminHoldRoutes(deps: { holds: HoldService }): FastifyPluginAsyncZod {
  const { holds } = deps;
  return async (app) => {
    app.get(
      '/holds',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: 'Check-deposit holds, newest first (status: active by default), keyset-paginated',
          querystring: adminHoldListQuerySchema,
          response: { 200: adminHoldPageSchema, ...errors },
        },
      },
      async (request) => holds.list(request.query),
    );

    app.post(
      '/holds/:id/release',
      {
        preHandler: requireCapability('holds.review'),
        schema: {
          tags: ['admin'],
          summary: 'Release what a hold still holds, now; 409 if it is no longer active',
          params: holdParams,
          body: adminHoldActionSchema,
          response: { 200: adminHoldActionResponseSchema, ...errors },
        },
      },
      async (request) => ({
        hold: await holds.release(request.actor, request.params.id, request.body.reason),
      }),
    );

    app.post(
      '/holds/:id/return',
      {
        preHandler: requireCapability('holds.review'),
        schema: {
          tags: ['admin'],
          summary:
            'Return the check: reverse the deposit (Returned Check record), email the customer; 409 if no longer active',
          params: holdParams,
          body: adminHoldActionSchema,
          response: { 200: adminHoldActionResponseSchema, ...errors },
        },
      },
      async (request) => ({
        hold: await holds.returnCheck(request.actor, request.params.id, request.body.reason),
      }),
    );

    for (const side of ['front', 'back'] as const) {
      app.get(
        `/holds/:id/images/${side}`,
        {
          preHandler: requireCapability('backoffice.read'),
          schema: {
            tags: ['admin'],
            summary: `The stored (re-encoded) photo of the ${side} of the hold's check`,
            params: holdParams,
            produces: ['image/jpeg'],
            response: { 200: z.any(), ...errors },
          },
        },
        async (request, reply) => {
          const image = await holds.image(request.params.id, side);
          if (!image) throw new AppError('NOT_FOUND');
          return reply
            .header('content-type', image.contentType)
            .header('cache-control', 'private, no-store')
            .header('x-content-type-options', 'nosniff')
            .send(image.bytes);
        },
      );
    }
  };
}
