import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { ArticleLayout, type ArticleMeta } from '../components/article-layout';

const meta: ArticleMeta = {
  title: 'Five habits of a strong financial foundation',
  published: '2026-02-03',
  author: 'Maya Okafor, Larkspur financial education team',
  readingMinutes: 6,
  lead: 'You do not need a finance degree to get your money in order — just a few habits, in the right order. Here is where we suggest you start.',
};

export function ArticleFinancialFoundationPage() {
  usePageMeta({
    title: meta.title,
    description:
      'Five practical habits for a strong financial foundation: a budget, an emergency fund, a debt plan, automatic saving and protecting your credit.',
  });
  return (
    <ArticleLayout
      meta={meta}
      related={[
        { to: paths.savings, label: 'Open a High-Yield Savings account' },
        { to: paths.articleMortgageMarket, label: 'What today’s mortgage market means for buyers' },
      ]}
    >
      <h2>1. Know where your money goes</h2>
      <p>
        A budget is simply a plan for your paycheck. Start by looking back: add up a typical month of spending
        from your statements and sort it into needs (housing, food, transport, insurance), wants, and saving
        or debt payments. Many people use the 50/30/20 guide as a starting point — roughly half to needs, 30%
        to wants and 20% to saving and paying down debt — then adjust to their own life.
      </p>
      <h2>2. Build a starter emergency fund</h2>
      <p>
        Before anything else, aim for $1,000 set aside for surprises: a car repair, a vet bill, a broken
        phone. Then grow it toward three to six months of essential expenses. Keep it in a savings account
        that is separate from your checking, so it is easy to reach in an emergency but out of sight day to
        day.
      </p>
      <h2>3. Make a plan for debt</h2>
      <p>List every debt with its balance, interest rate and minimum payment. Then choose a method:</p>
      <ul>
        <li>
          <strong>Avalanche:</strong> pay extra on the highest-rate debt first. It costs the least in
          interest.
        </li>
        <li>
          <strong>Snowball:</strong> pay extra on the smallest balance first. Quick wins keep many people
          going.
        </li>
      </ul>
      <p>
        Either works if you stick with it. If several cards carry high rates, a fixed-rate{' '}
        <Link to={paths.personalLoans} className="font-medium text-brand-700 underline underline-offset-2">
          personal loan
        </Link>{' '}
        can combine them into one payment with an end date — as long as the cards stay paid off afterwards.
      </p>
      <h2>4. Put saving on autopilot</h2>
      <p>
        Schedule a transfer to savings for the day after payday. Even $25 a paycheck adds up to $650 a year,
        before interest. When you get a raise, increase the transfer before you get used to the extra money.
      </p>
      <h2>5. Protect what you are building</h2>
      <ul>
        <li>Check your credit reports for free once a year from each of the three bureaus.</li>
        <li>Turn on alerts for every payment so you spot anything unexpected the same day.</li>
        <li>Never share a password or a one-time code — we will never ask you for either.</li>
      </ul>
      <h2>Start small, start now</h2>
      <p>
        None of these habits needs to be perfect on day one. Pick one this week — most people find the
        automatic savings transfer the easiest — and add the next when it feels routine.
      </p>
    </ArticleLayout>
  );
}
