import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEmailChangeConfirmResponseSchema,
  adminEmailChangeConfirmSchema,
  adminEmailChangeDecisionResponseSchema,
  adminEmailChangeStatusSchema,
  emailChangeStopResponseSchema,
  emailChangeStopSchema,
  adminEmailChangeStartResponseSchema,
  adminEmailChangeStartSchema,
  adminPasswordResetResponseSchema,
  adminReasonOnlySchema,
  adminUnlockResponseSchema,
  errorEnvelopeSchema,
  forgotAccountNumberSchema,
  forgotPasswordSchema,
  passwordResetDoneSchema,
  recoveryAcceptedSchema,
  resetPasswordSchema,
  errorResponses,
  looseIdParamsSchema,
} from '@larkspur/contract';
import { ownIdOrNotFound } from '../../lib/path-ids';
import type { RecoveryService } from './recovery-service';
import { requireCapability } from '../../plugins/staff-access';

/** Per-IP ceiling on the recovery forms (a per-instance backstop beside the per-customer throttles). */
export const RECOVERY_RATE_LIMIT_PER_MINUTE = 10;

const errors = errorResponses(400, 401, 403, 429);
const userParams = looseIdParamsSchema;
const userIdOf = (params: { id: string }): string => ownIdOrNotFound(params.id, 'USER_NOT_FOUND');

/** The guest forms: POST /api/auth/password/forgot, /password/reset, /account-number/forgot. */
export function recoveryRoutes(deps: { recovery: RecoveryService }): FastifyPluginAsyncZod {
  const { recovery } = deps;
  return async (app) => {
    const limit = app.rateLimit({ max: RECOVERY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });

    app.post(
      '/auth/password/forgot',
      {
        preHandler: limit,
        schema: {
          tags: ['auth'],
          summary:
            'Forgot password: an account number or email address; always 202 with the same body, matched or not. When it matches an active customer, a 6-digit code is emailed',
          body: forgotPasswordSchema,
          response: { 202: recoveryAcceptedSchema, ...errors },
        },
      },
      async (request, reply) => {
        await recovery.forgotPassword(request.body.identifier, { ip: request.ip });
        reply.header('Cache-Control', 'no-store');
        return reply.status(202).send({ ok: true as const });
      },
    );

    app.post(
      '/auth/password/reset',
      {
        preHandler: limit,
        schema: {
          tags: ['auth'],
          summary:
            'Set a new password with the emailed code; every session of the customer ends and a "password changed" email goes out',
          body: resetPasswordSchema,
          response: { 200: passwordResetDoneSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { identifier, code, newPassword } = request.body;
        await recovery.resetPassword({ identifier, code, newPassword }, { ip: request.ip });
        reply.header('Cache-Control', 'no-store');
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/email-change/stop',
      {
        preHandler: limit,
        schema: {
          tags: ['auth'],
          summary:
            'The link mailed to the old address of a staff-help email change (decision 0182): cancels it while it waits for approval, or puts the old address back while the change cools off (every session ends)',
          body: emailChangeStopSchema,
          response: { 200: emailChangeStopResponseSchema, ...errors, 409: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const outcome = await recovery.stopEmailChange(request.body.token, { ip: request.ip });
        reply.header('Cache-Control', 'no-store');
        return { ok: true as const, outcome };
      },
    );

    app.post(
      '/auth/account-number/forgot',
      {
        preHandler: limit,
        schema: {
          tags: ['auth'],
          summary:
            "Forgot account number: an email address; always 202 with the same body. When it is a customer's, the account number is emailed to it",
          body: forgotAccountNumberSchema,
          response: { 202: recoveryAcceptedSchema, ...errors },
        },
      },
      async (request, reply) => {
        await recovery.forgotAccountNumber(request.body.email, { ip: request.ip });
        reply.header('Cache-Control', 'no-store');
        return reply.status(202).send({ ok: true as const });
      },
    );
  };
}

/**
 * The back office's help (registered inside the admin area, whose hook has checked the role):
 * a reset code, an unlock, an email change confirmed by a code to the new address and approved by
 * a second member of staff (decision 0182). Each needs a reason, kept in the audit log.
 */
export function adminRecoveryRoutes(deps: { recovery: RecoveryService }): FastifyPluginAsyncZod {
  const { recovery } = deps;
  return async (app) => {
    const adminErrors = { ...errors, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

    app.post(
      '/users/:id/password-reset',
      {
        preHandler: requireCapability('customers.serve'),
        schema: {
          tags: ['admin'],
          summary:
            'Email the customer a password-reset code (to their own address; the admin never sees it), with a reason',
          params: userParams,
          body: adminReasonOnlySchema,
          response: { 200: adminPasswordResetResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const sent = await recovery.adminSendResetCode(
          request.actor,
          userIdOf(request.params),
          request.body.reason,
        );
        return { ok: true as const, email: sent.email, expiresAt: sent.expiresAt.toISOString() };
      },
    );

    app.post(
      '/users/:id/unlock',
      {
        preHandler: requireCapability('customers.serve'),
        schema: {
          tags: ['admin'],
          summary:
            "Lift a customer's sign-in lock (back-off or hard lock) and reset-code lock, with a reason",
          params: userParams,
          body: adminReasonOnlySchema,
          response: { 200: adminUnlockResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const result = await recovery.adminUnlock(
          request.actor,
          userIdOf(request.params),
          request.body.reason,
        );
        return { ok: true as const, wasLocked: result.wasLocked };
      },
    );

    app.post(
      '/users/:id/email-change',
      {
        preHandler: requireCapability('customers.serve'),
        schema: {
          tags: ['admin'],
          summary: "Start changing a customer's email: a code goes to the new address, with a reason",
          params: userParams,
          body: adminEmailChangeStartSchema,
          response: { 200: adminEmailChangeStartResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const started = await recovery.adminStartEmailChange(
          request.actor,
          userIdOf(request.params),
          request.body,
        );
        return { ok: true as const, newEmail: started.newEmail, expiresAt: started.expiresAt.toISOString() };
      },
    );

    app.post(
      '/users/:id/email-change/confirm',
      {
        preHandler: requireCapability('customers.serve'),
        schema: {
          tags: ['admin'],
          summary:
            'Confirm the new address with the code the customer reads from it: the change then waits (202) for a second member of staff to approve it, and the old address is told, with a link that stops it',
          params: userParams,
          body: adminEmailChangeConfirmSchema,
          response: { 202: adminEmailChangeConfirmResponseSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { newEmail } = await recovery.adminConfirmEmailChange(
          request.actor,
          userIdOf(request.params),
          request.body,
        );
        return reply.status(202).send({ ok: true as const, state: 'pending' as const, newEmail });
      },
    );

    app.get(
      '/users/:id/email-change',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary:
            "The customer's email change waiting for approval, or the applied one still cooling off (no reset or step-up codes to the new address); null when there is neither",
          params: userParams,
          response: { 200: adminEmailChangeStatusSchema, ...adminErrors },
        },
      },
      async (request) => ({ change: await recovery.adminEmailChange(userIdOf(request.params)) }),
    );

    app.post(
      '/users/:id/email-change/approve',
      {
        preHandler: requireCapability('customers.approve'),
        schema: {
          tags: ['admin'],
          summary:
            "Approve someone else's email change (never one's own): the address changes, both addresses are told, and the new one cools off",
          params: userParams,
          body: adminReasonOnlySchema,
          response: { 200: adminEmailChangeDecisionResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        await recovery.adminApproveEmailChange(request.actor, userIdOf(request.params), request.body.reason);
        return { ok: true as const, state: 'applied' as const };
      },
    );

    app.post(
      '/users/:id/email-change/reject',
      {
        preHandler: requireCapability('customers.approve'),
        schema: {
          tags: ['admin'],
          summary: "Reject someone else's email change; the customer's address stays, and they are told",
          params: userParams,
          body: adminReasonOnlySchema,
          response: { 200: adminEmailChangeDecisionResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        await recovery.adminRejectEmailChange(request.actor, userIdOf(request.params), request.body.reason);
        return { ok: true as const, state: 'rejected' as const };
      },
    );
  };
}
