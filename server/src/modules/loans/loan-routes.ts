import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerLoanPageSchema,
  customerLoanQuerySchema,
  customerLoanSchema,
  errorEnvelopeSchema,
  loanApplicationRequestSchema,
  loanCancelRequestSchema,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import type { Guards } from '../../plugins/authentication';
import type { LoanActor, LoanService } from './loan-service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const loanIdParams = z.object({ id: z.uuid() });

/** A customer's loans: apply, list, read, cancel. Every route is scoped to the session's own user. */
export function loanRoutes(deps: { loans: LoanService; guards: Guards }): FastifyPluginAsyncZod {
  const { loans, guards } = deps;
  return async (app) => {
    // Guard before the body is parsed: a guest learns nothing about the shape of requests.
    app.addHook('onRequest', async (request, reply) => {
      await guards.requireCustomer(request, reply);
    });
    const actorOf = (request: { auth: { userId: string } | null; ip: string }): LoanActor => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED');
      return { userId: request.auth.userId, ip: request.ip };
    };

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
        const outcome = await loans.apply(actorOf(request), request.body);
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
      async (request) => loans.listForCustomer(actorOf(request).userId, request.query),
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
        const loan = await loans.getForCustomer(actorOf(request).userId, request.params.id);
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
        const outcome = await loans.cancel(actorOf(request), request.params.id, request.body ?? {});
        if (outcome.status === 'refused') throw new AppError(outcome.code);
        return outcome.loan;
      },
    );
  };
}
