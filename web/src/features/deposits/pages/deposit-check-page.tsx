import { useEffect, useRef, useState } from 'react';
import type { MovementResponse } from '@larkspur/contract';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { StepIndicator } from '@/components/ui/step-indicator';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/page-meta';
import { DepositForm, type DepositDraft, type ServerFieldError } from '../components/deposit-form';
import { DepositReceipt } from '../components/deposit-receipt';
import { DepositReview } from '../components/deposit-review';
import { emptyDeposit } from '../components/deposit-validation';

type Step =
  | { name: 'details' }
  | { name: 'review'; idempotencyKey: string }
  | { name: 'receipt'; result: MovementResponse };

const steps = ['Details and photos', 'Check and confirm', 'Receipt'] as const;
const stepIndex: Record<Step['name'], number> = { details: 0, review: 1, receipt: 2 };
const headings: Record<Step['name'], string> = {
  details: 'The check and its photos',
  review: 'Check before you deposit',
  receipt: 'Deposit complete',
};

const emptyDraft: DepositDraft = { values: emptyDeposit, front: null, back: null };

/** /user/dashboard/deposit-check: details and photos → review → receipt, on one page. */
export function DepositCheckPage() {
  usePageMeta({
    title: 'Deposit check',
    description: 'Deposit a check into your Larkspur Bank account with photos of both sides.',
  });
  const me = useMe();
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [draft, setDraft] = useState<DepositDraft>(emptyDraft);
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  const [formGeneration, setFormGeneration] = useState(0);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Back from a refusal, the form focuses the field in error instead (moving focus away from it
    // would also re-validate it against what the page knew before the server answered).
    if (step.name === 'details' && serverError) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [step.name, serverError]);

  const profile = me.data;
  return (
    <Page
      title="Deposit check"
      intro="Photograph both sides of a check and the money is in your account at once."
    >
      <div className="mt-6 max-w-2xl">
        <StepIndicator steps={steps} current={stepIndex[step.name]} />
        <section
          aria-labelledby="deposit-step-heading"
          className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2
            id="deposit-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-5 text-lg font-semibold text-slate-900 outline-none"
          >
            {headings[step.name]}
          </h2>
          {profile === undefined ? (
            me.isError ? (
              <ErrorState
                message={me.error.message}
                onRetry={() => void me.refetch()}
                retrying={me.isFetching}
              />
            ) : (
              <Loading label="Loading your account…">
                <Skeleton className="h-12" />
                <Skeleton className="h-40" />
              </Loading>
            )
          ) : step.name === 'details' ? (
            <DepositForm
              key={formGeneration}
              profile={profile}
              draft={draft}
              serverError={serverError}
              onReview={(next) => {
                setDraft(next);
                setServerError(null);
                setStep({ name: 'review', idempotencyKey: newIdempotencyKey() });
              }}
            />
          ) : step.name === 'review' ? (
            <DepositReview
              draft={draft}
              profile={profile}
              idempotencyKey={step.idempotencyKey}
              onEdit={() => setStep({ name: 'details' })}
              onDeposited={(result) => setStep({ name: 'receipt', result })}
              onRefused={(error) => {
                setServerError(error);
                setStep({ name: 'details' });
              }}
            />
          ) : (
            <DepositReceipt
              result={step.result}
              checkNumber={draft.values.checkNumber.trim()}
              profile={profile}
              onDepositAnother={() => {
                setDraft(emptyDraft);
                setServerError(null);
                setFormGeneration((n) => n + 1);
                setStep({ name: 'details' });
              }}
            />
          )}
        </section>
      </div>
    </Page>
  );
}
