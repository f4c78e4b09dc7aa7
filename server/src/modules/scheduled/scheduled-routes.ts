import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STEP_UP_TOKEN_HEADER,
  createScheduledTransferSchema,
  errorEnvelopeSchema,
  scheduledTransferPageSchema,
  scheduledTransferSchema,
  scheduledTransfersQuerySchema,
  updateScheduledTransferSchema,
  uuidIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import { defineArea } from '../../plugins/area';
import type { ResolvedSession } from '../auth/index';
import { idempotencyHeader, moneyReply, moneySchema, type MoneyBudget } from '../ledger/index';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { stepUpTokenOf } from '../../lib/step-up-token';
import type { StepUpService } from '../step-up/index';
import type { AuthoriseSeries, ScheduledService } from './scheduled-service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const stepUpHeaders = idempotencyHeader.extend({ [STEP_UP_TOKEN_HEADER]: z.string().max(200).optional() });

/**
 * Scheduled and recurring transfers (issue 18): list, create, change the amount or purpose, cancel.
 * Creating one (and raising its amount) follows the step-up rule of POST /api/transfers (decision
 * 0137) with the same proof: the customer steps up once, for the whole series; its payments then
 * run without one.
 */
export function scheduledRoutes(deps: {
  scheduled: ScheduledService;
  /** Null when STEP_UP_PAYMENTS=off (test and benchmark setups only). */
  stepUp: StepUpService | null;
  /** The customer's money-movement budget (decision 0194): creating a series draws on it. */
  budget: MoneyBudget;
}): FastifyPluginAsyncZod {
  const { scheduled, stepUp, budget } = deps;
  return defineArea('customer', async (app) => {
    /** The step-up rule for this request, bound to its Idempotency-Key and Step-Up-Token. */
    const authoriser = (
      session: ResolvedSession,
      key: string | null,
      header: string | string[] | undefined,
    ): AuthoriseSeries | undefined => {
      if (!stepUp) return undefined;
      const token = stepUpTokenOf(header);
      return (tx, transfer) => stepUp.authorise(tx, { session, transfer, idempotencyKey: key, token });
    };
    const refused = async (error: unknown, session: ResolvedSession, ip: string, header: unknown) => {
      await stepUp?.recordIfRefused(error, session, { ip, hadToken: header !== undefined });
      return error;
    };

    app.get(
      '/me/scheduled-transfers',
      {
        schema: {
          tags: ['scheduled'],
          summary: 'Scheduled and recurring transfers, newest first (active ones by default)',
          querystring: scheduledTransfersQuerySchema,
          response: { 200: scheduledTransferPageSchema, ...errors },
        },
      },
      async (request) => scheduled.list(request.session.userId, request.query),
    );

    app.post(
      '/me/scheduled-transfers',
      {
        schema: moneySchema({
          tags: ['scheduled'],
          summary:
            'Schedule a transfer for a day, or weekly / monthly until a date or a number of times. Idempotency-Key supported.',
          headers: stepUpHeaders,
          body: createScheduledTransferSchema,
          response: { 201: scheduledTransferSchema, ...errors, 429: errorEnvelopeSchema },
        }),
      },
      // The money routes' one preamble (decision 0145), with the customer's budget (0194).
      async (request, reply) =>
        moneyReply(
          request,
          reply,
          async (caller, key) => {
            const session = request.session;
            const header = request.headers[STEP_UP_TOKEN_HEADER];
            try {
              return await scheduled.create(caller, request.body, key, authoriser(session, key, header));
            } catch (error) {
              throw await refused(error, session, request.ip, header);
            }
          },
          budget,
        ),
    );

    app.patch(
      '/me/scheduled-transfers/:id',
      {
        schema: {
          tags: ['scheduled'],
          summary:
            "Change a scheduled transfer's amount or purpose (from its next payment on), or its first payment's day before that payment is made",
          params: uuidIdParamsSchema,
          headers: stepUpHeaders,
          body: updateScheduledTransferSchema,
          response: { 200: scheduledTransferSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        const key = parseIdempotencyKey(request.headers['idempotency-key']);
        const header = request.headers[STEP_UP_TOKEN_HEADER];
        try {
          return await scheduled.update(
            { userId: session.userId, ip: request.ip },
            request.params.id,
            request.body,
            authoriser(session, key, header),
          );
        } catch (error) {
          throw await refused(error, session, request.ip, header);
        }
      },
    );

    app.delete(
      '/me/scheduled-transfers/:id',
      {
        schema: {
          tags: ['scheduled'],
          summary: 'Cancel a scheduled transfer: none of its payments still to come is made',
          params: uuidIdParamsSchema,
          response: { 200: scheduledTransferSchema, ...errors },
        },
      },
      async (request) =>
        scheduled.cancel({ userId: request.session.userId, ip: request.ip }, request.params.id),
    );
  });
}
