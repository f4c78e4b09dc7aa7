import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerLoanPageSchema,
  customerLoanQuerySchema,
  customerLoanSchema,
  loanApplicationRequestSchema,
  loanCancelRequestSchema,
  uuidIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import { defineArea } from '../../plugins/area';
import type { LoanService } from './loan-service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const loanIdParams = uuidIdParamsSchema;

/** A customer's loans: apply, list, read, cancel. Every route is scoped to the session's own user. */
export function loanRoutes(deps: { loans: LoanService }): FastifyPluginAsyncZod {
  const { loans } = deps;
  return defineArea('customer', async (app) => {
    app.post(
      '/loans',
      {
        schema: {
          tags: ['loans'],
          summary: 'Apply for a loan; the application starts Pending',
          body: loanApplicationRequestSchema,
          response: { 201: customerLoanSchema, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await loans.apply(request.actor, request.body);
        if (outcome.status === 'refused') throw new AppError(outcome.code);
        return reply.status(201).send(outcome.loan);
      },
    );

    app.get(
      '/me/loans',
      {
        schema: {
          tags: ['loans'],
          summary: "The customer's applications, newest first, each with its status history",
          querystring: customerLoanQuerySchema,
          response: { 200: customerLoanPageSchema, ...errors },
        },
      },
      async (request) => loans.listForCustomer(request.actor.userId, request.query),
    );

    app.get(
      '/me/loans/:id',
      {
        schema: {
          tags: ['loans'],
          summary: "One of the customer's own applications",
          params: loanIdParams,
          response: { 200: customerLoanSchema, ...errors },
        },
      },
      async (request) => {
        const loan = await loans.getForCustomer(request.actor.userId, request.params.id);
        // Someone else's loan is answered exactly like a missing one.
        if (!loan) throw new AppError('LOAN_NOT_FOUND');
        return loan;
      },
    );

    app.post(
      '/loans/:id/cancel',
      {
        schema: {
          tags: ['loans'],
          summary: 'Withdraw an application that awaits a decision (Pending or Under Review)',
          params: loanIdParams,
          // Fastify hands a request without a body over as null.
          body: loanCancelRequestSchema.nullish(),
          response: { 200: customerLoanSchema, ...errors },
        },
      },
      async (request) => {
        const outcome = await loans.cancel(request.actor, request.params.id, request.body ?? {});
        if (outcome.status === 'refused') throw new AppError(outcome.code);
        return outcome.loan;
      },
    );
  });
}
