import {
  BASE_CURRENCY,
  currencyInfo,
  errorMessage,
  formatRate,
  FX_RATE_SCALE,
  parseForeignAmount,
  quoteUsd,
  type CurrencyInfo,
  type FxRate,
} from '@larkspur/contract';

/** The bank's posted rates by currency code, as GET /api/fx-rates lists them. */
export type FxRates = ReadonlyMap<string, FxRate>;

export const RATES_UNAVAILABLE_MESSAGE =
  'We could not load our exchange rates. Check your connection and try again in a moment.';

export type InternationalQuote =
  | {
      ok: true;
      currency: CurrencyInfo;
      /** The foreign amount on the wire, with the currency's ISO digits ("110.78", "15000"). */
      foreignAmount: string;
      /** The dollars to be debited ("120.00"). */
      usdAmount: string;
      usdCents: bigint;
      /** US dollars per unit, 8 decimals. */
      usdPerUnit: string;
      /** The posted rate's id, sent back with the transfer; null for US dollars. */
      rateId: string | null;
      postedAt: string | null;
    }
  | { ok: false; field: 'internationalDetails.currency' | 'foreignAmount' | null; message: string };

/**
 * What the review will show for an international transfer: the foreign amount converted at the
 * bank's current posted rate, rounded half up to the cent (decision 0165), with the contract's
 * integer arithmetic. Not ok when there is no current rate, the rates have not loaded, or the
 * amount does not read for the currency (a yen amount has no decimals).
 */
export function internationalQuote(
  values: { foreignAmount: string; internationalDetails: { currency: string } },
  rates: FxRates | undefined,
): InternationalQuote {
  const currency = currencyInfo(values.internationalDetails.currency.trim().toUpperCase());
  const invalidAmount = {
    ok: false,
    field: 'foreignAmount',
    message: errorMessage('INVALID_TRANSFER_AMOUNT'),
  } as const;
  if (!currency) {
    // The currency list says what is missing; the amount is still judged as a two-decimal one.
    const minor = parseForeignAmount(values.foreignAmount, 2);
    return minor === null || minor <= 0n ? invalidAmount : { ok: false, field: null, message: '' };
  }
  let usdPerUnit: string;
  let rateId: string | null = null;
  let postedAt: string | null = null;
  if (currency.code === BASE_CURRENCY) {
    usdPerUnit = formatRate(FX_RATE_SCALE);
  } else {
    if (!rates)
      return { ok: false, field: 'internationalDetails.currency', message: RATES_UNAVAILABLE_MESSAGE };
    const rate = rates.get(currency.code);
    if (!rate?.current)
      return {
        ok: false,
        field: 'internationalDetails.currency',
        message: errorMessage('FX_RATE_UNAVAILABLE'),
      };
    usdPerUnit = rate.usdPerUnit;
    rateId = rate.id;
    postedAt = rate.postedAt;
  }
  const quote = quoteUsd(values.foreignAmount, currency, usdPerUnit);
  if (!quote) return invalidAmount;
  return { ok: true, currency, ...quote, usdPerUnit, rateId, postedAt };
}
