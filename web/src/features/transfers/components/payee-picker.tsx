import { Link } from 'react-router';
import type { Payee } from '@larkspur/contract';
import { SelectField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { usePayees } from '../api/payees';

/**
 * "Pay a saved payee" above the Send money form (issue 18): choosing one fills the form with their
 * details. Nothing at all while the book is empty or cannot be read: the form works without it.
 * `selected` is the chosen payee's id ('' for none): the page holds it, so a payee chosen on the
 * payees page shows here too (issue 28). Going back to "Choose a payee…" keeps what the form holds.
 */
export function PayeePicker({
  selected,
  onPick,
}: {
  selected: string;
  onPick: (payee: Payee | null) => void;
}) {
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
        value={items.some((p) => p.id === selected) ? selected : ''}
        onChange={(event) => onPick(items.find((p) => p.id === event.target.value) ?? null)}
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
