import { Link } from 'react-router';
import { CardIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { PageHero } from '../components/page-hero';

// Contact details of this edition: 555-01xx numbers are reserved for fiction and example.com-style
// domains never deliver (a deployer replaces them with its own).
const SUPPORT_PHONE = '1-800-555-0199';
const FRAUD_PHONE = '1-800-555-0142';
const SUPPORT_EMAIL = 'support@larkspur.bank.example';

const tel = (phone: string) => `tel:+${phone.replace(/\D/g, '')}`;

export function ContactPage() {
  usePageMeta({
    title: 'Contact Us',
    description:
      'Contact Larkspur Bank by phone, email or post. Customer service hours, the 24/7 lost card and fraud line, and our mailing address.',
  });
  return (
    <main id="main">
      <PageHero
        eyebrow="Support"
        title="Contact us"
        lead="Real people, ready to help. Call, write or visit — and if something looks wrong on your account, call our fraud line any time, day or night."
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <section
            aria-labelledby="phone-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <PhoneIcon className="size-7 text-brand-700" />
            <h2 id="phone-title" className="mt-3 text-xl font-semibold text-slate-900">
              Call customer service
            </h2>
            <p className="mt-2">
              <a href={tel(SUPPORT_PHONE)} className="text-2xl font-semibold text-brand-700 hover:underline">
                {SUPPORT_PHONE}
              </a>
            </p>
            <p className="mt-2 text-slate-700">Accounts, cards, transfers, loans and online banking.</p>
          </section>

          <section aria-labelledby="fraud-title" className="rounded-2xl border border-red-200 bg-red-50 p-6">
            <CardIcon className="size-7 text-red-800" />
            <h2 id="fraud-title" className="mt-3 text-xl font-semibold text-red-950">
              Lost card or suspected fraud
            </h2>
            <p className="mt-2">
              <a href={tel(FRAUD_PHONE)} className="text-2xl font-semibold text-red-800 hover:underline">
                {FRAUD_PHONE}
              </a>
            </p>
            <p className="mt-2 text-red-950">
              24 hours a day, 7 days a week. You can also freeze your card yourself in online banking.
            </p>
          </section>

          <section
            aria-labelledby="email-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <MailIcon className="size-7 text-brand-700" />
            <h2 id="email-title" className="mt-3 text-xl font-semibold text-slate-900">
              Email us
            </h2>
            <p className="mt-2">
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="text-lg font-semibold break-all text-brand-700 hover:underline"
              >
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p className="mt-2 text-slate-700">
              We reply within one business day. Never send your password, a one-time code or your full card
              number by email.
            </p>
          </section>

          <section
            aria-labelledby="hours-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <ClockIcon className="size-7 text-brand-700" />
            <h2 id="hours-title" className="mt-3 text-xl font-semibold text-slate-900">
              Hours (Eastern Time)
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
              <dt className="font-medium text-slate-900">Monday – Friday</dt>
              <dd>7:00 a.m. – 10:00 p.m.</dd>
              <dt className="font-medium text-slate-900">Saturday – Sunday</dt>
              <dd>8:00 a.m. – 8:00 p.m.</dd>
              <dt className="font-medium text-slate-900">Fraud line</dt>
              <dd>24/7, every day of the year</dd>
            </dl>
          </section>

          <section
            aria-labelledby="post-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <PinIcon className="size-7 text-brand-700" />
            <h2 id="post-title" className="mt-3 text-xl font-semibold text-slate-900">
              Write to us
            </h2>
            <address className="mt-3 leading-7 text-slate-700 not-italic">
              Larkspur Bank Customer Care
              <br />
              PO Box 4090
              <br />
              Portland, OR 97208
            </address>
            <p className="mt-2 text-sm text-slate-600">For letters, disputes and legal notices.</p>
          </section>

          <section
            aria-labelledby="visit-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <ShieldIcon className="size-7 text-brand-700" />
            <h2 id="visit-title" className="mt-3 text-xl font-semibold text-slate-900">
              Visit or help yourself
            </h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link
                  to={paths.branches}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Find a branch near you
                </Link>
              </li>
              <li>
                <Link
                  to={paths.help}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Search the Help Center
                </Link>
              </li>
              <li>
                <Link
                  to={paths.security}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  How we protect your account
                </Link>
              </li>
            </ul>
          </section>
        </div>

        <p className="mt-10 max-w-3xl rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950">
          <strong>We will never ask for your password or a one-time code</strong> — not by phone, email or
          text. If someone does, it is not us: hang up and call the number on this page.
        </p>
      </div>
    </main>
  );
}
