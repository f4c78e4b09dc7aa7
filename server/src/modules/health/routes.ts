import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '@larkspur/contract';
import type { DatabaseHandle } from '../../db/client';

export function healthRoutes(deps: { database: DatabaseHandle }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process answers',
          response: { 200: healthResponseSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers',
          response: { 200: readyResponseSchema, 503: readyResponseSchema },
        },
      },
      async (request, reply) => {
        try {
          await deps.database.ping();
          return { status: 'ready' as const, database: deps.database.kind };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
        }
      },
    );
  };
}
