import {
  BriefcaseIcon,
  CarIcon,
  CardIcon,
  ChartIcon,
  HomeIcon,
  PhoneIcon,
  PiggyIcon,
  ShieldIcon,
  SparkIcon,
} from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { LinkCard } from '../components/link-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const products = [
  {
    to: paths.checking,
    icon: CardIcon,
    title: 'Everyday Checking',
    body: 'Your day-to-day account with a debit card, direct deposit and free transfers.',
  },
  {
    to: paths.savings,
    icon: PiggyIcon,
    title: 'Savings and certificates',
    body: 'Build an emergency fund or save for a goal with automatic transfers.',
  },
  {
    to: paths.investing,
    icon: ChartIcon,
    title: 'Investing and retirement',
    body: 'Managed portfolios and IRAs for the long run, with fees shown up front.',
  },
  {
    to: paths.mortgage,
    icon: HomeIcon,
    title: 'Mortgages',
    body: 'Buy your first home, move up or refinance with a dedicated loan officer.',
  },
  {
    to: paths.autoLoans,
    icon: CarIcon,
    title: 'Auto loans',
    body: 'Finance a new or used car, or refinance the loan you have, with no prepayment penalty.',
  },
  {
    to: paths.personalLoans,
    icon: BriefcaseIcon,
    title: 'Personal loans',
    body: 'A fixed rate and a fixed monthly payment for big expenses or to consolidate debt.',
  },
] as const;

const everyAccount = [
  {
    icon: PhoneIcon,
    title: 'Online banking, anywhere',
    body: 'Check balances, send money and deposit checks from any browser, day or night.',
  },
  {
    icon: ShieldIcon,
    title: 'Alerts for every movement',
    body: 'An email for every transfer, deposit and withdrawal, so nothing happens without you knowing.',
  },
  {
    icon: CardIcon,
    title: 'Freeze your card in a tap',
    body: 'Misplaced your card? Freeze it online and unfreeze it when it turns up.',
  },
  {
    icon: SparkIcon,
    title: 'Instant transfers between Larkspur accounts',
    body: 'Money sent to another Larkspur customer arrives the moment you press send.',
  },
] as const;

export function PersonalBankingPage() {
  usePageMeta({
    title: 'Personal Banking',
    description:
      'Checking, savings, loans, mortgages and investing for individuals and families at Larkspur Bank.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Personal banking"
        title="Banking for every part of your life"
        lead="From your first paycheck to your first home and the years after, Larkspur keeps your everyday money, savings and borrowing in one clear place."
      >
        <ButtonLink to={paths.signup} size="lg">
          Open an account
        </ButtonLink>
        <ButtonLink to={paths.branches} variant="secondary" size="lg">
          Find a branch
        </ButtonLink>
      </PageHero>
      <Section id="products" title="Choose what you need">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.to}>
              <LinkCard {...product} />
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="included"
        muted
        title="Included with every account"
        intro="No add-ons to buy and no premium tier to unlock: these come as standard."
      >
        <FeatureGrid items={everyAccount} columns={4} />
      </Section>
      <Section id="switch" title="Switching is easier than you think">
        <ol className="grid gap-6 md:grid-cols-3">
          {[
            [
              'Open your account online',
              'It takes about five minutes. We verify your email with a one-time code.',
            ],
            [
              'Move your direct deposit',
              'Give your employer your new account number. Your first paycheck lands in one or two pay cycles.',
            ],
            [
              'Update your bills',
              'Move recurring payments one at a time, then close the old account once everything has moved.',
            ],
          ].map(([title, body], i) => (
            <li key={title} className="rounded-2xl border border-slate-200 p-6">
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{body}</p>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBand
        title="Ready when you are"
        body="Open an account online, or talk it through with us first."
        primary={{ label: 'Get Started', to: paths.signup }}
        secondary={{ label: 'Contact us', to: paths.contact }}
      />
    </main>
  );
}
