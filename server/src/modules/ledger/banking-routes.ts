import { and, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_FIELD_LENGTH_MAX,
  checkDepositRequestSchema,
  customerTransactionPageSchema,
  errorEnvelopeSchema,
  insightsQuerySchema,
  insightsResponseSchema,
  STEP_UP_TOKEN_HEADER,
  recipientLookupQuerySchema,
  recipientLookupResponseSchema,
  statementQuerySchema,
  transactionRecordSchema,
  transferRequestSchema,
  type TransferRequest,
  uuidIdParamsSchema,
} from '@larkspur/contract';
import type { Database, ReadDatabase } from '../../db/client';
import { depositHolds, transactionRecords } from '../../db/schema/index';
import { sendCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { defineArea } from '../../plugins/area';
import type { BankingService, StepUpCheck } from './banking-service';
import type { ResolvedSession } from '../auth/index';
import {
  idempotencyHeader,
  moneyErrors,
  moneyReply,
  moneyResponses,
  moneySchema,
  type MoneyBudget,
} from './money-route';
import { recordHoldColumns, toRecordDto, toRecordHold } from './records';
import { customerInsights } from './insights';
import { listRecords, recordsCsv } from './statements';
import { withBalancesAfter } from './documents/running-balance';
import type { Clock } from '../../lib/clock';
import { stepUpTokenOf } from '../../lib/step-up-token';
import { lookUpRecipient } from './payee-check';

/**
 * What the transfer route asks of step-up (decision 0137). The step-up service implements it (its
 * `StepUpService` extends this); it is declared here so that the ledger, which step-up builds on
 * (its `StepUpCheck`), does not depend on step-up.
 */
export interface TransferStepUp {
  /**
   * What a transfer carries to `lb_transfer`, which applies the rule under the sender's lock and
   * spends the matching proof as the money moves (else STEP_UP_REQUIRED; the key stays free).
   */
  transferCheck(input: {
    session: ResolvedSession;
    transfer: TransferRequest;
    idempotencyKey: string | null;
    token: string | null;
  }): StepUpCheck;
  /** Audits a transfer refused for want of a step-up (after its transaction rolled back); else nothing. */
  recordIfRefused(
    error: unknown,
    session: ResolvedSession,
    input: { ip: string; hadToken: boolean },
  ): Promise<void>;
}

/** Confirmation-of-payee look-ups per signed-in customer: enough for real use, too few to harvest names. */
export const RECIPIENT_LOOKUPS_PER_MINUTE = 20;
/** Two 5 MB photos in base64 plus the form. */
export const CHECK_DEPOSIT_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

const errors = moneyErrors;

/** The customer's money: send, deposit, statements. Every route is scoped to the session's own user. */
export function bankingRoutes(deps: {
  /** One record, opened right after the customer made it (the receipt): on the primary. */
  db: Database;
  /**
   * Statements, the CSV export and the charts only: they tolerate a standby a few milliseconds
   * behind (decision 0107). Money moves through `banking`, which reads the primary.
   */
  readDb: ReadDatabase;
  banking: BankingService;
  clock: Clock;
  /** Step-up for risky payments (decision 0137); null when STEP_UP_PAYMENTS=off. */
  stepUp?: TransferStepUp | null;
  /** The customer's money-movement budget (decision 0194), drawn on by every money route here. */
  budget: MoneyBudget;
}): FastifyPluginAsyncZod {
  const { db, readDb, banking, clock, budget } = deps;
  const stepUp = deps.stepUp ?? null;
  return defineArea('customer', async (app) => {
    app.post(
      '/transfers',
      {
        schema: moneySchema({
          tags: ['banking'],
          summary: 'Send money (Local, Wire or International Transfer). Idempotency-Key supported.',
          headers: idempotencyHeader.extend({ 'step-up-token': z.string().max(200).optional() }),
          body: transferRequestSchema,
          response: moneyResponses,
        }),
      },
      async (request, reply) =>
        moneyReply(
          request,
          reply,
          async (caller, key) => {
            const session = request.auth;
            if (!stepUp || !session) return banking.transfer(caller.userId, request.body, key);
            const token = stepUpTokenOf(request.headers[STEP_UP_TOKEN_HEADER]);
            try {
              return await banking.transfer(caller.userId, request.body, key, {
                stepUp: stepUp.transferCheck({ session, transfer: request.body, idempotencyKey: key, token }),
              });
            } catch (error) {
              await stepUp.recordIfRefused(error, session, { ip: request.ip, hadToken: token !== null });
              throw error;
            }
          },
          budget,
        ),
    );

    app.post(
      '/deposits/check',
      {
        bodyLimit: CHECK_DEPOSIT_BODY_LIMIT_BYTES,
        schema: moneySchema({
          tags: ['banking'],
          summary:
            'Deposit a check (amount, the MICR line: routing number, payer account number, check number; front and back photos). The same MICR line deposited before, to any account, is 409 DUPLICATE_CHECK. Idempotency-Key supported.',
          headers: idempotencyHeader,
          body: checkDepositRequestSchema,
          response: {
            ...moneyResponses,
            413: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
            503: errorEnvelopeSchema,
          },
        }),
      },
      async (request, reply) =>
        moneyReply(
          request,
          reply,
          (caller, key) => banking.depositCheck(caller.userId, request.body, key),
          budget,
        ),
    );

    app.get(
      '/recipients/:accountNumber',
      {
        preHandler: app.rateLimit({
          max: RECIPIENT_LOOKUPS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => request.auth?.userId ?? request.ip,
        }),
        schema: {
          tags: ['banking'],
          summary:
            'Confirmation of payee: whether an account number is ours and, with ?name=, the name check (match with the masked name, close match with the name on the account, no match with no name)',
          params: z.object({ accountNumber: z.string().max(ACCOUNT_FIELD_LENGTH_MAX) }),
          querystring: recipientLookupQuerySchema,
          response: { 200: recipientLookupResponseSchema, ...errors, 429: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const found = await lookUpRecipient(db, request.params.accountNumber, request.query.name);
        if (found === null) throw new AppError('RECIPIENT_NOT_FOUND');
        return { accountNumber: request.params.accountNumber, ...found };
      },
    );

    app.get(
      '/me/transactions',
      {
        schema: {
          tags: ['banking'],
          summary: "The customer's records, newest first, filtered, one keyset page at a time",
          querystring: statementQuerySchema,
          response: { 200: customerTransactionPageSchema, ...errors },
        },
      },
      async (request) => {
        const { cursor, limit, ...filter } = request.query;
        const userId = request.actor.userId;
        const page = await listRecords(readDb, { ...filter, userId }, { cursor, limit });
        // Each record with the account's balance right after it, whatever the filter (decision 0162).
        return withBalancesAfter(readDb, userId, page);
      },
    );

    app.get(
      '/me/transactions.csv',
      {
        schema: {
          tags: ['banking'],
          summary: 'The same filter as CSV (RFC 4180; formula-like cells neutralised)',
          querystring: statementQuerySchema.omit({ cursor: true, limit: true }),
        },
      },
      async (request, reply) => {
        const filter = { ...request.query, userId: request.actor.userId };
        return sendCsv(reply, recordsCsv(readDb, filter), 'larkspur-statement');
      },
    );

    app.get(
      '/me/insights',
      {
        schema: {
          tags: ['banking'],
          summary: 'Balance per day and money in/out by type over the last 30 or 90 days',
          querystring: insightsQuerySchema,
          response: { 200: insightsResponseSchema, ...errors },
        },
      },
      async (request) => customerInsights(readDb, request.actor.userId, request.query.days, clock.now()),
    );

    app.get(
      '/me/transactions/:id',
      {
        schema: {
          tags: ['banking'],
          summary: 'One of the customer’s own records',
          params: uuidIdParamsSchema,
          response: { 200: transactionRecordSchema, ...errors },
        },
      },
      async (request) => {
        const [row] = await db
          .select({ record: getTableColumns(transactionRecords), hold: recordHoldColumns })
          .from(transactionRecords)
          .leftJoin(depositHolds, eq(depositHolds.recordId, transactionRecords.id))
          .where(
            and(
              eq(transactionRecords.id, request.params.id),
              eq(transactionRecords.userId, request.actor.userId),
            ),
          )
          .limit(1);
        // Someone else's record is answered exactly like a missing one.
        if (!row) throw new AppError('TRANSACTION_NOT_FOUND');
        return toRecordDto(row.record, toRecordHold(row.hold));
      },
    );
  });
}
