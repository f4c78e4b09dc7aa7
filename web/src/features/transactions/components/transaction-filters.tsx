import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents, parseTypedAmountToCents, recordTypes } from '@larkspur/contract';
import { AmountField, SelectField, TextField } from '@/components/ui/form-field';
import { FilterIcon } from '@/components/ui/banking-icons';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon, CloseIcon, SearchIcon } from '@/components/ui/icons';
import { formatMoney } from '@/components/ui/money';
import {
  activeFilterCount,
  filterFormSchema,
  fromFormValues,
  toFormValues,
  type FilterFormValues,
  type FilterKey,
  type TransactionFilters,
} from './filter-params';

const directionLabels = { credit: 'Credit (money in)', debit: 'Debit (money out)' } as const;

function chipLabel(key: FilterKey, filters: TransactionFilters): string {
  switch (key) {
    case 'q':
      return `“${filters.q}”`;
    case 'type':
      return filters.type ?? '';
    case 'direction':
      return filters.direction ? directionLabels[filters.direction] : '';
    case 'from':
      return `From ${filters.from}`;
    case 'to':
      return `To ${filters.to}`;
    case 'minAmount':
      return `At least ${formatMoney(normalise(filters.minAmount), 'USD')}`;
    case 'maxAmount':
      return `At most ${formatMoney(normalise(filters.maxAmount), 'USD')}`;
  }
}

/** "25" → "25.00": the two-decimal string Money expects, through the contract's own parser. */
function normalise(amount: string | undefined): string {
  const cents = amount ? parseTypedAmountToCents(amount) : null;
  return cents === null ? '' : formatCents(cents);
}

/**
 * Search and filters. What is applied lives in the URL (shareable, survives reload and Back); the
 * form edits a copy and applies it on submit. Applied filters show as chips that remove one each.
 */
export function TransactionFilterBar({
  filters,
  onApply,
}: {
  filters: TransactionFilters;
  onApply: (filters: TransactionFilters) => void;
}) {
  const count = activeFilterCount(filters);
  const [open, setOpen] = useState(count > 0);
  const panelId = useId();
  const form = useForm<FilterFormValues>({
    resolver: zodResolver(filterFormSchema),
    values: toFormValues(filters),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onApply(fromFormValues(values)));
  const applied = (Object.keys(filters) as FilterKey[]).filter((key) => filters[key]);

  return (
    <div className="space-y-3">
      <form role="search" aria-label="Transactions" onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            label="Search transactions"
            type="search"
            placeholder="Name, purpose or reference"
            autoComplete="off"
            error={errors.q?.message}
            className="min-w-0 flex-1"
            {...form.register('q')}
          />
          <div className="flex gap-2">
            <Button type="submit" className="flex-1 sm:flex-none">
              <SearchIcon className="size-5" />
              Search
            </Button>
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((value) => !value)}
              className="flex-1 sm:flex-none"
            >
              <FilterIcon className="size-5" />
              Filters{count > 0 ? ` (${count})` : ''}
              <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
            </Button>
          </div>
        </div>

        <div id={panelId} hidden={!open} className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField label="Type" {...form.register('type')}>
              <option value="">All types</option>
              {recordTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <SelectField label="Credit or debit" {...form.register('direction')}>
              <option value="">Credits and debits</option>
              <option value="credit">{directionLabels.credit}</option>
              <option value="debit">{directionLabels.debit}</option>
            </SelectField>
            <div className="hidden lg:block" />
            <TextField
              label="From date"
              type="date"
              error={errors.from?.message}
              {...form.register('from')}
            />
            <TextField label="To date" type="date" error={errors.to?.message} {...form.register('to')} />
            <div className="hidden lg:block" />
            <AmountField
              label="Smallest amount"
              placeholder="0.00"
              error={errors.minAmount?.message}
              {...form.register('minAmount')}
            />
            <AmountField
              label="Largest amount"
              placeholder="0.00"
              error={errors.maxAmount?.message}
              {...form.register('maxAmount')}
            />
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit">Apply filters</Button>
            <Button variant="ghost" onClick={() => onApply({})}>
              Clear all
            </Button>
          </div>
        </div>
      </form>

      {applied.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">Showing:</span>
          <ul className="flex flex-wrap gap-2">
            {applied.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => onApply({ ...filters, [key]: undefined })}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
                >
                  {chipLabel(key, filters)}
                  <CloseIcon className="size-4" />
                  <span className="sr-only">(remove this filter)</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => onApply({})}
            className="text-sm font-semibold text-brand-800 underline"
          >
            Clear all
          </button>
        </div>
      ) : null}
    </div>
  );
}
