import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, loanInquiryResponseSchema, loanInquirySchema } from '@larkspur/contract';
import type { LoanInquiryService } from './inquiry-service';

/**
 * Inquiries come from anonymous visitors, so the only brake on a flood of fake leads is the IP.
 * Five an hour is far more than one household asking about a car and a personal loan needs.
 */
export const LOAN_INQUIRY_RATE_LIMIT_PER_HOUR = 5;
const RATE_LIMIT_WINDOW = '1 hour';

export function loanInquiryRoutes(deps: { inquiries: LoanInquiryService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/loan-inquiries',
      {
        // onRequest: counted before the body is parsed, so a flood of junk is turned away cheaply too.
        onRequest: app.rateLimit({ max: LOAN_INQUIRY_RATE_LIMIT_PER_HOUR, timeWindow: RATE_LIMIT_WINDOW }),
        schema: {
          tags: ['loans'],
          summary:
            "A visitor's loan inquiry from a public loan page (stored as a Pending application with no user)",
          body: loanInquirySchema,
          response: {
            201: loanInquiryResponseSchema,
            400: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const created = await deps.inquiries.submit(request.body);
        request.log.info({ loanId: created.id, loanType: created.loanType }, 'loan inquiry received');
        return reply.status(201).send(created);
      },
    );
  };
}
