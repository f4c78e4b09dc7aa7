import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAmountRequestSchema,
  adminCreateRecordSchema,
  adminEditRecordSchema,
  adminStatementQuerySchema,
  moneyRequestAcceptedSchema,
  movementResponseSchema,
  pageOf,
  transactionRecordSchema,
  uuidIdParamsSchema,
  looseIdParamsSchema,
} from '@larkspur/contract';
import type { Database, ReadDatabase } from '../../db/client';
import { transactionRecordHistory, transactionRecords } from '../../db/schema/index';
import { ownIdOrNotFound } from '../../lib/path-ids';
import type { MoneyRequestService } from './money-request-service';
import { requireCapability } from '../../plugins/staff-access';
import type { BankingService } from '../ledger/index';
import { findCounterpart } from '../ledger/index';
import { idempotencyHeader, moneyErrors, moneyReply, moneyResponses, moneySchema } from '../ledger/index';
import { listRecords } from '../ledger/index';
import { resolveCustomerFilter } from '../staff/index';

const errors = moneyErrors;

/** The other customer's leg of a transfer (issue 19, decision 0154), for the edit dialog. */
export const recordCounterpartSchema = z.object({
  recordId: z.string(),
  transactionId: z.string(),
  userId: z.string(),
  name: z.string(),
  accountNumber: z.string(),
});

export const recordHistoryEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  reason: z.string(),
  before: z.record(z.string(), z.string()),
  after: z.record(z.string(), z.string()),
  createdAt: z.string(),
});

/** Admin money tools. Registered inside the admin area, whose hook has already checked the role. */
export function adminLedgerRoutes(deps: {
  /** A record's correction history: read right after a correction, so on the primary. */
  db: Database;
  /** The admin's transaction list only (decision 0107); corrections go through `banking`. */
  readDb: ReadDatabase;
  banking: BankingService;
  /** Maker-checker (decision 0170): at or above the threshold, a request instead of a movement. */
  requests: MoneyRequestService;
}): FastifyPluginAsyncZod {
  const { db, readDb, banking, requests } = deps;
  /** A manual movement's answers: moved (201), or waiting for a second person's approval (202). */
  const manualResponses = { ...moneyResponses, 202: moneyRequestAcceptedSchema };
  const asMaker = requireCapability('money.request');
  return async (app) => {
    const cashSummaries = {
      credit: 'Deposit helper: credit a customer (Deposit record), with a reason',
      debit: 'Withdrawal helper: debit a customer (Withdrawal record); returns the new balance',
    } as const;
    for (const direction of ['credit', 'debit'] as const) {
      app.post(
        `/users/:id/${direction}`,
        {
          schema: moneySchema({
            tags: ['admin'],
            summary: cashSummaries[direction],
            params: uuidIdParamsSchema,
            headers: idempotencyHeader,
            body: adminAmountRequestSchema,
            response: manualResponses,
          }),
          preHandler: asMaker,
        },
        async (request, reply) =>
          moneyReply(
            request,
            reply,
            async (caller, key) =>
              (await requests.intercept(
                { kind: direction, userId: request.params.id, input: request.body },
                caller,
                key,
              )) ?? banking.adminCash(direction, caller, request.params.id, request.body, key),
            // Staff money: bounded by maker-checker (decision 0170), not by a customer's budget.
            null,
          ),
      );
    }

    app.get(
      '/transactions',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: 'All records, newest first, filtered, one keyset page at a time',
          querystring: adminStatementQuerySchema,
          response: { 200: pageOf(transactionRecordSchema), ...errors },
        },
      },
      async (request) => {
        const { cursor, limit, ...typed } = request.query;
        return listRecords(readDb, await resolveCustomerFilter(readDb, typed), { cursor, limit });
      },
    );

    app.post(
      '/transactions',
      {
        schema: moneySchema({
          tags: ['admin'],
          summary: 'Create a record for a customer (credit or debit, with counterparty and date)',
          headers: idempotencyHeader,
          body: adminCreateRecordSchema,
          response: manualResponses,
        }),
        preHandler: asMaker,
      },
      async (request, reply) =>
        moneyReply(
          request,
          reply,
          async (caller, key) =>
            (await requests.intercept({ kind: 'record_create', input: request.body }, caller, key)) ??
            banking.adminCreateRecord(caller, request.body, key),
          null, // staff money (decision 0170)
        ),
    );

    app.patch(
      '/transactions/:id',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Edit a record's amount and date; the owner's balance moves by the difference (adjusting entry)",
          params: looseIdParamsSchema,
          body: adminEditRecordSchema,
          response: { 200: movementResponseSchema, 202: moneyRequestAcceptedSchema, ...errors },
        },
        preHandler: asMaker,
      },
      async (request, reply) => {
        // Any id that is not one of ours is simply not found (product §8: "Transaction not found!").
        const recordId = ownIdOrNotFound(request.params.id, 'TRANSACTION_NOT_FOUND');
        const actor = request.actor;
        const queued = await requests.intercept(
          { kind: 'record_edit', recordId, input: request.body },
          actor,
          null,
        );
        // A request (202), or the edit itself when the maker-checker window let it through (200).
        if (queued) return reply.status(queued.statusCode).send(queued.body as never);
        return banking.adminEditRecord(actor, recordId, request.body);
      },
    );

    app.get(
      '/transactions/:id/history',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary:
            "A record's corrections: who, when, why, before and after; and the transfer's other leg, if any",
          params: uuidIdParamsSchema,
          response: {
            200: z.object({
              items: z.array(recordHistoryEntrySchema),
              counterpart: recordCounterpartSchema.nullable(),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const [record] = await db
          .select({
            id: transactionRecords.id,
            entryId: transactionRecords.entryId,
            userId: transactionRecords.userId,
          })
          .from(transactionRecords)
          .where(eq(transactionRecords.id, request.params.id))
          .limit(1);
        const counterpart = record ? await findCounterpart(db, record) : null;
        const rows = await db
          .select()
          .from(transactionRecordHistory)
          .where(eq(transactionRecordHistory.recordId, request.params.id))
          .orderBy(asc(transactionRecordHistory.id))
          .limit(200);
        return {
          items: rows.map((r) => ({
            id: r.id,
            actorId: r.actorId,
            reason: r.reason,
            before: r.before,
            after: r.after,
            createdAt: r.createdAt.toISOString(),
          })),
          counterpart,
        };
      },
    );
  };
}
