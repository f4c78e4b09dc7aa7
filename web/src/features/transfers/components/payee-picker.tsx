import { Link } from 'react-router';
import { SelectField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { usePayees } from '../api/payees';
import type { PayTo } from './pay-to';

/**
 * "Pay a saved payee" above the Send money form (issue 18): choosing one fills the form with their
 * details. Nothing at all while the book is empty or cannot be read: the form works without it.
 */
export function PayeePicker({ onPick }: { onPick: (payee: PayTo) => void }) {
  const payees = usePayees();
  const items = payees.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <SelectField
        label="Pay a saved payee"
        hint={
          <>
            Fills in their details.{' '}
            <Link to={paths.userPayees} className="font-semibold text-brand-800 underline">
              Manage payees
            </Link>
          </>
        }
        defaultValue=""
        onChange={(event) => {
          const payee = items.find((p) => p.id === event.target.value);
          if (payee) onPick(payee);
        }}
      >
        <option value="">Choose a payee…</option>
        {items.map((payee) => (
          <option key={payee.id} value={payee.id}>
            {payee.nickname ? `${payee.nickname} — ` : ''}
            {payee.recipientName} · {payee.recipientAccount}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
