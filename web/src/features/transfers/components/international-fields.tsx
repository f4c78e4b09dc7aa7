import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  countryCodes,
  countryDisagreements,
  currencyInfo,
  currencyList,
  currencySymbol,
  displayRate,
  FOREIGN_AMOUNT_INPUT_LENGTH_MAX,
} from '@larkspur/contract';
import { AmountField, SelectField } from '@/components/ui/form-field';
import { Money } from '@/components/ui/money';
import { internationalQuote, RATES_UNAVAILABLE_MESSAGE, type FxRates } from './international-quote';
import type { TransferContext, TransferFormValues } from './transfer-validation';

type TransferFormApi = UseFormReturn<TransferFormValues, TransferContext>;

/** Country names in English from the browser's own data (Intl), over the ISO 3166 list's codes. */
function useCountryOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return countryCodes()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }, []);
}

type ChoiceProps = Omit<Parameters<typeof SelectField>[0], 'label' | 'placeholder' | 'children' | 'options'>;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * Said under the country when the IBAN or the SWIFT/BIC names another one (issue 28): "The IBAN is
 * from Germany (DE)." A hint, not an error: some territories' banks use their parent's codes.
 */
export function countryHint(account: string, swiftBic: string, country: string): string | undefined {
  const found = countryDisagreements(account, swiftBic, country);
  if (found.length === 0) return undefined;
  const place = (code: string) => `${regionNames.of(code) ?? code} (${code})`;
  const [first, second] = found;
  if (first && second && first.country === second.country)
    return `Check the country: the IBAN and the SWIFT/BIC are from ${place(first.country)}.`;
  return `Check the country: ${found.map((f) => `the ${f.source} is from ${place(f.country)}`).join(' and ')}.`;
}

/** The country of the recipient's bank, from the ISO 3166 list (transfers and payees alike). */
export function CountrySelectField(props: ChoiceProps) {
  const countries = useCountryOptions();
  return (
    <SelectField label="Country of the recipient’s bank" placeholder="Choose a country" {...props}>
      {countries.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The currency the recipient is paid in, from the ISO 4217 list, its symbol derived. With `rates`,
 * the currencies the bank has a current rate for come first.
 */
export function CurrencySelectField({ rates, ...props }: ChoiceProps & { rates?: FxRates | undefined }) {
  const currencies = currencyList();
  const label = (code: string, name: string) => `${code} — ${name} (${currencySymbol(code)})`;
  const options = (list: typeof currencies) =>
    list.map((c) => (
      <option key={c.code} value={c.code}>
        {label(c.code, c.name)}
      </option>
    ));
  if (!rates)
    return (
      <SelectField label="Currency they receive" placeholder="Choose a currency" {...props}>
        {options(currencies)}
      </SelectField>
    );
  const rated = currencies.filter((c) => c.code === 'USD' || rates.get(c.code)?.current);
  const others = currencies.filter((c) => !rated.includes(c));
  return (
    <SelectField
      label="Currency they receive"
      placeholder="Choose a currency"
      hint="Currencies with a current Larkspur Bank rate are listed first."
      {...props}
    >
      <optgroup label="With a current rate">{options(rated)}</optgroup>
      <optgroup label="Other currencies (no current rate)">{options(others)}</optgroup>
    </SelectField>
  );
}

const postedFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * The amount of an international transfer, in the recipient's currency (its symbol derived from
 * it), and, as it is typed, the posted rate, the fee and the dollars that will be debited.
 */
export function InternationalAmount({
  form,
  rates,
  availableBalance,
}: {
  form: TransferFormApi;
  rates: FxRates | undefined;
  availableBalance: string;
}) {
  const values = useWatch({
    control: form.control,
    name: ['foreignAmount', 'internationalDetails.currency'],
  });
  const [foreignAmount, currencyCode] = values;
  const currency = currencyInfo(currencyCode);
  const symbol = currency ? currencySymbol(currency.code) : '';
  const quote = internationalQuote(
    { foreignAmount, internationalDetails: { currency: currencyCode } },
    rates,
  );
  return (
    <div className="space-y-3">
      <AmountField
        label={currency ? `Amount in ${currency.code} (${currency.name})` : 'Amount in their currency'}
        hint={
          <>
            Available balance: <Money amount={availableBalance} currency="USD" />.{' '}
            {currency?.digits === 0 ? `${currency.code} has no decimals.` : null}
          </>
        }
        symbol={symbol.length <= 2 ? symbol : ''}
        placeholder={currency?.digits === 0 ? '0' : '0.00'}
        maxLength={FOREIGN_AMOUNT_INPUT_LENGTH_MAX}
        error={form.formState.errors.foreignAmount?.message}
        {...form.register('foreignAmount')}
      />
      <div
        aria-live="polite"
        className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200"
      >
        {quote.ok ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-700">Our rate</dt>
            <dd className="text-right tabular-nums">
              1 {quote.currency.code} = {displayRate(quote.usdPerUnit)} USD
              {quote.postedAt ? (
                <span className="block text-xs text-slate-600">
                  posted {postedFormat.format(new Date(quote.postedAt))} UTC
                </span>
              ) : null}
            </dd>
            <dt className="text-slate-700">Fee</dt>
            <dd className="text-right">None</dd>
            <dt className="font-semibold text-slate-900">You pay</dt>
            <dd className="text-right font-semibold text-slate-900">
              <Money amount={quote.usdAmount} currency="USD" />
            </dd>
          </dl>
        ) : (
          <p>
            {currency
              ? quote.field === 'internationalDetails.currency'
                ? quote.message === RATES_UNAVAILABLE_MESSAGE
                  ? quote.message
                  : `Larkspur Bank has no current rate for ${currency.code}, so we cannot convert it now.`
                : `Enter the amount in ${currency.code} to see what you pay in US dollars.`
              : 'Choose the currency to see our rate and what you pay in US dollars.'}
          </p>
        )}
      </div>
    </div>
  );
}
