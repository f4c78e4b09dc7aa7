import { paths } from '@/config/paths';

export interface Faq {
  question: string;
  answer: string;
  link?: { to: string; label: string };
}

export interface FaqGroup {
  topic: string;
  faqs: readonly Faq[];
}

export const faqGroups: readonly FaqGroup[] = [
  {
    topic: 'Accounts and login',
    faqs: [
      {
        question: 'How do I open an account?',
        answer:
          'Choose Get Started, fill in your details and confirm your email address with the six-digit code we send you. It takes about five minutes, and you receive your account number straight away.',
        link: { to: paths.signup, label: 'Open an account' },
      },
      {
        question: 'How do I log in?',
        answer:
          'Log in with your 11-digit account number (it starts with 409) and your password — not with your email address. You will find your account number in the email we sent when you opened the account.',
        link: { to: paths.login, label: 'Log in' },
      },
      {
        question: 'I forgot my password. What should I do?',
        answer:
          'Choose "Forgot your password?" on the log-in page and enter your account number or email address. We email you a six-digit code, valid for 5 minutes; enter it with your new password. Every device that was logged in is logged out, and we email you that your password changed. No access to that email address? Call customer service: after we verify who you are, we can send a code to your address, or change the address on file with a code sent to the new one. For your safety we never send or ask for passwords.',
        link: { to: paths.forgotPassword, label: 'Reset your password' },
      },
      {
        question: 'I forgot my account number. How do I find it?',
        answer:
          'It is in the welcome email we sent when you opened the account. Or choose "Forgot your account number?" on the log-in page and enter your email address: if it belongs to an account, we email the account number to it. If you are locked out after too many attempts, customer service can unlock your log-in once they have verified who you are.',
        link: { to: paths.forgotAccountNumber, label: 'Get your account number' },
      },
      {
        question: 'Why was I logged out?',
        answer:
          'To protect your account, online banking logs you out after 15 minutes without activity, and after 12 hours in any case. We warn you a minute before an inactivity logout so you can stay signed in.',
      },
    ],
  },
  {
    topic: 'Payments and transfers',
    faqs: [
      {
        question: 'How long does a transfer take?',
        answer:
          'Transfers to another Larkspur account arrive instantly. Domestic transfers to other banks usually arrive the next business day, and international transfers within one to three business days.',
      },
      {
        question: 'Can I cancel a transfer?',
        answer:
          'Transfers between Larkspur accounts are completed immediately and cannot be cancelled. If you sent money to the wrong person, call us straight away and we will try to help recover it.',
      },
      {
        question: 'How do I deposit a check?',
        answer:
          'In online banking, choose Deposit a check and enter the check details. The money is credited to your account and you receive an email confirmation.',
      },
      {
        question: 'Will I be told about every payment?',
        answer:
          'Yes. We email you for every transfer, deposit and withdrawal, with the amount, the other party and your new balance.',
      },
    ],
  },
  {
    topic: 'Cards',
    faqs: [
      {
        question: 'I lost my debit card. What should I do?',
        answer:
          'Freeze the card in online banking right away, then call our 24/7 fraud line. If it turns up, you can unfreeze it yourself.',
        link: { to: paths.contact, label: 'See the fraud line number' },
      },
      {
        question: 'Is there a fee for a replacement card?',
        answer:
          'Your first replacement card each year is free. After that, a replacement costs $5 (illustrative).',
      },
    ],
  },
  {
    topic: 'Loans',
    faqs: [
      {
        question: 'Does asking about a loan affect my credit score?',
        answer:
          'No. Sending an inquiry from our loan pages or using the calculator does not involve a credit check. We only check your credit, with your permission, when you apply.',
        link: { to: paths.borrow, label: 'Explore loans' },
      },
      {
        question: 'Can I pay off my loan early?',
        answer:
          'Yes. None of our loans has a prepayment penalty. Extra payments go straight to your principal and reduce the interest you pay.',
      },
      {
        question: 'How is my monthly payment calculated?',
        answer:
          'We use the standard amortization formula with your amount, APR and term, rounded to the cent. The final payment absorbs any rounding so that you repay exactly what you borrowed. The loan calculator shows every payment.',
        link: { to: paths.borrow, label: 'Try the loan calculator' },
      },
    ],
  },
  {
    topic: 'Security',
    faqs: [
      {
        question: 'Will Larkspur Bank ever ask for my password or a one-time code?',
        answer:
          'Never — not by phone, email or text. Anyone who asks is not us. Hang up and call the number on our contact page.',
        link: { to: paths.security, label: 'How we keep you safe' },
      },
      {
        question: 'Is my money insured?',
        answer:
          'Larkspur Bank is open-source software. Whether deposits are insured depends on the institution running this site; unless it states otherwise, this edition is not an FDIC-insured bank. Our disclosures page explains more.',
        link: { to: paths.disclosures, label: 'Read our disclosures' },
      },
    ],
  },
];

/** Longest search text read; questions are far shorter. */
export const FAQ_QUERY_LENGTH_MAX = 100;

/**
 * The groups and questions that contain every word of the query (in the question or its answer),
 * ignoring case. Groups with no match are left out.
 */
export function searchFaqs(groups: readonly FaqGroup[], query: string): readonly FaqGroup[] {
  const words = query.toLowerCase().slice(0, FAQ_QUERY_LENGTH_MAX).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      topic: group.topic,
      faqs: group.faqs.filter((faq) => {
        const text = `${faq.question} ${faq.answer}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.faqs.length > 0);
}
