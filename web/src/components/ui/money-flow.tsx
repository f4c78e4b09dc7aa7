import { useEffect, useRef, type ReactNode } from 'react';
import type { Profile } from '@larkspur/contract';
import { useMe } from '@/lib/me';
import { ErrorState } from './error-state';
import { Loading } from './skeleton';
import { StepIndicator } from './step-indicator';

/** The three steps every money flow (send money, deposit a check) goes through, on one page. */
export type MoneyFlowStep = 'details' | 'review' | 'receipt';
const STEP_ORDER: readonly MoneyFlowStep[] = ['details', 'review', 'receipt'];

/**
 * A money flow's card: the step indicator, the step's heading — focused on every step change, so a
 * screen reader hears where it is — and the step itself once the customer's profile is loaded.
 */
export function MoneyFlowCard({
  id,
  step,
  labels,
  headings,
  keepFocus,
  skeleton,
  children,
}: {
  /** Names the heading's element (`${id}-step-heading`). */
  id: string;
  step: MoneyFlowStep;
  /** What the step indicator calls each step. */
  labels: Record<MoneyFlowStep, string>;
  headings: Record<MoneyFlowStep, string>;
  /**
   * Back from a refusal, the form focuses the field in error instead (moving focus away from it
   * would also re-validate it against what the page knew before the server answered).
   */
  keepFocus: boolean;
  /** The shape of the form while the profile loads. */
  skeleton: ReactNode;
  children: (profile: Profile) => ReactNode;
}) {
  const me = useMe();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'details' && keepFocus) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [step, keepFocus]);

  const profile = me.data;
  return (
    <div className="mt-6 max-w-2xl">
      <StepIndicator steps={STEP_ORDER.map((name) => labels[name])} current={STEP_ORDER.indexOf(step)} />
      <section
        aria-labelledby={`${id}-step-heading`}
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2
          id={`${id}-step-heading`}
          ref={headingRef}
          tabIndex={-1}
          className="mb-5 text-lg font-semibold text-slate-900 outline-none"
        >
          {headings[step]}
        </h2>
        {profile !== undefined ? (
          children(profile)
        ) : me.isError ? (
          <ErrorState message={me.error.message} onRetry={() => void me.refetch()} retrying={me.isFetching} />
        ) : (
          <Loading label="Loading your account…">{skeleton}</Loading>
        )}
      </section>
    </div>
  );
}
