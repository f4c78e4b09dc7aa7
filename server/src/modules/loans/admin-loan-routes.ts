import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoanApproveRequestSchema,
  adminLoanApproveResponseSchema,
  adminLoanDetailSchema,
  adminLoanPageSchema,
  adminLoanQuerySchema,
  adminLoanStatusRequestSchema,
  uuidIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import { idempotencyHeader, moneyReply, moneySchema } from '../ledger/index';
import { requireCapability } from '../../plugins/staff-access';
import type { LoanService } from './loan-service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const loanIdParams = uuidIdParamsSchema;

/**
 * The back office's loans: every application and inquiry, status changes, approval. Registered
 * inside the admin area, whose hook has already checked the role on the server.
 */
export function adminLoanRoutes(deps: { loans: LoanService }): FastifyPluginAsyncZod {
  const { loans } = deps;
  return async (app) => {
    app.get(
      '/loans',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary:
            'All applications and visitor inquiries, newest first, filtered, one keyset page at a time',
          querystring: adminLoanQuerySchema,
          response: { 200: adminLoanPageSchema, ...errors },
        },
      },
      async (request) => loans.listForAdmin(request.query),
    );

    app.get(
      '/loans/:id',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: 'One application or inquiry with its status history',
          params: loanIdParams,
          response: { 200: adminLoanDetailSchema, ...errors },
        },
      },
      async (request) => {
        const loan = await loans.getForAdmin(request.params.id);
        if (!loan) throw new AppError('LOAN_NOT_FOUND');
        return loan;
      },
    );

    app.patch(
      '/loans/:id',
      {
        preHandler: requireCapability('loans.approve'),
        schema: {
          tags: ['admin'],
          summary:
            'Set a status other than Approved (Pending, Under Review, Rejected, Cancelled), with a reason',
          params: loanIdParams,
          body: adminLoanStatusRequestSchema,
          response: { 200: adminLoanDetailSchema, ...errors },
        },
      },
      async (request) => {
        const outcome = await loans.setStatus(request.actor, request.params.id, request.body);
        if (outcome.status === 'refused') throw new AppError(outcome.code);
        return outcome.loan;
      },
    );

    app.post(
      '/loans/:id/approve',
      {
        preHandler: requireCapability('loans.approve'),
        // The money routes' one preamble (decision 0145): approval pays the loan out.
        schema: moneySchema({
          tags: ['admin'],
          summary:
            'Approve a loan awaiting a decision: pays it out to the applicant. Idempotency-Key supported.',
          params: loanIdParams,
          headers: idempotencyHeader,
          // Fastify hands a request without a body over as null.
          body: adminLoanApproveRequestSchema.nullish(),
          response: { 200: adminLoanApproveResponseSchema, ...errors },
        }),
      },
      async (request, reply) =>
        moneyReply(
          request,
          reply,
          (caller, key) => loans.approve(caller, request.params.id, request.body ?? {}, key),
          null, // staff money: a customer cannot start it, so no customer's budget is drawn on
        ),
    );
  };
}
