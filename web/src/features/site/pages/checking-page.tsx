import { CardIcon, MailIcon, PhoneIcon, ShieldIcon } from '@/components/ui/icons';
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
    icon: CardIcon,
    title: 'A debit card you control',
    body: 'Freeze and unfreeze your card online in seconds, and see every card payment as it happens.',
  },
  {
    icon: PhoneIcon,
    title: 'Bank from any device',
    body: 'Check your balance, send money and deposit checks online, whenever suits you.',
  },
  {
    icon: MailIcon,
    title: 'Alerts for every payment',
    body: 'We email you for every transfer, deposit and withdrawal, with your new balance.',
  },
  {
    icon: ShieldIcon,
    title: 'Protection built in',
    body: 'Sessions that time out, alerts for every payment and a fraud team you can reach 24/7.',
  },
] as const;

export function CheckingPage() {
  usePageMeta({
    title: 'Everyday Checking',
    description:
      'Everyday Checking from Larkspur Bank: no monthly fee, no minimum balance, a debit card you can freeze and alerts for every payment.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Checking"
        title="Everyday Checking"
        lead={
          <>
            The account for the money you use every day. No monthly fee and no minimum balance
            <IllustrativeBadge /> — just a clear view of what comes in and what goes out.
          </>
        }
      >
        <ButtonLink to={paths.signup} size="lg">
          Open Everyday Checking
        </ButtonLink>
        <ButtonLink to={paths.savings} variant="secondary" size="lg">
          Add a savings account
        </ButtonLink>
      </PageHero>
      <Section id="features" title="Why people switch to Everyday Checking">
        <FeatureGrid items={features} columns={4} />
      </Section>
      <Section
        id="fees"
        muted
        title="Fees, in plain sight"
        intro="The complete list. If a fee is not here, we do not charge it."
      >
        <DataTable
          caption="Everyday Checking fees (illustrative)"
          columns={['Service', 'Fee']}
          rows={[
            ['Monthly maintenance', '$0'],
            ['Minimum opening deposit', '$0'],
            ['Transfers to other Larkspur customers', '$0'],
            ['Domestic transfers to other banks', '$0'],
            ['International transfers', '$15 each'],
            ['Replacement debit card', '$0 (first each year), then $5'],
            ['Overdraft', 'None — payments that would overdraw your account are declined'],
          ]}
        />
        <IllustrativeNote />
      </Section>
      <Section id="open" title="Open your account in about five minutes">
        <ol className="list-decimal space-y-3 pl-6 text-lg leading-8 text-slate-700 marker:font-semibold marker:text-brand-700">
          <li>Tell us about yourself: name, address, date of birth and Social Security number.</li>
          <li>Confirm your email with the six-digit code we send you.</li>
          <li>Choose a password, and note your new account number — it is how you log in.</li>
        </ol>
        <p className="mt-6 text-slate-700">
          You must be 18 or older and a resident of the United States. We keep your Social Security number
          encrypted and only ever show its last four digits.
        </p>
      </Section>
      <CtaBand
        title="Make Larkspur your everyday bank"
        body="Open Everyday Checking online today. No deposit needed to get started."
        primary={{ label: 'Get Started', to: paths.signup }}
        secondary={{ label: 'Questions? Visit the Help Center', to: paths.help }}
      />
    </main>
  );
}
