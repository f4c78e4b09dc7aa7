import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { LegalLayout, type LegalSection } from '../components/legal-layout';

const sections: readonly LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>When you open and use an account, we collect:</p>
        <ul>
          <li>Identity details: name, date of birth, Social Security number, address and contact details.</li>
          <li>Account details: your account number, balances, cards and the transactions you make.</li>
          <li>Profile details you give us, such as occupation and marital status.</li>
          <li>
            Technical details needed to keep you signed in safely: a session cookie, your IP address and the
            time of each request.
          </li>
        </ul>
        <p>
          When you send a loan inquiry from our website, we collect the name, email, phone number, loan type
          and amount you enter, and nothing else.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To open and run your accounts, process payments and send you alerts about them.</li>
        <li>To verify your identity and protect you and the bank from fraud.</li>
        <li>To answer your questions and loan inquiries.</li>
        <li>To meet our legal obligations, such as record-keeping and anti-money-laundering rules.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We do not sell your personal information. We share it only with service providers that help us run
          the bank (for example, to deliver email), under contracts that limit what they may do with it; with
          the other party to a payment, as far as the payment needs; and with authorities when the law
          requires it.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and tracking',
    body: (
      <p>
        We use one essential cookie to keep you signed in. It holds a random identifier, not your details. We
        do not use advertising cookies or third-party trackers, and our social media links are plain links
        that share nothing until you click them.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Passwords are stored only as one-way hashes, your Social Security number is encrypted and shown only
        as its last four digits, and every connection is encrypted. Read more on our{' '}
        <Link to={paths.security} className="font-medium text-brand-700 underline underline-offset-2">
          security page
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep account and transaction records for as long as the law requires banks to — generally at least
        five years after an account closes. Loan inquiries that do not lead to an application are deleted
        after two years.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and rights',
    body: (
      <p>
        You can see and update your contact details in online banking at any time. You can ask us for a copy
        of the information we hold about you, to correct it, or — where the law allows — to delete it, by{' '}
        <Link to={paths.contact} className="font-medium text-brand-700 underline underline-offset-2">
          contacting us
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPage() {
  usePageMeta({
    title: 'Privacy Notice',
    description:
      'How Larkspur Bank collects, uses, shares and protects your personal information, and the choices you have.',
  });
  return (
    <LegalLayout
      title="Privacy Notice"
      updated="2026-01-15"
      intro={
        <p>
          Your financial information is personal. This notice explains what we collect, why, who we share it
          with and how we protect it. The organisation running this Larkspur Bank site is responsible for your
          data and may add to this notice.
        </p>
      }
      sections={sections}
    />
  );
}
