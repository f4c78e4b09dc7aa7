import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { LegalLayout, type LegalSection } from '../components/legal-layout';

const sections: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <p>
        These terms govern your use of the Larkspur Bank website and online banking. Your accounts are also
        governed by the account agreement and fee schedule you receive when you open them; if the two differ,
        the account agreement applies.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may open an account',
    body: (
      <p>
        You must be at least 18, a resident of the United States, and give us accurate information about
        yourself. We may decline an application or close an account where the law requires it or where we
        suspect fraud.
      </p>
    ),
  },
  {
    id: 'your-login',
    title: 'Keeping your login safe',
    body: (
      <ul>
        <li>Keep your password private and do not reuse it on other sites.</li>
        <li>Never share a one-time code. We will never ask you for one.</li>
        <li>Tell us straight away if you think someone else has used your account.</li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <>
        <p>
          Check the recipient&apos;s details before you send money. Transfers between Larkspur accounts are
          completed immediately and cannot be reversed by you; we will help you try to recover money sent by
          mistake, but cannot guarantee it.
        </p>
        <p>
          A payment is made only if your available balance covers it. We do not offer overdrafts: a payment
          that would overdraw your account is declined, without a fee.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability of online banking',
    body: (
      <p>
        We aim to keep online banking available around the clock, but it may be unavailable during maintenance
        or events outside our control. You can always reach us by phone.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Information on this website',
    body: (
      <p>
        Articles, calculators and examples on this website are general information, not advice. Rates, fees
        and limits shown are illustrative unless your account documents say otherwise. See our{' '}
        <Link to={paths.disclosures} className="font-medium text-brand-700 underline underline-offset-2">
          disclosures
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. When a change matters to you, we tell you at least 30 days before it takes
        effect, unless the law requires a faster change.
      </p>
    ),
  },
];

export function TermsPage() {
  usePageMeta({
    title: 'Terms of Use',
    description:
      'The terms that govern your use of the Larkspur Bank website and online banking: eligibility, security, payments and availability.',
  });
  return (
    <LegalLayout
      title="Terms of Use"
      updated="2026-01-15"
      intro={
        <p>
          Please read these terms before you use our website or online banking. They are written to be read.
        </p>
      }
      sections={sections}
    />
  );
}
