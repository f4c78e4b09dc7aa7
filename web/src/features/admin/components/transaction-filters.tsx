import {
  ACCOUNT_NUMBER_PATTERN,
  directionSchema,
  normalizeTypedAmount,
  parseTypedAmountToCents,
  recordTypes,
  PERSON_FILTER_LENGTH_MAX,
  SEARCH_TEXT_LENGTH_MAX,
  AMOUNT_INPUT_LENGTH_MAX,
} from '@larkspur/contract';
import { SelectField } from '@/components/ui/form-field';
import type { TransactionFilter } from '../api/get-transactions';
import { ClearFilters } from './clear-filters';
import { DateRangeFields, urlDateRange } from './date-range';
import { SearchField } from './search-field';
import { oneOf, useUrlParams } from './url-state';

/** The URL keys this screen's filters use, cleared together by "Clear filters". */
const FILTER_KEYS = ['q', 'type', 'direction', 'account', 'from', 'to', 'min', 'max'] as const;

export interface TransactionFilterState {
  /** What the server is asked for (without the customer: see `account`). */
  filter: Omit<TransactionFilter, 'userId'>;
  /** The whole account number the list is narrowed to, when one was typed. */
  account: string;
  errors: { account?: string; min?: string; max?: string; dates?: string };
  active: boolean;
}

/** Reads the filters from the URL; a malformed value is reported beside its field and not sent. */
export function useTransactionFilterState(): TransactionFilterState {
  const { get } = useUrlParams();
  const errors: TransactionFilterState['errors'] = {};
  const amount = (key: 'min' | 'max') => {
    const value = get(key);
    if (!value) return undefined;
    if (parseTypedAmountToCents(value) === null) {
      errors[key] = 'Enter an amount like 25 or 1,250.00.';
      return undefined;
    }
    return normalizeTypedAmount(value);
  };
  // A whole account number is looked up here (the page names its customer); any other text is a
  // name, email or part of an account number, which the server resolves (decision 0169).
  const typed = get('account').trim();
  const account = ACCOUNT_NUMBER_PATTERN.test(typed) ? typed : '';
  const customer = account === '' && typed !== '' ? typed : undefined;
  const dates = urlDateRange(get);
  if (dates.error) errors.dates = dates.error;
  const filter = {
    customer,
    q: get('q') || undefined,
    type: oneOf(get('type'), recordTypes),
    direction: oneOf(get('direction'), directionSchema.options),
    from: dates.from,
    to: dates.to,
    minAmount: amount('min'),
    maxAmount: amount('max'),
  };
  return { filter, account, errors, active: FILTER_KEYS.some((key) => get(key) !== '') };
}

/** The filter bar of the records list: search, type, direction, customer, dates, amounts. */
export function TransactionFilters({ state }: { state: TransactionFilterState }) {
  const { get, update } = useUrlParams();
  const { errors } = state;
  return (
    <form
      role="search"
      aria-label="Filter records"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <SearchField
          label="Search records"
          hint="Transaction ID, a name, a purpose, or an exact account number."
          value={get('q')}
          onSearch={(q) => update({ q })}
          maxLength={SEARCH_TEXT_LENGTH_MAX}
        />
      </div>
      <SelectField
        label="Type"
        value={get('type')}
        onChange={(event) => update({ type: event.target.value })}
      >
        <option value="">All types</option>
        {recordTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Direction"
        value={get('direction')}
        onChange={(event) => update({ direction: event.target.value })}
      >
        <option value="">In and out</option>
        <option value="credit">Money in (credit)</option>
        <option value="debit">Money out (debit)</option>
      </SelectField>
      <SearchField
        type="text"
        label="Customer"
        hint="A name, an email or an account number."
        value={get('account')}
        onSearch={(account) => update({ account })}
        maxLength={PERSON_FILTER_LENGTH_MAX}
        error={errors.account}
      />
      <DateRangeFields error={errors.dates} />
      <div className="grid grid-cols-2 gap-3">
        <SearchField
          type="text"
          inputMode="decimal"
          label="Min amount"
          value={get('min')}
          onSearch={(min) => update({ min })}
          maxLength={AMOUNT_INPUT_LENGTH_MAX}
          error={errors.min}
        />
        <SearchField
          type="text"
          inputMode="decimal"
          label="Max amount"
          value={get('max')}
          onSearch={(max) => update({ max })}
          maxLength={AMOUNT_INPUT_LENGTH_MAX}
          error={errors.max}
        />
      </div>
      {state.active ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <ClearFilters keys={FILTER_KEYS} variant="ghost" />
        </div>
      ) : null}
    </form>
  );
}
