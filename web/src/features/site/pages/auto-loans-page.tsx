import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CarIcon, ClockIcon, ShieldIcon, SparkIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { DataTable } from '../components/data-table';
import { FeatureGrid } from '../components/feature-grid';
import { IllustrativeNote } from '../components/illustrative';
import { LoanCalculator } from '../components/loan-calculator';
import { DeferredLoanInquiryForm } from '../components/deferred-loan-inquiry-form';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const features = [
  {
    icon: CarIcon,
    title: 'New, used or refinance',
    body: 'Buy from a dealer or a private seller, or move an existing car loan to a lower rate.',
  },
  {
    icon: ClockIcon,
    title: 'Terms from 24 to 84 months',
    body: 'Choose a shorter term to pay less interest, or a longer one for a smaller payment.',
  },
  {
    icon: SparkIcon,
    title: 'Decisions in one business day',
    body: 'Apply online or by phone and know where you stand by the next business day.',
  },
  {
    icon: ShieldIcon,
    title: 'No prepayment penalty',
    body: 'Pay it off early whenever you like, and save the interest you would have paid.',
  },
] as const;

export function AutoLoansPage() {
  usePageMeta({
    title: 'Auto Loans',
    description:
      'New, used and refinance auto loans from Larkspur Bank, with terms from 24 to 84 months, a payment calculator and no prepayment penalty.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Auto loans"
        title="Auto loans that get you moving"
        lead="Know your budget before you visit the dealer. Check your payment below and ask us for a quote — it does not affect your credit score."
      >
        <ButtonLink to="#inquiry" size="lg">
          Ask about an auto loan
        </ButtonLink>
      </PageHero>
      <Section id="features" title="Why finance your car with Larkspur">
        <FeatureGrid items={features} columns={4} />
      </Section>
      <Section id="rates" muted title="Example rates">
        <DataTable
          caption="Auto loan rates for well-qualified borrowers (illustrative)"
          columns={['Loan', 'Term', 'APR as low as']}
          rows={[
            ['New vehicle', 'Up to 60 months', '6.49%'],
            ['New vehicle', '61–84 months', '6.99%'],
            ['Used vehicle (up to 7 years old)', 'Up to 72 months', '7.24%'],
            ['Refinance', 'Up to 72 months', '6.74%'],
          ]}
        />
        <IllustrativeNote>
          Your rate depends on your credit history, the vehicle, the term and the amount financed. Loans from
          $5,000 to $150,000.
        </IllustrativeNote>
      </Section>
      <section aria-label="Auto loan calculator" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <LoanCalculator
            title="Estimate your car payment"
            defaults={{ amount: '30000', apr: '6.49', termMonths: '60' }}
          />
        </div>
      </section>
      <section id="inquiry" aria-label="Auto loan inquiry" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:py-20">
          <DeferredLoanInquiryForm defaultLoanType="Auto Loan" />
          <p className="mt-6 text-center text-sm text-slate-600">
            Prefer to talk? Call us or visit a branch — see our{' '}
            <Link className="font-medium text-brand-700 underline underline-offset-2" to={paths.contact}>
              contact details
            </Link>
            .
          </p>
        </div>
      </section>
    </main>
  );
}
