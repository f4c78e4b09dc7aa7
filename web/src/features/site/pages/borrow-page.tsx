import { BriefcaseIcon, CarIcon, HomeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { LinkCard } from '../components/link-card';
import { LoanCalculator } from '../components/loan-calculator';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const loans = [
  {
    to: paths.mortgage,
    icon: HomeIcon,
    title: 'Mortgages',
    body: 'Fixed and adjustable rates for buying a home or refinancing the one you have.',
  },
  {
    to: paths.autoLoans,
    icon: CarIcon,
    title: 'Auto loans',
    body: 'New, used and refinance loans with terms from 24 to 84 months.',
  },
  {
    to: paths.personalLoans,
    icon: BriefcaseIcon,
    title: 'Personal loans',
    body: 'From $1,000 to $50,000 at a fixed rate, for almost any purpose.',
  },
] as const;

const principles = [
  {
    title: 'The APR, up front',
    body: 'Every quote shows the annual percentage rate, which includes fees, so you can compare us fairly with anyone else.',
  },
  {
    title: 'No prepayment penalties',
    body: 'Pay extra or pay off early whenever you like. Any extra payment goes straight to your principal.',
  },
  {
    title: 'Decisions you can understand',
    body: 'If we cannot lend, we tell you why in writing and what would make a difference.',
  },
] as const;

export function BorrowPage() {
  usePageMeta({
    title: 'Borrow',
    description:
      'Mortgages, auto loans and personal loans from Larkspur Bank, with a loan calculator that shows your monthly payment and full schedule.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Borrow"
        title="Borrow with confidence"
        lead="Loans with a clear price and no surprises. Work out what fits your budget first, then apply when you are ready."
      />
      <Section id="loans" title="Find the right loan">
        <ul className="grid gap-5 md:grid-cols-3">
          {loans.map((loan) => (
            <li key={loan.to}>
              <LinkCard {...loan} />
            </li>
          ))}
        </ul>
      </Section>
      <section aria-label="Loan calculator" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <LoanCalculator defaults={{ amount: '20000', apr: '8.99', termMonths: '48' }} />
        </div>
      </section>
      <Section id="principles" title="How we lend">
        <FeatureGrid items={principles} />
      </Section>
      <CtaBand
        title="Questions about borrowing?"
        body="Our loan specialists can walk you through your options — no obligation and no effect on your credit score."
        primary={{ label: 'Contact a specialist', to: paths.contact }}
        secondary={{ label: 'Read the FAQs', to: paths.faqs }}
      />
    </main>
  );
}
