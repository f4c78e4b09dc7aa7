import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { ArticleLayout, type ArticleMeta } from '../components/article-layout';

const meta: ArticleMeta = {
  title: 'What today’s mortgage market means for buyers',
  published: '2026-04-14',
  author: 'Daniel Reyes, Larkspur home lending',
  readingMinutes: 7,
  lead: 'Mortgage rates make headlines every week. Here is how to read them, what actually moves your rate, and why the best time to buy is usually when you are ready — not when the market says so.',
};

export function ArticleMortgageMarketPage() {
  usePageMeta({
    title: 'What Today’s Mortgage Market Means for Buyers',
    description:
      'How mortgage rates are set, what moves your own rate, points and rate locks, and how to decide when to buy — a guide from Larkspur Bank.',
  });
  return (
    <ArticleLayout
      meta={meta}
      related={[
        { to: paths.mortgage, label: 'Estimate your mortgage payment' },
        { to: paths.articleFinancialFoundation, label: 'Five habits of a strong financial foundation' },
      ]}
    >
      <h2>Where mortgage rates come from</h2>
      <p>
        Mortgage rates follow the cost of long-term money in the bond market more closely than they follow the
        central bank&apos;s short-term rate. When investors expect inflation to fall, long-term yields tend to
        fall and mortgage rates usually drift lower; when they expect it to rise, the opposite happens. That
        is why rates can move in the weeks before a central bank decision, not only after it.
      </p>
      <h2>What moves your own rate</h2>
      <p>The rate you are offered depends as much on you as on the market:</p>
      <ul>
        <li>
          <strong>Credit score.</strong> Borrowers above 740 generally get the best pricing.
        </li>
        <li>
          <strong>Down payment.</strong> 20% or more avoids private mortgage insurance and often lowers the
          rate.
        </li>
        <li>
          <strong>Loan type and term.</strong> A 15-year loan usually carries a lower rate than a 30-year one,
          but a higher monthly payment.
        </li>
        <li>
          <strong>Debt-to-income ratio.</strong> Lenders look at how much of your income already goes to
          debts.
        </li>
      </ul>
      <h2>Points and rate locks</h2>
      <p>
        You can often pay &quot;points&quot; at closing — 1% of the loan amount each — to lower your rate.
        Points pay off only if you keep the loan long enough: divide the cost of the points by the monthly
        saving to find your break-even month. A rate lock holds your rate while your loan is processed,
        usually for 30 to 60 days, protecting you if rates rise before closing.
      </p>
      <h2>Should you wait for rates to fall?</h2>
      <p>
        Nobody can reliably predict rates. Waiting can mean paying more for the house itself if prices keep
        rising, and renting in the meantime. A steadier question is whether the payment fits your budget
        today. If rates fall substantially later, refinancing may be an option — though it has costs of its
        own.
      </p>
      <h2>A simple checklist before you shop</h2>
      <ol>
        <li>Check your credit reports and fix any errors.</li>
        <li>Decide on a monthly payment you are comfortable with, including taxes and insurance.</li>
        <li>
          Use our{' '}
          <Link to={paths.mortgage} className="font-medium text-brand-700 underline underline-offset-2">
            mortgage calculator
          </Link>{' '}
          to turn that payment into a price range.
        </li>
        <li>Get pre-approved, so sellers know you are ready.</li>
      </ol>
    </ArticleLayout>
  );
}
