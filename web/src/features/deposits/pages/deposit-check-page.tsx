import { useState } from 'react';
import type { MovementResponse } from '@larkspur/contract';
import { MoneyFlowCard } from '@/components/ui/money-flow';
import { Page } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/skeleton';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usePageMeta } from '@/lib/page-meta';
import {
  DepositForm,
  type CompleteDepositDraft,
  type DepositDraft,
  type ServerFieldError,
} from '../components/deposit-form';
import { DepositReceipt } from '../components/deposit-receipt';
import { DepositReview } from '../components/deposit-review';
import { emptyDeposit } from '../components/deposit-validation';

type Step =
  | { name: 'details' }
  | { name: 'review'; idempotencyKey: string; reviewed: CompleteDepositDraft }
  | { name: 'receipt'; result: MovementResponse };

const labels: Record<Step['name'], string> = {
  details: 'Details and photos',
  review: 'Check and confirm',
  receipt: 'Receipt',
};
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
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [draft, setDraft] = useState<DepositDraft>(emptyDraft);
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  const [formGeneration, setFormGeneration] = useState(0);

  return (
    <Page
      title="Deposit check"
      intro="Photograph both sides of a check: the money is in your account at once, to spend once the check clears."
    >
      <MoneyFlowCard
        id="deposit"
        step={step.name}
        labels={labels}
        headings={headings}
        keepFocus={serverError !== null}
        skeleton={
          <>
            <Skeleton className="h-12" />
            <Skeleton className="h-40" />
          </>
        }
      >
        {(profile) =>
          step.name === 'details' ? (
            <DepositForm
              key={formGeneration}
              profile={profile}
              draft={draft}
              serverError={serverError}
              onReview={(next) => {
                setDraft(next);
                setServerError(null);
                setStep({ name: 'review', idempotencyKey: newIdempotencyKey(), reviewed: next });
              }}
            />
          ) : step.name === 'review' ? (
            <DepositReview
              draft={step.reviewed}
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
              micr={{
                routingNumber: draft.values.routingNumber.trim(),
                payerAccountNumber: draft.values.payerAccountNumber.trim(),
                checkNumber: draft.values.checkNumber.trim(),
              }}
              profile={profile}
              onDepositAnother={() => {
                setDraft(emptyDraft);
                setServerError(null);
                setFormGeneration((n) => n + 1);
                setStep({ name: 'details' });
              }}
            />
          )
        }
      </MoneyFlowCard>
    </Page>
  );
}
