import { BriefcaseIcon, CardIcon, ChartIcon, ShieldIcon, SparkIcon, UserIcon } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { DataTable } from '../components/data-table';
import { FeatureGrid } from '../components/feature-grid';
import { IllustrativeNote } from '../components/illustrative';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const services = [
  {
    icon: CardIcon,
    title: 'Business checking',
    body: 'Separate business and personal money from day one, with debit cards for you and your team.',
  },
  {
    icon: SparkIcon,
    title: 'Fast payments',
    body: 'Pay suppliers and contractors by transfer, and get paid by customers straight into your account.',
  },
  {
    icon: BriefcaseIcon,
    title: 'Business loans and lines of credit',
    body: 'Working capital, equipment finance and commercial real estate loans from a banker who knows you.',
  },
  {
    icon: UserIcon,
    title: 'Access for your team',
    body: 'Give your bookkeeper or partner their own login, with the permissions you choose.',
  },
  {
    icon: ChartIcon,
    title: 'Cash-flow at a glance',
    body: 'Money in, money out and what is scheduled, with exports for your accounting software.',
  },
  {
    icon: ShieldIcon,
    title: 'Fraud protection',
    body: 'Alerts for every payment and a team that watches for unusual activity around the clock.',
  },
] as const;

export function BusinessBankingPage() {
  usePageMeta({
    title: 'Business Banking',
    description:
      'Business checking, payments, loans and lines of credit for small businesses, from Larkspur Bank.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Business banking"
        title="Business banking that keeps up with you"
        lead="Whether you run a bakery, a design studio or a growing team of twenty, Larkspur gives you accounts, payments and credit that fit the way you work."
      >
        <ButtonLink to={paths.contact} size="lg">
          Talk to a business banker
        </ButtonLink>
        <ButtonLink to={paths.borrow} variant="secondary" size="lg">
          Explore financing
        </ButtonLink>
      </PageHero>
      <Section id="services" title="Everything your business banks on">
        <FeatureGrid items={services} />
      </Section>
      <Section
        id="plans"
        muted
        title="Business checking plans"
        intro="Pick the plan for where your business is today and change it whenever you like."
      >
        <DataTable
          caption="Business checking plans (illustrative)"
          columns={['Plan', 'Monthly fee', 'How to waive it', 'Transactions included']}
          rows={[
            ['Essentials', '$0', 'No fee', '100 a month'],
            ['Growth', '$15', '$5,000 average daily balance', '300 a month'],
            ['Premier', '$35', '$25,000 combined balances', 'Unlimited'],
          ]}
        />
        <IllustrativeNote />
      </Section>
      <Section id="how" title="How we work with businesses">
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">One banker who knows your business</h3>
            <p className="mt-2 leading-7 text-slate-700">
              Every business customer has a named relationship banker. When you need credit, a letter for a
              landlord or help with a large payment, you talk to someone who already knows your numbers.
            </p>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">Clear lending decisions</h3>
            <p className="mt-2 leading-7 text-slate-700">
              We tell you what we need up front, give you a decision in writing and explain it — including
              what would change a no into a yes next time.
            </p>
          </div>
        </div>
      </Section>
      <CtaBand
        title="Let's talk about your business"
        body="Call us or visit a branch to open a business account. Bring your formation documents and ID."
        primary={{ label: 'Contact us', to: paths.contact }}
        secondary={{ label: 'Find a branch', to: paths.branches }}
      />
    </main>
  );
}
