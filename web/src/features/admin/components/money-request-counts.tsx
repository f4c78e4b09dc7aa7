import { Link } from 'react-router';
import { formatMoney } from '@/components/ui/money';
import { paths } from '@/config/paths';
import { useMoneyRequestSummary } from '../api/get-money-requests';
import { Panel } from './admin-page';
import { requestStateLabels } from './money-request-labels';

/** The overview's counts of the maker-checker queue (issue 19): what waits, and what was decided. */
export function MoneyRequestCounts() {
  const summary = useMoneyRequestSummary();
  if (!summary.data) return null;
  const { counts, threshold } = summary.data;
  const states = ['pending', 'approved', 'rejected', 'failed'] as const;
  return (
    <Panel
      title="Money requests"
      description={
        threshold === '0.00'
          ? 'Every manual movement waits for a second staff member.'
          : `Manual movements of ${formatMoney(threshold, 'USD')} or more wait for a second staff member.`
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {states.map((state) => (
          <div key={state} className="rounded-lg border border-slate-200 px-3 py-2">
            <dt className="text-sm text-slate-700">{requestStateLabels[state].list}</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums">
              <Link
                to={state === 'pending' ? paths.adminRequests : `${paths.adminRequests}?state=${state}`}
                className="underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900"
                aria-label={`${counts[state].toLocaleString('en-US')} ${requestStateLabels[state].list.toLowerCase()}`}
              >
                {counts[state].toLocaleString('en-US')}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
