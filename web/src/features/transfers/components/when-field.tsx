import { useId } from 'react';
import { SCHEDULED_OCCURRENCES_MAX } from '@larkspur/contract';
import { SelectField, TextField } from '@/components/ui/form-field';
import {
  bankToday,
  describeSchedule,
  readWhen,
  type WhenErrors,
  type WhenMode,
  type WhenValue,
} from './when-rules';

const modes: { mode: WhenMode; label: string; detail: string }[] = [
  { mode: 'now', label: 'Now', detail: 'Sent as soon as you confirm.' },
  { mode: 'date', label: 'On a date', detail: 'Once, on the day you choose.' },
  { mode: 'repeat', label: 'Repeating', detail: 'Weekly or monthly, for a while.' },
];

const radioCard = (checked: boolean) =>
  `relative flex cursor-pointer flex-col rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
    checked ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-300 bg-white'
  }`;

/**
 * "When?" in Send money (issue 18): now, on a date, or repeating weekly / monthly until a date or
 * a number of times. Controlled by the page, so the choice survives going back from the review.
 * Dates are days in UTC, the bank's day (decision 0158), said in the hint.
 */
export function WhenField({
  value,
  onChange,
  errors,
}: {
  value: WhenValue;
  onChange: (next: WhenValue) => void;
  errors: WhenErrors;
}) {
  const name = useId();
  const set = (patch: Partial<WhenValue>) => onChange({ ...value, ...patch });
  const today = bankToday();
  const preview = readWhen(value);
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">When?</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {modes.map(({ mode, label, detail }) => (
          <label key={mode} className={radioCard(value.mode === mode)}>
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name={`${name}-mode`}
                value={mode}
                checked={value.mode === mode}
                onChange={() => set({ mode })}
                className="size-4 accent-brand-700"
              />
              <span className="text-sm font-semibold text-slate-900">{label}</span>
            </span>
            <span className="mt-1 pl-6 text-xs text-slate-700">{detail}</span>
          </label>
        ))}
      </div>

      {value.mode === 'now' ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={value.mode === 'date' ? 'Payment date' : 'First payment'}
            type="date"
            min={today}
            value={value.startOn}
            onChange={(event) => set({ startOn: event.target.value })}
            error={errors.startOn}
            hint="Paid early that day (UTC). Funds are checked on the day."
          />
          {value.mode === 'repeat' ? (
            <SelectField
              label="How often"
              value={value.frequency}
              onChange={(event) => set({ frequency: event.target.value === 'weekly' ? 'weekly' : 'monthly' })}
            >
              <option value="monthly">Every month</option>
              <option value="weekly">Every week</option>
            </SelectField>
          ) : null}
        </div>
      )}

      {value.mode === 'repeat' ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">Ends</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={`${name}-ends`}
                  checked={value.ends === 'count'}
                  onChange={() => set({ ends: 'count' })}
                  className="size-4 accent-brand-700"
                />
                After a number of payments
              </label>
              {value.ends === 'count' ? (
                <TextField
                  label="Number of payments"
                  inputMode="numeric"
                  maxLength={3}
                  value={value.count}
                  onChange={(event) => set({ count: event.target.value })}
                  error={errors.count}
                  hint={`From 2 to ${SCHEDULED_OCCURRENCES_MAX}.`}
                />
              ) : null}
            </div>
            <div className="space-y-2">
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={`${name}-ends`}
                  checked={value.ends === 'date'}
                  onChange={() => set({ ends: 'date' })}
                  className="size-4 accent-brand-700"
                />
                Until a date
              </label>
              {value.ends === 'date' ? (
                <TextField
                  label="Last payment on or before"
                  type="date"
                  min={value.startOn || today}
                  value={value.endOn}
                  onChange={(event) => set({ endOn: event.target.value })}
                  error={errors.endOn}
                />
              ) : null}
            </div>
          </div>
        </fieldset>
      ) : null}

      {preview.ok && preview.schedule ? (
        <p className="text-sm text-slate-700" data-testid="when-summary">
          {describeSchedule(preview.schedule)}.
        </p>
      ) : null}
    </fieldset>
  );
}
