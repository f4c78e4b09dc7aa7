import { useState } from 'react';
import { useLocation } from 'react-router';
import type { MovementResponse, ScheduleInput, ScheduledTransfer } from '@larkspur/contract';
import { MoneyFlowCard, type MoneyFlowStep } from '@/components/ui/money-flow';
import { Page } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/skeleton';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usePageMeta } from '@/lib/page-meta';
import { formValuesFor, readPayeeId, readPayTo } from '../components/pay-to';
import { PayeePicker } from '../components/payee-picker';
import { TransferForm, type ServerFieldError } from '../components/transfer-form';
import { TransferReceipt } from '../components/transfer-receipt';
import { TransferReview } from '../components/transfer-review';
import { ScheduleConfirmation } from '../components/schedule-confirmation';
import { ScheduleReview } from '../components/schedule-review';
import { WhenField } from '../components/when-field';
import { emptyWhen, readWhen, type WhenErrors, type WhenValue } from '../components/when-rules';
import {
  emptyTransfer,
  type TransferFormValues,
  type TransferRequestOut,
} from '../components/transfer-validation';

type Step =
  | { name: 'details' }
  | { name: 'review'; request: TransferRequestOut; idempotencyKey: string; schedule: ScheduleInput | null }
  | { name: 'receipt'; request: TransferRequestOut; result: MovementResponse }
  | { name: 'scheduled'; series: ScheduledTransfer };

const stepTitles: Record<MoneyFlowStep, string> = {
  details: 'Details',
  review: 'Check and confirm',
  receipt: 'Receipt',
};
const headings: Record<MoneyFlowStep, string> = {
  details: 'Who and how much',
  review: 'Check before you send',
  receipt: 'Transfer complete',
};
/** A scheduled payment's last step is the receipt's place in the indicator (issue 18). */
const flowStep = (step: Step) => (step.name === 'scheduled' ? 'receipt' : step.name);

/**
 * /user/dashboard/send-money: details → review → receipt, on one page. The draft survives going
 * back from the review; the idempotency key lives exactly as long as one review.
 */
export function SendMoneyPage() {
  usePageMeta({
    title: 'Send money',
    description: 'Send a Local, Wire or International transfer from your Larkspur Bank account.',
  });
  const [step, setStep] = useState<Step>({ name: 'details' });
  // Opened from a payee or a recent recipient (issue 18): the form starts with their details.
  const location = useLocation();
  const [draft, setDraft] = useState<TransferFormValues>(() => {
    const payTo = readPayTo(location.state);
    return payTo ? formValuesFor(payTo, emptyTransfer) : emptyTransfer;
  });
  // The picker shows the payee the form was filled for, whether chosen there or on the payees page.
  const [payeeId, setPayeeId] = useState(() => readPayeeId(location.state));
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  // A new form (fresh state, fresh look-ups) after "Send more money".
  const [formGeneration, setFormGeneration] = useState(0);
  // "When?": now, on a date, or repeating (issue 18); kept like the draft when going back.
  const [when, setWhen] = useState<WhenValue>(() => emptyWhen());
  const [whenErrors, setWhenErrors] = useState<WhenErrors>({});
  const sendAnother = () => {
    setDraft(emptyTransfer);
    setPayeeId('');
    setWhen(emptyWhen());
    setServerError(null);
    setFormGeneration((n) => n + 1);
    setStep({ name: 'details' });
  };

  return (
    <Page title="Send money" intro="Pay someone at Larkspur Bank or at another bank, here or abroad.">
      <MoneyFlowCard
        id="send"
        step={flowStep(step)}
        labels={stepTitles}
        headings={
          step.name === 'scheduled' || (step.name === 'review' && step.schedule)
            ? { ...headings, review: 'Check before you schedule', receipt: 'Payment scheduled' }
            : headings
        }
        keepFocus={serverError !== null}
        skeleton={
          <>
            <Skeleton className="h-20" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </>
        }
      >
        {(profile) =>
          step.name === 'details' ? (
            <div className="space-y-6">
              <PayeePicker
                selected={payeeId}
                onPick={(payee) => {
                  setPayeeId(payee?.id ?? '');
                  if (!payee) return;
                  setDraft((current) => formValuesFor(payee, current));
                  setServerError(null);
                  setFormGeneration((n) => n + 1);
                }}
              />
              <TransferForm
                key={formGeneration}
                profile={profile}
                initialValues={draft}
                serverError={serverError}
                when={
                  <WhenField
                    value={when}
                    errors={whenErrors}
                    onChange={(next) => {
                      setWhen(next);
                      setWhenErrors({});
                    }}
                  />
                }
                whenReady={() => {
                  const read = readWhen(when);
                  setWhenErrors(read.ok ? {} : read.errors);
                  return read.ok;
                }}
                fundsOnTheDay={when.mode !== 'now'}
                onReview={(values, request) => {
                  const read = readWhen(when);
                  setDraft(values);
                  setServerError(null);
                  setStep({
                    name: 'review',
                    request,
                    idempotencyKey: newIdempotencyKey(),
                    schedule: read.ok && request.type !== 'International Transfer' ? read.schedule : null,
                  });
                }}
              />
            </div>
          ) : step.name === 'review' && step.schedule ? (
            <ScheduleReview
              request={step.request}
              schedule={step.schedule}
              profile={profile}
              idempotencyKey={step.idempotencyKey}
              onEdit={() => setStep({ name: 'details' })}
              onScheduled={(series) => setStep({ name: 'scheduled', series })}
              onRefused={(error) => {
                setServerError(error);
                setStep({ name: 'details' });
              }}
            />
          ) : step.name === 'scheduled' ? (
            <ScheduleConfirmation
              series={step.series}
              currency={profile.currency}
              onSendAnother={sendAnother}
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
              onSendAnother={sendAnother}
            />
          )
        }
      </MoneyFlowCard>
    </Page>
  );
}
