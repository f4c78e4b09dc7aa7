import { ChartIcon, ClockIcon, PiggyIcon, ShieldIcon } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { DataTable } from '../components/data-table';
import { FeatureGrid } from '../components/feature-grid';
import { IllustrativeBadge, IllustrativeNote } from '../components/illustrative';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const features = [
  {
    icon: PiggyIcon,
    title: 'Save on autopilot',
    body: 'Schedule a transfer from checking every payday, so saving happens before spending.',
  },
  {
    icon: ChartIcon,
    title: 'Interest that compounds',
    body: 'Interest is calculated daily and paid monthly, so your interest earns interest too.',
  },
  {
    icon: ClockIcon,
    title: 'Your money when you need it',
    body: 'Move money back to checking instantly. No notice period on High-Yield Savings.',
  },
  {
    icon: ShieldIcon,
    title: 'Kept separate',
    body: 'Savings live in their own account, out of sight of your debit card and everyday spending.',
  },
] as const;

export function SavingsPage() {
  usePageMeta({
    title: 'Savings Accounts and Certificates',
    description:
      'High-Yield Savings and certificates of deposit from Larkspur Bank: automatic saving, daily interest and no monthly fee.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Savings"
        title="Savings that grow with you"
        lead={
          <>
            High-Yield Savings pays 4.10% APY <IllustrativeBadge /> with no monthly fee and no minimum
            balance. For money you can leave alone for longer, certificates lock in a rate.
          </>
        }
      >
        <ButtonLink to={paths.signup} size="lg">
          Start saving
        </ButtonLink>
      </PageHero>
      <Section id="features" title="Built to make saving a habit">
        <FeatureGrid items={features} columns={4} />
      </Section>
      <Section id="rates" muted title="Rates at a glance">
        <div className="grid gap-6 lg:grid-cols-2">
          <DataTable
            caption="High-Yield Savings (illustrative)"
            columns={['Balance', 'APY']}
            rows={[
              ['$0 – $9,999.99', '4.10%'],
              ['$10,000 – $99,999.99', '4.10%'],
              ['$100,000 and above', '4.15%'],
            ]}
          />
          <DataTable
            caption="Certificates of deposit (illustrative)"
            columns={['Term', 'APY', 'Minimum']}
            rows={[
              ['6 months', '4.25%', '$500'],
              ['12 months', '4.35%', '$500'],
              ['24 months', '4.00%', '$500'],
              ['60 months', '3.75%', '$500'],
            ]}
          />
        </div>
        <IllustrativeNote>
          APY means annual percentage yield. Rates are examples and may change at any time; a certificate
          withdrawn before its term ends would pay an early-withdrawal penalty of 90 days&apos; interest.
        </IllustrativeNote>
      </Section>
      <Section id="example" title="What steady saving adds up to">
        <p className="max-w-3xl text-lg leading-8 text-slate-700">
          Saving $200 every month for five years puts $12,000 aside. At 4.10% APY, compounded monthly,
          interest would add about $1,250 more <IllustrativeBadge /> — without you lifting a finger after the
          first transfer.
        </p>
      </Section>
      <CtaBand
        title="Start with any amount"
        body="Open High-Yield Savings alongside your checking account in minutes."
        primary={{ label: 'Get Started', to: paths.signup }}
        secondary={{
          label: 'Read: five habits of a strong foundation',
          to: paths.articleFinancialFoundation,
        }}
      />
    </main>
  );
}
