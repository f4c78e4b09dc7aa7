import { BriefcaseIcon, ChecklistIcon, ClockIcon, ShieldIcon } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { DataTable } from '../components/data-table';
import { FeatureGrid } from '../components/feature-grid';
import { IllustrativeNote } from '../components/illustrative';
import { LoanCalculator } from '../components/loan-calculator';
import { DeferredLoanInquiryForm } from '../components/deferred-loan-inquiry-form';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { personalLoanExamples } from '../content/loan-example';

const features = [
  {
    icon: ChecklistIcon,
    title: 'One fixed payment',
    body: 'Your rate and payment never change, so you know exactly when you will be debt-free.',
  },
  {
    icon: BriefcaseIcon,
    title: 'For what matters to you',
    body: 'Consolidate credit cards, cover a home repair, a wedding or a move — borrow $1,000 to $50,000.',
  },
  {
    icon: ClockIcon,
    title: 'Money in two business days',
    body: 'Once approved, the money arrives in your Larkspur checking account, usually within two business days.',
  },
  {
    icon: ShieldIcon,
    title: 'No origination fee',
    body: 'No fee to open the loan and no penalty for paying it off early.',
  },
] as const;

export function PersonalLoansPage() {
  usePageMeta({
    title: 'Personal Loans',
    description:
      'Fixed-rate personal loans from $1,000 to $50,000 at Larkspur Bank, with no origination fee, a payment calculator and no prepayment penalty.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Personal loans"
        title="Personal loans with one simple payment"
        lead="Borrow for the things that matter, at a fixed rate with no origination fee. See your payment first, then ask us for a quote."
      >
        <ButtonLink to="#inquiry" size="lg">
          Ask about a personal loan
        </ButtonLink>
      </PageHero>
      <Section id="features" title="A loan that keeps things simple">
        <FeatureGrid items={features} columns={4} />
      </Section>
      <Section id="rates" muted title="Example rates">
        <DataTable
          caption="Personal loan rates (illustrative)"
          columns={['Term', 'APR range', 'Example monthly payment per $10,000']}
          rows={personalLoanExamples.rows.map((r) => [
            `${r.termMonths} months`,
            r.aprRange,
            `${r.payment} at ${r.apr}%`,
          ])}
        />
        <IllustrativeNote>
          Your rate depends on your credit history, income and existing debts. Paying off credit cards with a
          loan saves money only if you do not run the cards up again.
        </IllustrativeNote>
      </Section>
      <section aria-label="Personal loan calculator" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <LoanCalculator
            title="Estimate your loan payment"
            defaults={{ amount: '10000', apr: '11.99', termMonths: '36' }}
          />
        </div>
      </section>
      <section id="inquiry" aria-label="Personal loan inquiry" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:py-20">
          <DeferredLoanInquiryForm defaultLoanType="Personal Loan" />
        </div>
      </section>
    </main>
  );
}
