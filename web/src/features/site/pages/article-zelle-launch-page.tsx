import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { ArticleLayout, type ArticleMeta } from '../components/article-layout';

const meta: ArticleMeta = {
  title: 'Send money to friends in minutes with Zelle®',
  published: '2026-05-20',
  author: 'Priya Natarajan, Larkspur digital banking',
  readingMinutes: 4,
  lead: 'Paying back a friend for dinner or splitting the rent should take seconds, not a trip to the ATM. Zelle® is coming to Larkspur online banking — here is how it works and how to use it safely.',
};

export function ArticleZelleLaunchPage() {
  usePageMeta({
    title: 'Send Money with Zelle®',
    description:
      'How Zelle® works at Larkspur Bank: send money to people you know using an email address or phone number, and how to stay safe from scams.',
  });
  return (
    <ArticleLayout
      meta={meta}
      related={[
        { to: paths.checking, label: 'Everyday Checking' },
        { to: paths.security, label: 'How we keep your account secure' },
      ]}
    >
      <h2>How it works</h2>
      <p>
        With Zelle®, you send money using the recipient&apos;s email address or U.S. mobile number. If they
        are already enrolled with their bank, the money typically arrives in minutes. If not, they get a
        message telling them how to enrol. Until then, you can always send money to another Larkspur customer
        instantly with a regular transfer using their account number.
      </p>
      <h2>Getting started</h2>
      <ol>
        <li>Log in to online banking and open Transfers.</li>
        <li>Enrol your email address or mobile number; we will confirm it with a one-time code.</li>
        <li>Add a recipient, enter the amount and check the name before you press send.</li>
      </ol>
      <h2>Use it with people you know and trust</h2>
      <p>
        Payments sent with Zelle® are like handing over cash: once sent, they usually cannot be cancelled.
        Only send money to people you know. Be wary of anyone who contacts you unexpectedly and asks for
        payment — including someone claiming to be from Larkspur Bank.
      </p>
      <ul>
        <li>We will never ask you to send money to yourself or to &quot;a safe account&quot;.</li>
        <li>We will never ask for your password or a one-time code, by phone, text or email.</li>
        <li>
          If something feels wrong, stop, hang up and call us on the number on our{' '}
          <Link to={paths.contact} className="font-medium text-brand-700 underline underline-offset-2">
            contact page
          </Link>
          .
        </li>
      </ul>
      <h2>Limits</h2>
      <p>
        To protect you, sending limits apply: for example, up to $2,500 a day and $10,000 a month for
        established customers. Limits shown are illustrative; yours appear in online banking.
      </p>
      <p className="text-base text-slate-600">
        Zelle and the Zelle-related marks are wholly owned by Early Warning Services, LLC. Larkspur Bank is
        open-source banking software: Zelle® is available only where the institution running this site offers
        it.
      </p>
    </ArticleLayout>
  );
}
