import { z } from 'zod';
import { PURPOSE_LENGTH_MAX } from './banking';
import { transferRequestSchema } from './transfer-request';
import { amountInputSchema, moneySchema } from './money';

/**
 * Scheduled and recurring transfers (issue 18, decisions 0158–0160): a transfer paid on a future
 * date, or weekly / monthly until a date or a number of times. Dates are calendar days in UTC
 * ("YYYY-MM-DD"), the same day the daily transfer limit counts; an occurrence is paid by the
 * first scheduler pass on or after 00:00 UTC of its day.
 */

/** Active (not yet finished, not cancelled) series a customer may have at once. */
export const SCHEDULED_SERIES_ACTIVE_MAX = 20;
/** Payments one series may make, however it ends (ten years of monthly payments). */
export const SCHEDULED_OCCURRENCES_MAX = 120;
/** How far ahead the first payment may be: a year from today (UTC). */
export const SCHEDULED_START_DAYS_AHEAD_MAX = 366;
/** How far ahead a series may end ("until" date): five years from today (UTC). */
export const SCHEDULED_END_DAYS_AHEAD_MAX = 5 * 366;
/** Upcoming payments the dashboard shows. */
export const SCHEDULED_UPCOMING_DEFAULT = 5;
/** Past runs shown with each series in the list (the most recent). */
export const SCHEDULED_RUNS_SHOWN_MAX = 5;

export const scheduleFrequencies = ['once', 'weekly', 'monthly'] as const;
export const scheduleFrequencySchema = z.enum(scheduleFrequencies);
export type ScheduleFrequency = z.infer<typeof scheduleFrequencySchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-11-24" → that day at 00:00 UTC, or null when it is not a real calendar day. */
export function parseIsoDate(value: string): Date | null {
  if (!ISO_DATE.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** The calendar day (UTC) of an instant, "YYYY-MM-DD". */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = parseIsoDate(day);
  if (!date) throw new Error(`not a date: ${day}`);
  return isoDay(new Date(date.getTime() + days * 86_400_000));
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The day occurrence `n` (1-based) of a series falls on. Weekly: every 7 days from the start.
 * Monthly: the start's day of the month, n − 1 months on; in a shorter month the last day of
 * that month (31 January → 28/29 February → 31 March: decision 0158). Each date is computed from
 * the start, never from the previous one, so a short month never shifts the later ones.
 */
export function occurrenceDay(startOn: string, frequency: ScheduleFrequency, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`occurrence numbers start at 1: ${n}`);
  if (frequency === 'once') return startOn;
  if (frequency === 'weekly') return addDays(startOn, 7 * (n - 1));
  const start = parseIsoDate(startOn);
  if (!start) throw new Error(`not a date: ${startOn}`);
  const months = start.getUTCMonth() + (n - 1);
  const year = start.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  return isoDay(new Date(Date.UTC(year, month, day)));
}

/** The facts that say when a series pays: its first day, how it repeats and how it ends. */
export interface ScheduleShape {
  frequency: ScheduleFrequency;
  startOn: string;
  endOn?: string | null | undefined;
  count?: number | null | undefined;
}

/**
 * How many payments the series makes in all. For an end date, counted up to one past
 * SCHEDULED_OCCURRENCES_MAX, so that a series that is too long says so.
 */
export function occurrenceTotal(shape: ScheduleShape): number {
  if (shape.frequency === 'once') return 1;
  if (typeof shape.count === 'number') return shape.count;
  const endOn = shape.endOn;
  if (typeof endOn !== 'string') return 0;
  let n = 0;
  while (n <= SCHEDULED_OCCURRENCES_MAX && occurrenceDay(shape.startOn, shape.frequency, n + 1) <= endOn)
    n += 1;
  return n;
}

/** A field that was sent with a value (not left out, not null). */
const given = (value: unknown): boolean => value !== undefined && value !== null;

const isoDateSchema = z
  .string()
  .max(10)
  .refine((value) => parseIsoDate(value) !== null, 'Enter a date as YYYY-MM-DD');

/**
 * When the payments are made. `once`: on `startOn`. `weekly` / `monthly`: from `startOn`, either
 * until `endOn` (inclusive) or `count` times: exactly one of the two.
 */
export const scheduleSchema = z
  .strictObject({
    frequency: scheduleFrequencySchema,
    startOn: isoDateSchema,
    endOn: isoDateSchema.nullable().optional(),
    count: z.int().min(1).max(SCHEDULED_OCCURRENCES_MAX).nullable().optional(),
  })
  .refine(
    (s) => (s.frequency === 'once' ? !given(s.endOn) && !given(s.count) : given(s.endOn) !== given(s.count)),
    {
      message: 'A repeating payment ends on a date or after a number of payments (one of the two)',
      path: ['endOn'],
    },
  );
export type ScheduleInput = z.input<typeof scheduleSchema>;

export const createScheduledTransferSchema = z.strictObject({
  transfer: transferRequestSchema,
  schedule: scheduleSchema,
});
export type CreateScheduledTransferRequest = z.input<typeof createScheduledTransferSchema>;

/**
 * What may change on a series: the amount and the purpose, and its first payment's day until that
 * payment is made (decision 0202: a one-off's day; a repeating series moves as a whole). The payee
 * stays.
 */
export const updateScheduledTransferSchema = z
  .strictObject({
    amount: amountInputSchema.optional(),
    purpose: z.string().trim().max(PURPOSE_LENGTH_MAX).optional(),
    startOn: isoDateSchema.optional(),
  })
  .refine((u) => u.amount !== undefined || u.purpose !== undefined || u.startOn !== undefined, {
    message: 'Change the amount, the purpose or the date',
    path: ['amount'],
  });
export type UpdateScheduledTransferRequest = z.input<typeof updateScheduledTransferSchema>;

export const scheduledSeriesStatuses = ['active', 'finished', 'cancelled'] as const;
export const scheduledRunStatuses = ['succeeded', 'failed'] as const;

/** One payment a series made (or tried to). */
export const scheduledRunSchema = z.object({
  occurrence: z.int(),
  dueOn: z.string(),
  status: z.enum(scheduledRunStatuses),
  amount: moneySchema,
  /** The transfer's reference (TRF…) when it was paid. */
  transactionId: z.string().nullable(),
  /** Why it was refused, in the words the customer saw in the email ("Insufficient funds."). */
  failureMessage: z.string().nullable(),
  ranAt: z.string(),
});
export type ScheduledRun = z.infer<typeof scheduledRunSchema>;

export const scheduledTransferSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  recipientAccount: z.string(),
  recipientName: z.string(),
  bankName: z.string(),
  amount: moneySchema,
  purpose: z.string(),
  frequency: scheduleFrequencySchema,
  startOn: z.string(),
  endOn: z.string().nullable(),
  count: z.int().nullable(),
  status: z.enum(scheduledSeriesStatuses),
  /** The next payment's number and day; null once the series has ended or was cancelled. */
  nextOccurrence: z.int().nullable(),
  nextRunOn: z.string().nullable(),
  /** Payments in all (made, failed and still to come). */
  occurrenceTotal: z.int(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** The most recent runs, newest first (at most SCHEDULED_RUNS_SHOWN_MAX). */
  recentRuns: z.array(scheduledRunSchema),
});
export type ScheduledTransfer = z.infer<typeof scheduledTransferSchema>;

export const scheduledTransfersQuerySchema = z.strictObject({
  /** `active` (default): what is still to come; `all`: ended and cancelled ones too. */
  status: z.enum(['active', 'all']).default('active'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SCHEDULED_SERIES_ACTIVE_MAX).optional(),
});

export const scheduledTransferPageSchema = z.object({
  items: z.array(scheduledTransferSchema),
  nextCursor: z.string().nullable(),
});
export type ScheduledTransferPage = z.infer<typeof scheduledTransferPageSchema>;

/** The test clock (decision 0160): moves a test server's time forward and runs the scheduler. */
export const testClockAdvanceSchema = z.strictObject({
  days: z.int().min(0).max(SCHEDULED_END_DAYS_AHEAD_MAX),
});
export const testClockResponseSchema = z.object({ now: z.string(), ran: z.int() });
