import { and, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATEMENT_MONTH_LENGTH_MAX, statementMonthOf, uuidIdParamsSchema } from '@larkspur/contract';
import type { Database, ReadDatabase } from '../../../db/client';
import { depositHolds, transactionRecords } from '../../../db/schema/index';
import type { Clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { defineArea } from '../../../plugins/area';
import { recordHoldColumns, toRecordDto, toRecordHold } from '../records';
import { bankDetails } from './bank-details';
import { parseStatementMonth, readMonthlyStatement } from './monthly-statement';
import { renderReceiptPdf } from './receipt-pdf';
import { balancesAfter } from './running-balance';
import { createStatementRenderer, type StatementRenderer } from './statement-renderer';

/**
 * PDF downloads per signed-in customer: a person downloads a few; a long statement is seconds of
 * CPU (decision 0163), so a loop of them must not starve everyone else.
 */
export const DOCUMENT_DOWNLOADS_PER_MINUTE = 20;

/** A PDF attachment that no cache keeps (it is a customer's own money). */
function pdfHeaders(
  reply: { header(name: string, value: string): unknown; type(t: string): unknown },
  filename: string,
) {
  reply.type('application/pdf');
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  reply.header('Cache-Control', 'no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
}

/**
 * The customer's documents (issue 18, decisions 0161–0163): the monthly statement and one record's
 * receipt, as PDF. Scoped to the session's own user: someone else's record reads as missing.
 */
export function documentRoutes(deps: {
  /** The receipt, opened right after a movement: on the primary, like `GET /me/transactions/:id`. */
  db: Database;
  /** Statements tolerate a standby a few milliseconds behind (decision 0107). */
  readDb: ReadDatabase;
  clock: Clock;
  brand: { bankName: string; publicOrigin: string };
  /** Addresses exempt from rate limits (RATE_LIMIT_ALLOWLIST), as everywhere else. */
  rateLimitAllowList?: string[];
  /** Lays statements out off the event loop (decision 0193); one is made if none is given. */
  statements?: StatementRenderer;
}): FastifyPluginAsyncZod {
  const { db, readDb, clock } = deps;
  const bank = bankDetails(deps.brand);
  return defineArea('customer', async (app) => {
    const statements = deps.statements ?? createStatementRenderer();
    app.addHook('onClose', async () => {
      await statements.close();
    });
    const perCustomer = app.rateLimit({
      max: DOCUMENT_DOWNLOADS_PER_MINUTE,
      timeWindow: '1 minute',
      // The plugin matches a list against the key (here a customer), so the addresses are checked here.
      allowList: (request) => (deps.rateLimitAllowList ?? []).includes(request.ip),
      keyGenerator: (request) => `documents:${request.auth?.userId ?? request.ip}`,
    });

    app.get(
      '/me/statements/:month.pdf',
      {
        preHandler: perCustomer,
        schema: {
          tags: ['banking'],
          summary:
            'Monthly statement as PDF (`YYYY-MM`, UTC): opening and closing balance, every record with the balance after it, totals in and out',
          params: z.object({ month: z.string().max(STATEMENT_MONTH_LENGTH_MAX) }),
        },
      },
      async (request, reply) => {
        const userId = request.actor.userId;
        const period = parseStatementMonth(request.params.month);
        const now = clock.now();
        // The current month is a statement to date; a month that has not begun has none.
        if (request.params.month > statementMonthOf(now)) throw new AppError('STATEMENT_MONTH_UNAVAILABLE');
        const statement = await readMonthlyStatement(readDb, userId, period);
        if (!statement) throw new AppError('PROFILE_NOT_FOUND');
        if (period.end <= statement.openedAt) throw new AppError('STATEMENT_MONTH_UNAVAILABLE');
        // Laid out in the worker; a full queue is a 503 with Retry-After before any header is set.
        const pdf = await statements.render(statement, bank, now);
        pdfHeaders(reply, `larkspur-statement-${period.month}.pdf`);
        return reply.send(pdf);
      },
    );

    app.get(
      '/me/transactions/:id/receipt.pdf',
      {
        preHandler: perCustomer,
        schema: {
          tags: ['banking'],
          summary: 'One of the customer’s own records as a PDF receipt',
          params: uuidIdParamsSchema,
        },
      },
      async (request, reply) => {
        const userId = request.actor.userId;
        const [row] = await db
          .select({
            record: getTableColumns(transactionRecords),
            hold: recordHoldColumns,
          })
          .from(transactionRecords)
          .leftJoin(depositHolds, eq(depositHolds.recordId, transactionRecords.id))
          .where(and(eq(transactionRecords.id, request.params.id), eq(transactionRecords.userId, userId)))
          .limit(1);
        // Someone else's record is answered exactly like a missing one.
        if (!row) throw new AppError('TRANSACTION_NOT_FOUND');
        const record = toRecordDto(row.record, toRecordHold(row.hold));
        const balance = (await balancesAfter(db, userId, [record])).get(record.id);
        if (balance === undefined) throw new AppError('TRANSACTION_NOT_FOUND');
        pdfHeaders(reply, `larkspur-receipt-${record.transactionId}.pdf`);
        const doc = renderReceiptPdf(record, balance, bank, clock.now());
        doc.end();
        return reply.send(doc);
      },
    );
  });
}
