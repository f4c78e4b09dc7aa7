import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  employmentStatuses,
  formatCents,
  LOAN_PURPOSE_LENGTH_MAX,
  loanTermMonthsRange,
  loanTypes,
  type LoanApplicationRequest,
  type LoanType,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { AmountField, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { formatMoney, Money } from '@/components/ui/money';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useApplyForLoan } from '../api/apply-loan';
import { emptyLoanForm, illustrativeEstimate, loanResolver, type LoanFormValues } from './loan-validation';

const fields = [
  'loanType',
  'loanAmount',
  'termMonths',
  'purpose',
  'annualIncome',
  'employmentStatus',
] as const;

function termHint(type: LoanType | ''): string {
  if (!type) return 'Choose a loan type to see its terms.';
  const range = loanTermMonthsRange[type];
  return `${type}: ${range.min} to ${range.max} months.`;
}

/** What the payment would be at the product's illustrative APR, updated as the person types. */
function EstimateBox({ values, currency }: { values: LoanFormValues; currency: string }) {
  const estimate = illustrativeEstimate(values);
  return (
    <div aria-live="polite" className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
      <p className="text-sm font-medium text-brand-900">Illustrative monthly payment</p>
      {estimate ? (
        <>
          <p className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">
            <Money amount={formatCents(estimate.monthlyPaymentCents)} currency={currency} />
          </p>
          <p className="mt-1 text-sm text-slate-800">
            for {estimate.termMonths} months at an illustrative {estimate.apr}% APR; total repaid{' '}
            <Money amount={formatCents(estimate.totalPaidCents)} currency={currency} />.
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-800">
          Choose a loan type, an amount and a term to see an example.
        </p>
      )}
      <p className="mt-2 text-xs text-slate-700">
        Illustrative only, not an offer: your actual rate is set when we review your application.
      </p>
    </div>
  );
}

/** The loan application (POST /api/loans) with a live, illustrative estimate of the monthly payment. */
export function LoanApplicationForm({ currency, onApplied }: { currency: string; onApplied: () => void }) {
  const form = useForm<LoanFormValues, unknown, LoanApplicationRequest>({
    defaultValues: emptyLoanForm,
    mode: 'onTouched',
    resolver: loanResolver,
  });
  const { errors } = form.formState;
  const apply = useApplyForLoan();
  const [formError, setFormError] = useState<string | null>(null);
  const watched = useWatch({ control: form.control });
  const values: LoanFormValues = { ...emptyLoanForm, ...watched };

  const submit = form.handleSubmit((request) => {
    setFormError(null);
    apply.mutate(request, {
      onSuccess: (loan) => {
        toast.success(`Application sent: ${loan.loanType} of ${formatMoney(loan.loanAmount, currency)}.`);
        form.reset(emptyLoanForm);
        onApplied();
      },
      onError: (error) => setFormError(reportFormError(error, { setError: form.setError, fields })),
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SelectField label="Loan type" error={errors.loanType?.message} {...form.register('loanType')}>
        <option value="">Choose…</option>
        {loanTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <AmountField
          label="Amount to borrow"
          placeholder="15000"
          maxLength={20}
          error={errors.loanAmount?.message}
          {...form.register('loanAmount')}
        />
        <TextField
          label="Term in months"
          hint={termHint(values.loanType)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          error={errors.termMonths?.message}
          {...form.register('termMonths')}
        />
      </div>
      <EstimateBox values={values} currency={currency} />
      <TextAreaField
        label="What is the loan for?"
        maxLength={LOAN_PURPOSE_LENGTH_MAX}
        error={errors.purpose?.message}
        {...form.register('purpose')}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <AmountField
          label="Annual income"
          hint="Before tax. Enter 0 if you have none."
          placeholder="65000"
          maxLength={20}
          error={errors.annualIncome?.message}
          {...form.register('annualIncome')}
        />
        <SelectField
          label="Employment"
          error={errors.employmentStatus?.message}
          {...form.register('employmentStatus')}
        >
          <option value="">Choose…</option>
          {employmentStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" size="lg" pending={apply.isPending}>
        Send application
      </Button>
    </form>
  );
}
