import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminFxRatePageSchema,
  adminFxRateSchema,
  fxCurrencyParamsSchema,
  fxRateListQuerySchema,
  fxRatePageSchema,
  putFxRateRequestSchema,
  errorResponses,
} from '@larkspur/contract';
import { defineArea } from '../../plugins/area';
import { requireCapability } from '../../plugins/staff-access';
import type { FxRateService } from './fx-rates';

const errors = errorResponses(400, 401, 403, 422);

/** GET /api/fx-rates: the bank's posted rates, for a signed-in customer's international transfer. */
export function fxRateRoutes(deps: { fx: FxRateService }): FastifyPluginAsyncZod {
  return defineArea('customer', async (app) => {
    app.get(
      '/fx-rates',
      {
        schema: {
          tags: ['banking'],
          summary: "The bank's posted exchange rates (US dollars per unit), newest per currency",
          querystring: fxRateListQuerySchema,
          response: { 200: fxRatePageSchema, ...errors },
        },
      },
      async (request) => deps.fx.list(request.query),
    );
  });
}

/** The back office's rate table (registered inside the admin area, whose hook checks the role). */
export function adminFxRateRoutes(deps: { fx: FxRateService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/fx-rates',
      {
        schema: {
          tags: ['admin'],
          summary: 'The posted exchange rates, newest per currency, with who posted them',
          querystring: fxRateListQuerySchema,
          response: { 200: adminFxRatePageSchema, ...errors },
        },
        preHandler: requireCapability('backoffice.read'),
      },
      async (request) => deps.fx.adminList(request.query),
    );
    app.put(
      '/fx-rates/:currency',
      {
        schema: {
          tags: ['admin'],
          summary: 'Post a new rate for a currency (US dollars per unit); audited',
          params: fxCurrencyParamsSchema,
          body: putFxRateRequestSchema,
          response: { 200: adminFxRateSchema, ...errors },
        },
        // Rates are a bank setting: administrators post them (decision 0167).
        preHandler: requireCapability('settings.manage'),
      },
      async (request) => {
        return deps.fx.post(request.actor, request.params.currency, request.body.usdPerUnit);
      },
    );
  };
}
