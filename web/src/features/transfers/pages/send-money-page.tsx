import { useEffect, useRef, useState } from 'react';
import type { MovementResponse } from '@larkspur/contract';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Skeleton, Loading } from '@/components/ui/skeleton';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/page-meta';
import { TransferForm, type ServerFieldError } from '../components/transfer-form';
import { TransferReceipt } from '../components/transfer-receipt';
import { TransferReview } from '../components/transfer-review';
import { StepIndicator } from '@/components/ui/step-indicator';
import {
  emptyTransfer,
  type TransferFormValues,
  type TransferRequestOut,
} from '../components/transfer-validation';

type Step =
  | { name: 'details' }
  | { name: 'review'; request: TransferRequestOut; idempotencyKey: string }
  | { name: 'receipt'; request: TransferRequestOut; result: MovementResponse };

const stepTitles: Record<Step['name'], string> = {
  details: 'Details',
  review: 'Check and confirm',
  receipt: 'Receipt',
};

/**
 * /user/dashboard/send-money: details → review → receipt, on one page. The draft survives going
 * back from the review; the idempotency key lives exactly as long as one review.
 */
export function SendMoneyPage() {
  usePageMeta({
    title: 'Send money',
    description: 'Send a Local, Wire or International transfer from your Larkspur Bank account.',
  });
  const me = useMe();
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [draft, setDraft] = useState<TransferFormValues>(emptyTransfer);
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  // A new form (fresh state, fresh look-ups) after "Send more money".
  const [formGeneration, setFormGeneration] = useState(0);

  // Each step starts by moving focus to its heading, so a screen reader hears where it is.
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
    <Page title="Send money" intro="Pay someone at Larkspur Bank or at another bank, here or abroad.">
      <div className="mt-6 max-w-2xl">
        <StepIndicator
          steps={Object.values(stepTitles)}
          current={Object.keys(stepTitles).indexOf(step.name)}
        />
        <section
          aria-labelledby="send-step-heading"
          className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2
            id="send-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-5 text-lg font-semibold text-slate-900 outline-none"
          >
            {step.name === 'details'
              ? 'Who and how much'
              : step.name === 'review'
                ? 'Check before you send'
                : 'Transfer complete'}
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
                <Skeleton className="h-20" />
                <Skeleton className="h-12" />
                <Skeleton className="h-12" />
              </Loading>
            )
          ) : step.name === 'details' ? (
            <TransferForm
              key={formGeneration}
              profile={profile}
              initialValues={draft}
              serverError={serverError}
              onReview={(values, request) => {
                setDraft(values);
                setServerError(null);
                setStep({ name: 'review', request, idempotencyKey: newIdempotencyKey() });
              }}
            />
          ) : step.name === 'review' ? (
            <TransferReview
              request={step.request}
              profile={profile}
              idempotencyKey={step.idempotencyKey}
              onEdit={() => setStep({ name: 'details' })}
              onSent={(result) => setStep({ name: 'receipt', request: step.request, result })}
              onRefused={(error) => {
                setServerError(error);
                setStep({ name: 'details' });
              }}
            />
          ) : (
            <TransferReceipt
              result={step.result}
              request={step.request}
              profile={profile}
              onSendAnother={() => {
                setDraft(emptyTransfer);
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
