import { Link } from 'react-router';
import { SendIcon } from '@/components/ui/banking-icons';
import { paths } from '@/config/paths';
import { useRecentRecipients } from '../api/get-recent-recipients';

/**
 * The few people this customer paid lately (issue 18), each a shortcut to Send money with their
 * details filled in (the navigation state's `payTo`). Nothing at all until there is someone. Read
 * from the customer's records, not the payee book, so it is called what it is (decision 0207).
 */
export function RecentRecipients() {
  const recent = useRecentRecipients();
  const items = recent.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="recent-recipients-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="recent-recipients-heading" className="text-lg font-semibold text-slate-900">
            Recent recipients
          </h2>
          <p className="text-sm text-slate-600">People you paid lately, saved as payees or not.</p>
        </div>
        <Link
          to={paths.userPayees}
          className="text-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          Payee book
        </Link>
      </div>
      <ul className="flex flex-wrap gap-2">
        {items.map((to) => (
          <li key={`${to.type}:${to.recipientAccount}:${to.internationalDetails?.swiftBic ?? ''}`}>
            <Link
              to={paths.userSendMoney}
              state={{ payTo: to }}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              <SendIcon className="size-4 shrink-0" />
              <span>
                Pay {to.recipientName}
                <span className="sr-only">
                  {' '}
                  ({to.type}, account {to.recipientAccount})
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
