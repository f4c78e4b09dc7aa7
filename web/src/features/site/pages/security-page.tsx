import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { LegalLayout, type LegalSection } from '../components/legal-layout';

const sections: readonly LegalSection[] = [
  {
    id: 'how-we-protect',
    title: 'How we protect your account',
    body: (
      <ul>
        <li>
          Every connection to online banking is encrypted, and our pages cannot be embedded by other sites.
        </li>
        <li>
          Passwords are stored only as salted one-way hashes (Argon2id); nobody at the bank can read them.
        </li>
        <li>
          Repeated wrong passwords lock login for a while, so passwords cannot be guessed by brute force.
        </li>
        <li>Sessions end after 15 minutes without activity, and after 12 hours in any case.</li>
        <li>Staff sign in with a password and a one-time code, and every change they make is recorded.</li>
        <li>
          Your Social Security number is encrypted at rest and only its last four digits are ever shown.
        </li>
      </ul>
    ),
  },
  {
    id: 'money-movements',
    title: 'How your money moves',
    body: (
      <p>
        Every payment is recorded as a balanced double-entry ledger entry, written in one all-or-nothing
        database transaction: money is never half-moved, and every cent can be traced. You receive an email
        alert for every payment in or out of your account.
      </p>
    ),
  },
  {
    id: 'what-you-can-do',
    title: 'What you can do',
    body: (
      <ul>
        <li>Use a long, unique password — a few unrelated words work well.</li>
        <li>Read every payment alert, and call us the same day if one is not yours.</li>
        <li>Freeze your card in online banking as soon as you miss it.</li>
        <li>Log out on shared computers, and keep your devices up to date.</li>
      </ul>
    ),
  },
  {
    id: 'scams',
    title: 'Recognising scams',
    body: (
      <>
        <p>
          We will <strong>never</strong> ask for your password or a one-time code, ask you to move money to a
          &quot;safe account&quot;, or ask you to install software so we can see your screen.
        </p>
        <p>
          If someone contacts you claiming to be from Larkspur Bank and asks for any of these, hang up and
          call us on the number on our{' '}
          <Link to={paths.contact} className="font-medium text-brand-700 underline underline-offset-2">
            contact page
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'report',
    title: 'Reporting a security problem',
    body: (
      <p>
        If you have found a vulnerability in Larkspur Bank, please report it privately to the organisation
        running this site, or to the open-source project&apos;s maintainers, rather than disclosing it
        publicly. We welcome responsible disclosure and will credit you if you wish.
      </p>
    ),
  },
];

export function SecurityPage() {
  usePageMeta({
    title: 'Security',
    description:
      'How Larkspur Bank protects your account and money, what you can do to stay safe, and how to recognise and report scams.',
  });
  return (
    <LegalLayout
      title="Security"
      updated="2026-01-15"
      intro={
        <p>
          Keeping your money and information safe is the most important thing we do. Here is how we protect
          you, and how you can protect yourself.
        </p>
      }
      sections={sections}
    />
  );
}
