import { ChecklistIcon, HomeIcon, SparkIcon, UserIcon } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { DataTable } from '../components/data-table';
import { FeatureGrid } from '../components/feature-grid';
import { IllustrativeNote } from '../components/illustrative';
import { LoanCalculator } from '../components/loan-calculator';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { mortgageExamples } from '../content/loan-example';

const steps = [
  {
    icon: ChecklistIcon,
    title: '1. Get pre-approved',
    body: 'Share your income, savings and debts. We tell you how much you can borrow, in writing, usually within two business days.',
  },
  {
    icon: HomeIcon,
    title: '2. Find your home',
    body: 'Make offers with confidence: your pre-approval letter shows sellers you are ready.',
  },
  {
    icon: UserIcon,
    title: '3. Apply and lock your rate',
    body: 'Your loan officer guides you through the application, the appraisal and locking your rate for 60 days.',
  },
  {
    icon: SparkIcon,
    title: '4. Close and move in',
    body: 'Review your closing disclosure three days ahead, sign, and get your keys.',
  },
] as const;

export function MortgagePage() {
  usePageMeta({
    title: 'Mortgages',
    description:
      'Fixed-rate and adjustable-rate mortgages and refinancing from Larkspur Bank, with a mortgage calculator and a dedicated loan officer.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Mortgages"
        title="A mortgage that feels like home"
        lead="Buying your first home, moving up or refinancing: one loan officer stays with you from pre-approval to closing day."
      >
        <ButtonLink to={paths.contact} size="lg">
          Talk to a loan officer
        </ButtonLink>
        <ButtonLink to={paths.articleMortgageMarket} variant="secondary" size="lg">
          Read our market guide
        </ButtonLink>
      </PageHero>
      <Section id="rates" title="Today's example rates">
        <DataTable
          caption="Mortgage rates for a $400,000 purchase with 20% down (illustrative)"
          columns={['Loan', 'Rate', 'APR', 'Monthly principal and interest']}
          rows={mortgageExamples.rows.map((r) => [r.loan, r.rate, r.apr, `${r.payment}${r.note}`])}
        />
        <IllustrativeNote>
          Examples assume a loan of $320,000, a credit score of 740 or higher and a single-family primary
          residence. Payments exclude taxes and insurance, so an actual payment will be higher.
        </IllustrativeNote>
      </Section>
      <section aria-label="Mortgage calculator" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <LoanCalculator
            title="Estimate your mortgage payment"
            defaults={{ amount: '320000', apr: '6.75', termMonths: '360' }}
          />
        </div>
      </section>
      <Section id="steps" title="From pre-approval to keys">
        <FeatureGrid items={steps} columns={4} />
      </Section>
      <CtaBand
        title="Thinking about buying?"
        body="Get pre-approved before you start house-hunting: it costs nothing and does not commit you to anything."
        primary={{ label: 'Talk to a loan officer', to: paths.contact }}
        secondary={{ label: 'Find a branch', to: paths.branches }}
      />
    </main>
  );
}
