import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountStepUpStartRequestSchema,
  stepUpStartRequestSchema,
  stepUpStartResponseSchema,
  stepUpVerifyRequestSchema,
  stepUpVerifyResponseSchema,
  errorResponses,
} from '@larkspur/contract';
import { defineArea } from '../../plugins/area';
import type { SessionCookie } from '../../plugins/authentication';
import { requestContext } from '../passkeys/index';
import type { StepUpService } from './step-up-service';

/** Step-ups a session may start or answer in a minute (each start may email a code). */
const STEP_UP_REQUESTS_PER_MINUTE = 20;

const errors = errorResponses(400, 401, 403, 422, 429, 503);

/** The review step of Send money: is a second factor needed for this transfer, and the answer to it. */
export function stepUpRoutes(deps: {
  stepUp: StepUpService;
  cookie: SessionCookie;
  /** STEP_UP_PAYMENTS: when off, no transfer needs a step-up, and the review step is told so. */
  enforced: boolean;
}): FastifyPluginAsyncZod {
  const { stepUp, cookie, enforced } = deps;

  return defineArea('customer', async (app) => {
    const limit = app.rateLimit({
      max: STEP_UP_REQUESTS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request) => request.auth?.userId ?? request.ip,
    });

    app.post(
      '/transfers/step-up',
      {
        preHandler: limit,
        schema: {
          tags: ['banking'],
          summary:
            'Review step: does this exact transfer (and its Idempotency-Key) need a second factor? If so, starts a passkey prompt or emails a code',
          body: stepUpStartRequestSchema,
          response: { 200: stepUpStartResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        if (!enforced) return { required: false as const };
        return stepUp.start(session, request.body, requestContext(request, cookie));
      },
    );

    app.post(
      '/transfers/step-up/verify',
      {
        preHandler: limit,
        schema: {
          tags: ['banking'],
          summary:
            'Answer a step-up with a passkey assertion or the emailed code; returns the proof for the Step-Up-Token header',
          body: stepUpVerifyRequestSchema,
          response: { 200: stepUpVerifyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        return stepUp.verify(session, request.body, requestContext(request, cookie));
      },
    );

    // Issue 27 (decision 0185): a change of what proves it is the customer needs the factor they
    // already have, whether or not STEP_UP_PAYMENTS is on (that setting is about payments).
    app.post(
      '/me/step-up',
      {
        preHandler: limit,
        schema: {
          tags: ['passkeys'],
          summary:
            'Before adding or removing a passkey or changing the password: starts a passkey prompt (a passkey older than PASSKEY_STEP_UP_DELAY_HOURS) or emails a code',
          body: accountStepUpStartRequestSchema,
          response: { 200: stepUpStartResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        return stepUp.startForAccount(session, request.body.action, requestContext(request, cookie));
      },
    );

    app.post(
      '/me/step-up/verify',
      {
        preHandler: limit,
        schema: {
          tags: ['passkeys'],
          summary:
            'Answer the account step-up with a passkey assertion or the emailed code; returns the proof for the change’s Step-Up-Token header',
          body: stepUpVerifyRequestSchema,
          response: { 200: stepUpVerifyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        return stepUp.verify(session, request.body, requestContext(request, cookie));
      },
    );
  });
}
