import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import {
  ArrowRightIcon,
  CardIcon,
  ChartIcon,
  ChecklistIcon,
  HomeIcon,
  PiggyIcon,
  ShieldIcon,
  SparkIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { BANK_DISPLAY_NAME } from '@larkspur/contract';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { HeroSlideshow } from '../components/hero-slideshow';
import { IllustrativeBadge } from '../components/illustrative';
import { LinkCard } from '../components/link-card';
import { Section } from '../components/section';
import { preloadFirstSlide } from '../content/first-slide';
import { homeLoanExample } from '../content/home-loan-example';

// The entry asks for it already when the home page is the first page opened (main.tsx); this covers
// arriving here from another page.
preloadFirstSlide();

const ex = homeLoanExample.text;

const pillars = [
  {
    icon: ShieldIcon,
    title: 'Secure',
    body: 'Your money moves only inside audited, all-or-nothing ledger entries. Logins are protected, sessions time out, and you get an alert for every payment in or out.',
  },
  {
    icon: ChecklistIcon,
    title: 'Simple',
    body: 'Plain-language terms, fees you can find, and one place to see your balance, cards, transfers and loans — on your phone or your laptop.',
  },
  {
    icon: SparkIcon,
    title: 'Smart',
    body: 'Live balances, instant transfers between Larkspur accounts, and tools like our loan calculator that show the real cost before you commit.',
  },
] as const;

const products = [
  {
    to: paths.checking,
    icon: CardIcon,
    title: 'Everyday Checking',
    body: 'A debit card you can freeze in a tap, free transfers and no minimum balance.',
  },
  {
    to: paths.savings,
    icon: PiggyIcon,
    title: 'Savings',
    body: 'Put money aside automatically and watch it earn interest, month after month.',
  },
  {
    to: paths.borrow,
    icon: HomeIcon,
    title: 'Loans and mortgages',
    body: 'Home, auto and personal loans with a clear APR and no prepayment penalty.',
  },
  {
    to: paths.investing,
    icon: ChartIcon,
    title: 'Investing',
    body: 'Diversified portfolios and retirement accounts explained in plain English.',
  },
] as const;

const articles = [
  {
    to: paths.articleFinancialFoundation,
    title: 'Five habits of a strong financial foundation',
    body: 'An emergency fund, a simple budget and a plan for debt: where to start, in order.',
  },
  {
    to: paths.articleMortgageMarket,
    title: 'What today’s mortgage market means for buyers',
    body: 'Rates, points and timing — how to read the market without trying to outguess it.',
  },
  {
    to: paths.articleZelleLaunch,
    title: 'Send money to friends in minutes with Zelle®',
    body: 'Pay back a friend or split the rent straight from the Larkspur app.',
  },
] as const;

export function HomePage() {
  usePageMeta({
    title: BANK_DISPLAY_NAME,
    description:
      'Banking that works for you: secure, simple and smart checking, savings, loans and investing from Larkspur Bank.',
  });
  return (
    <main id="main">
      <section className="relative isolate flex min-h-[34rem] items-center overflow-hidden pt-16 text-white sm:min-h-[38rem] lg:min-h-[42rem]">
        <HeroSlideshow />
        <div className="relative z-10 mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Larkspur Bank</p>
          <h1 className="mt-3 max-w-3xl text-3xl min-[375px]:text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            Banking that works for you
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-brand-50 sm:text-xl">
            Secure, simple and smart. Open an account in minutes, move money with confidence and see every
            cent.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.signup} variant="inverse" size="lg">
              Get Started
            </ButtonLink>
            <ButtonLink to={paths.checking} variant="outline-inverse" size="lg">
              Explore checking
            </ButtonLink>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-50">
            <li>No monthly fee on Everyday Checking</li>
            <li>Alerts for every payment</li>
            <li>Real people on the phone, 7 days a week</li>
          </ul>
        </div>
      </section>

      <Section
        id="why"
        title="Secure. Simple. Smart."
        intro="Everything a bank should be, and nothing that gets in your way."
      >
        <FeatureGrid items={pillars} />
      </Section>

      <Section
        id="products"
        muted
        title="Accounts and loans for every stage of life"
        intro="Start with one account and add the rest when you need them. Everything lives under one login."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((product) => (
            <li key={product.to}>
              <LinkCard {...product} />
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="borrow-title" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-20">
          <div>
            <h2 id="borrow-title" className="text-3xl font-semibold tracking-tight text-slate-900">
              Know the cost before you borrow
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-700">
              Our loan calculator shows your monthly payment, the total interest and every payment of the
              schedule — computed to the cent. No sign-up, no credit check.
            </p>
            <Link
              to={paths.borrow}
              className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800"
            >
              Try the loan calculator
              <ArrowRightIcon className="size-5" />
            </Link>
          </div>
          <figure className="rounded-2xl bg-brand-900 p-6 text-white shadow-lg sm:p-8">
            <figcaption className="text-sm font-medium text-brand-100">
              Example: {ex.principal} auto loan over {homeLoanExample.termMonths} months at {ex.apr} APR{' '}
              <IllustrativeBadge />
            </figcaption>
            <p className="mt-3">
              <span className="text-4xl font-semibold tabular-nums">{ex.monthlyPayment}</span>{' '}
              <span className="text-lg text-brand-100">a month</span>
            </p>
            <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="text-brand-100">Total interest</dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums">{ex.totalInterest}</dd>
              </div>
              <div>
                <dt className="text-brand-100">Total of payments</dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums">{ex.totalPaid}</dd>
              </div>
            </dl>
          </figure>
        </div>
      </section>

      <Section id="insights" muted title="Money know-how" intro="Short, practical reads from our team.">
        <ul className="grid gap-5 md:grid-cols-3">
          {articles.map((article) => (
            <li key={article.to}>
              <LinkCard {...article} cta="Read the article" />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        title="Open an account in about five minutes"
        body="All you need is an email address, a phone number and a few personal details. No minimum deposit."
        primary={{ label: 'Get Started', to: paths.signup }}
        secondary={{ label: 'Talk to us', to: paths.contact }}
      />
    </main>
  );
}
