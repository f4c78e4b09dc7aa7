import { ChartIcon, ChecklistIcon, PiggyIcon, UserIcon } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { DataTable } from '../components/data-table';
import { FeatureGrid } from '../components/feature-grid';
import { IllustrativeNote } from '../components/illustrative';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const options = [
  {
    icon: ChartIcon,
    title: 'Managed portfolios',
    body: 'Tell us your goal and how you feel about risk. We build a diversified portfolio of low-cost index funds and rebalance it for you.',
  },
  {
    icon: ChecklistIcon,
    title: 'Self-directed investing',
    body: 'Buy and sell stocks, ETFs and mutual funds yourself, with no commission on online trades.',
  },
  {
    icon: PiggyIcon,
    title: 'Retirement accounts',
    body: 'Traditional and Roth IRAs, and rollovers from an old employer plan, with help choosing between them.',
  },
  {
    icon: UserIcon,
    title: 'Advice from a person',
    body: 'Book a free 30-minute session with a licensed advisor to plan for retirement, college or a home.',
  },
] as const;

export function InvestingPage() {
  usePageMeta({
    title: 'Investing and Retirement',
    description:
      'Managed portfolios, self-directed investing and IRAs from Larkspur Bank, with fees shown up front and advice from a person.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Invest"
        title="Investing made understandable"
        lead="Grow your money for the years ahead with diversified portfolios, low fees and plain explanations of what you own and why."
      >
        <ButtonLink to={paths.contact} size="lg">
          Book a free consultation
        </ButtonLink>
      </PageHero>
      <Section id="options" title="Ways to invest with us">
        <FeatureGrid items={options} columns={2} />
      </Section>
      <Section id="fees" muted title="What it costs">
        <DataTable
          caption="Investing fees (illustrative)"
          columns={['Service', 'Fee']}
          rows={[
            ['Managed portfolio', '0.25% of assets a year, billed monthly'],
            ['Online stock and ETF trades', '$0'],
            ['Account opening and closing', '$0'],
            ['IRA annual fee', '$0'],
            ['Fund expenses', 'Charged by the funds themselves; our portfolios average 0.06%'],
          ]}
        />
        <IllustrativeNote />
      </Section>
      <Section id="risk" title="Investing involves risk">
        <div className="max-w-3xl space-y-4 text-lg leading-8 text-slate-700">
          <p>
            Investments are <strong>not deposits</strong>, are <strong>not FDIC-insured</strong>, are not
            guaranteed by the bank and <strong>may lose value</strong>, including the money you put in. Past
            performance does not predict future returns.
          </p>
          <p>
            Money you may need within the next few years usually belongs in savings rather than in the market.
            An advisor can help you decide how much to invest and how much to keep in cash.
          </p>
        </div>
      </Section>
      <CtaBand
        title="Start with a conversation"
        body="A free session with an advisor: your goals, your timeline, and a plan you understand."
        primary={{ label: 'Contact us', to: paths.contact }}
        secondary={{ label: 'Open a savings account first', to: paths.savings }}
      />
    </main>
  );
}
