import {
  SCHEDULED_END_DAYS_AHEAD_MAX,
  SCHEDULED_OCCURRENCES_MAX,
  SCHEDULED_START_DAYS_AHEAD_MAX,
  addDays,
  isoDay,
  occurrenceTotal,
  parseIsoDate,
  type ScheduleInput,
} from '@larkspur/contract';

/**
 * The "When" choice of Send money (issue 18): now, on a date, or repeating weekly / monthly until
 * a date or a number of times. Days are calendar days in UTC, as the bank counts them (decision
 * 0158); the server checks the same rules again.
 */
export type WhenMode = 'now' | 'date' | 'repeat';

export interface WhenValue {
  mode: WhenMode;
  startOn: string;
  frequency: 'weekly' | 'monthly';
  ends: 'count' | 'date';
  count: string;
  endOn: string;
}

export type WhenErrors = Partial<Record<'startOn' | 'endOn' | 'count', string>>;

/** Today as the bank counts days (UTC). */
export function bankToday(now: Date = new Date()): string {
  return isoDay(now);
}

export function emptyWhen(now: Date = new Date()): WhenValue {
  return { mode: 'now', startOn: bankToday(now), frequency: 'monthly', ends: 'count', count: '3', endOn: '' };
}

/** The schedule the API takes, or the errors to show beside the fields; null schedule = pay now. */
export function readWhen(
  value: WhenValue,
  now: Date = new Date(),
): { ok: true; schedule: ScheduleInput | null } | { ok: false; errors: WhenErrors } {
  if (value.mode === 'now') return { ok: true, schedule: null };
  const today = bankToday(now);
  const errors: WhenErrors = {};
  if (parseIsoDate(value.startOn) === null) errors.startOn = 'Choose the date of the first payment.';
  else if (value.startOn < today) errors.startOn = 'Choose today or a later date.';
  else if (value.startOn > addDays(today, SCHEDULED_START_DAYS_AHEAD_MAX))
    errors.startOn = 'Choose a date at most a year ahead.';
  if (value.mode === 'date') {
    return Object.keys(errors).length > 0
      ? { ok: false, errors }
      : { ok: true, schedule: { frequency: 'once', startOn: value.startOn } };
  }
  let schedule: ScheduleInput | null = null;
  if (value.ends === 'count') {
    const count = /^\d{1,3}$/.test(value.count.trim()) ? Number(value.count.trim()) : NaN;
    if (!Number.isInteger(count) || count < 2 || count > SCHEDULED_OCCURRENCES_MAX)
      errors.count = `Enter a number of payments from 2 to ${SCHEDULED_OCCURRENCES_MAX}.`;
    else schedule = { frequency: value.frequency, startOn: value.startOn, count };
  } else if (parseIsoDate(value.endOn) === null) {
    errors.endOn = 'Choose the date of the last payment.';
  } else if (!errors.startOn && value.endOn < value.startOn) {
    errors.endOn = 'Choose a date on or after the first payment.';
  } else if (value.endOn > addDays(today, SCHEDULED_END_DAYS_AHEAD_MAX)) {
    errors.endOn = 'Choose a date at most five years ahead.';
  } else {
    schedule = { frequency: value.frequency, startOn: value.startOn, endOn: value.endOn };
    if (!errors.startOn && occurrenceTotal(schedule) > SCHEDULED_OCCURRENCES_MAX)
      errors.endOn = `That is more than ${SCHEDULED_OCCURRENCES_MAX} payments: choose an earlier date.`;
  }
  if (Object.keys(errors).length > 0 || schedule === null) return { ok: false, errors };
  return { ok: true, schedule };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2027-01-31" → "Jan 31, 2027": the calendar day itself, never shifted by a time zone. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(n: number): string {
  const rest = n % 100;
  if (rest >= 11 && rest <= 13) return `${n}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Every month on the 31st (the last day in shorter months), from Jan 31, 2027, 3 payments". */
export function describeSchedule(schedule: {
  frequency: 'once' | 'weekly' | 'monthly';
  startOn: string;
  endOn?: string | null | undefined;
  count?: number | null | undefined;
}): string {
  if (schedule.frequency === 'once') return `Once, on ${formatDay(schedule.startOn)}`;
  const start = parseIsoDate(schedule.startOn);
  const day = start?.getUTCDate() ?? 1;
  const how =
    schedule.frequency === 'weekly'
      ? `Every week on ${WEEKDAYS[start?.getUTCDay() ?? 0]}`
      : `Every month on the ${ordinal(day)}${day > 28 ? ' (the last day in shorter months)' : ''}`;
  const until =
    typeof schedule.count === 'number'
      ? `${schedule.count} payments`
      : schedule.endOn
        ? `until ${formatDay(schedule.endOn)}`
        : '';
  return `${how}, from ${formatDay(schedule.startOn)}${until ? `, ${until}` : ''}`;
}
