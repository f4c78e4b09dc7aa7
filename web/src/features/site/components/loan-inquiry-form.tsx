import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  loanInquirySchema,
  loanTypes,
  parseAmountToCents,
  shortReference,
  type LoanInquiry,
  type LoanInquiryInput,
  type LoanInquiryResponse,
  type LoanType,
} from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { reportFormError } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format-money';
import { toast } from '@/lib/toast';
import { withTypedAmounts } from '@/lib/typed-amount';
import { useCreateLoanInquiry } from '../api/create-loan-inquiry';

const FIELDS = ['name', 'email', 'phone', 'loanType', 'amount'] as const;

/**
 * A visitor's loan inquiry (name, email, phone, loan type, amount): validated as typed with the
 * contract's schema — the same one the server applies — and stored as a Pending inquiry. No credit
 * check, no account needed.
 */
export function LoanInquiryForm({ defaultLoanType }: { defaultLoanType: LoanType }) {
  const headingId = useId();
  const create = useCreateLoanInquiry();
  const [formError, setFormError] = useState<string | null>(null);
  const [received, setReceived] = useState<LoanInquiryResponse | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<LoanInquiryInput, unknown, LoanInquiry>({
    resolver: withTypedAmounts(zodResolver(loanInquirySchema), ['amount']),
    defaultValues: { name: '', email: '', phone: '', loanType: defaultLoanType, amount: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (received) confirmationRef.current?.focus();
  }, [received]);

  const onSubmit = form.handleSubmit(async (inquiry) => {
    setFormError(null);
    try {
      const created = await create.run(inquiry);
      setReceived(created);
      toast.success('Thank you — we received your loan inquiry.');
    } catch (error) {
      setFormError(reportFormError(error, { setError: form.setError, fields: FIELDS }));
    }
  });

  if (received) {
    const cents = parseAmountToCents(received.amount);
    return (
      <section
        aria-labelledby={headingId}
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8"
        data-testid="loan-inquiry-confirmation"
      >
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white">
            <CheckIcon className="size-6" />
          </span>
          <div>
            <h2
              id={headingId}
              ref={confirmationRef}
              tabIndex={-1}
              className="text-2xl font-semibold text-emerald-950"
            >
              We received your inquiry
            </h2>
            <p className="mt-2 text-emerald-950">
              Thank you. A loan specialist will contact you within one business day about your{' '}
              {received.loanType.toLowerCase()} of {cents === null ? received.amount : formatMoney(cents)}.
            </p>
            <p className="mt-2 text-sm text-emerald-900">
              Reference:{' '}
              <span className="font-mono" data-testid="loan-inquiry-reference">
                {shortReference(received.id)}
              </span>
            </p>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900">
        Talk to a loan specialist
      </h2>
      <p className="mt-2 text-slate-700">
        Tell us a little about what you need and we will call or email you within one business day. Asking is
        free and does not affect your credit score.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <SelectField
          label="Loan type"
          options={loanTypes}
          error={errors.loanType ? 'Choose a loan type' : undefined}
          {...form.register('loanType')}
        />
        <TextField
          label="Amount you would like to borrow ($)"
          inputMode="decimal"
          autoComplete="off"
          hint="Digits only, e.g. 15000"
          error={errors.amount?.message}
          className="sm:col-span-2"
          {...form.register('amount')}
        />
        {formError ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:col-span-2"
          >
            {formError}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" pending={create.isPending} className="w-full sm:w-auto">
            Send inquiry
          </Button>
          <p className="mt-3 text-sm text-slate-600">
            We use these details only to answer this inquiry. Our{' '}
            <Link to={paths.privacy} className="font-medium text-brand-700 underline underline-offset-2">
              privacy notice
            </Link>{' '}
            says how long we keep them.
          </p>
        </div>
      </form>
    </section>
  );
}
