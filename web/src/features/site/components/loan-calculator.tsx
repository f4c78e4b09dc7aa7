import { useId, useState, type FormEvent } from 'react';
import {
  estimateLoan,
  formatAprThousandths,
  LOAN_TERM_MONTHS_MAX,
  parseLoanInput,
  type LoanEstimate,
  type LoanInputField,
} from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { formatMoney } from '@/lib/format-money';
import { IllustrativeBadge } from './illustrative';
import { plural } from '@/lib/plural';

export interface LoanCalculatorDefaults {
  /** Dollars as typed, e.g. "25000". */
  amount: string;
  /** Percent as typed, e.g. "6.49". */
  apr: string;
  termMonths: string;
}

type Values = Record<LoanInputField, string>;
type Errors = Partial<Record<LoanInputField, string>>;

function estimate(values: Values): { estimate: LoanEstimate } | { errors: Errors } {
  const parsed = parseLoanInput(values);
  return parsed.ok ? { estimate: estimateLoan(parsed.terms) } : { errors: parsed.errors };
}

function years(months: number): string {
  if (months % 12 !== 0) return `${months} months`;
  const y = months / 12;
  return `${y} ${y === 1 ? 'year' : 'years'}`;
}

/**
 * Amount, APR and term → monthly payment, total interest and the full amortization schedule,
 * computed exactly in integer cents (contract/src/loan-math.ts). Results update on "Calculate" and
 * are announced to screen readers; every bad field is named beside itself.
 */
export function LoanCalculator({
  title = 'Estimate your monthly payment',
  defaults,
}: {
  title?: string;
  defaults: LoanCalculatorDefaults;
}) {
  const headingId = useId();
  const [values, setValues] = useState<Values>(defaults);
  const [result, setResult] = useState(() => estimate(defaults));
  const errors: Errors = 'errors' in result ? result.errors : {};
  const current = 'estimate' in result ? result.estimate : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = estimate(values);
    setResult(next);
    if ('errors' in next) {
      const firstBad = (['amount', 'apr', 'termMonths'] as const).find((field) => next.errors[field]);
      if (firstBad) event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstBad}"]`)?.focus();
    }
  };

  const field = (name: LoanInputField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">
        Change the numbers to see what a loan would cost. Nothing you type here leaves your device.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <form noValidate onSubmit={onSubmit} className="grid content-start gap-5">
          <TextField
            label="Loan amount ($)"
            inputMode="decimal"
            autoComplete="off"
            hint="For example 25000 or 25000.00"
            {...field('amount')}
          />
          <TextField
            label="APR (%)"
            inputMode="decimal"
            autoComplete="off"
            hint="Annual percentage rate, e.g. 6.99"
            {...field('apr')}
          />
          <TextField
            label="Term (months)"
            inputMode="numeric"
            autoComplete="off"
            hint={`1 to ${LOAN_TERM_MONTHS_MAX} months — 60 months is 5 years`}
            {...field('termMonths')}
          />
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            Calculate
          </Button>
        </form>

        <div aria-live="polite" className="min-w-0">
          {current ? (
            <Results estimate={current} />
          ) : (
            <p className="rounded-xl bg-red-50 p-5 text-red-800">
              Check the highlighted fields to see your estimate.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function Results({ estimate: e }: { estimate: LoanEstimate }) {
  // A 30-year schedule is 360 rows: built only when someone opens it.
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const differentLast = e.finalPaymentCents !== e.monthlyPaymentCents;
  return (
    <div>
      <div className="rounded-xl bg-brand-900 p-5 text-white sm:p-6">
        <p className="text-sm font-medium text-brand-100">
          Estimated monthly payment <IllustrativeBadge />
        </p>
        <p className="mt-1 text-4xl font-semibold tracking-tight tabular-nums" data-testid="monthly-payment">
          {formatMoney(e.monthlyPaymentCents)}
        </p>
        <p className="mt-2 text-sm text-brand-100">
          {formatMoney(e.principalCents)} at {formatAprThousandths(e.aprThousandths)}% APR over{' '}
          {years(e.termMonths)}
          {differentLast ? `; final payment ${formatMoney(e.finalPaymentCents)}` : ''}.
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div className="rounded-xl border border-slate-200 p-3 sm:p-4">
          <dt className="text-sm text-slate-600">Total interest</dt>
          <dd
            className="mt-1 text-lg font-semibold text-slate-900 tabular-nums sm:text-xl"
            data-testid="total-interest"
          >
            {formatMoney(e.totalInterestCents)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-3 sm:p-4">
          <dt className="text-sm text-slate-600">Total of payments</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums sm:text-xl">
            {formatMoney(e.totalPaidCents)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        An estimate, not an offer. Payments are rounded to the cent; the last one absorbs the rounding so the
        schedule repays exactly what you borrow.
      </p>
      <details
        className="mt-4 rounded-xl border border-slate-200"
        onToggle={(event) => setScheduleOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-800 hover:bg-brand-50">
          Amortization schedule ({plural(e.schedule.length, 'payment')})
        </summary>
        {scheduleOpen ? (
          <div
            className="max-h-96 overflow-auto border-t border-slate-200"
            tabIndex={0}
            role="region"
            aria-label="Amortization schedule"
          >
            <table className="w-full text-right text-sm tabular-nums">
              <caption className="sr-only">
                Amortization schedule: each month&apos;s payment, the part that repays principal, the
                interest, and the balance after it.
              </caption>
              <thead className="sticky top-0 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    Month
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Payment
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Principal
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Interest
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-800">
                {e.schedule.map((row) => (
                  <tr key={row.month}>
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      {row.month}
                    </th>
                    <td className="px-3 py-1.5">{formatMoney(row.paymentCents)}</td>
                    <td className="px-3 py-1.5">{formatMoney(row.principalCents)}</td>
                    <td className="px-3 py-1.5">{formatMoney(row.interestCents)}</td>
                    <td className="px-3 py-1.5">{formatMoney(row.balanceCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="bg-slate-50 font-semibold text-slate-900">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    Total
                  </th>
                  <td className="px-3 py-2">{formatMoney(e.totalPaidCents)}</td>
                  <td className="px-3 py-2">{formatMoney(e.principalCents)}</td>
                  <td className="px-3 py-2">{formatMoney(e.totalInterestCents)}</td>
                  <td className="px-3 py-2" />
                </tr>
              </tfoot>
            </table>
          </div>
        ) : null}
      </details>
    </div>
  );
}
