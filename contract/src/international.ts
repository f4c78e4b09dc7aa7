import { data as iso4217 } from 'currency-codes';
import countries from 'i18n-iso-countries';
import { electronicFormatIBAN, validateBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { z } from 'zod';
import { formatCents } from './amounts';
import {
  convertToUsdCents,
  formatForeignAmount,
  parseForeignAmount,
  parseRate,
  FX_RATE_DECIMALS,
  FX_RATE_INPUT_LENGTH_MAX,
} from './fx-math';

export * from './fx-math';

/**
 * International transfers (issue 18, decisions 0164–0166): the one account field (an IBAN, else
 * an account number), SWIFT/BIC, ISO 3166 countries, ISO 4217 currencies and the bank's posted
 * exchange rates, in one place so the web and the server judge them alike. The data comes from
 * maintained packages (ibantools, i18n-iso-countries, currency-codes), never from a table typed
 * here. Money stays integer: foreign amounts are bigint minor units, rates bigint scaled by
 * 10^FX_RATE_DECIMALS, and every conversion is integer arithmetic with one stated rounding rule.
 */

/** The most characters the account field takes as typed: an IBAN's 34 plus the spaces of its groups of four. */
export const ACCOUNT_INPUT_LENGTH_MAX = 42;
/** A non-IBAN account number abroad: letters and digits, 4–34 of them (the IBAN's own maximum). */
export const FOREIGN_ACCOUNT_PATTERN = /^[A-Z0-9]{4,34}$/;
/** Two letters then two digits: what makes the account field read as an IBAN. */
const IBAN_LIKE = /^[A-Z]{2}\d{2}/;

// ---------------------------------------------------------------------------------------------
// The account field.

/**
 * The account field as typed, normalised: an IBAN-like value ("de89 3704 0044 …") loses its
 * spaces and is upper-cased; anything else is only trimmed (a Larkspur or US account number stays
 * as it was typed).
 */
export function normaliseAccountInput(input: string): string {
  const trimmed = input.trim();
  const compact = trimmed.replace(/[\s-]+/g, '').toUpperCase();
  return IBAN_LIKE.test(compact) ? compact : trimmed;
}

/** True when the (normalised) account field is meant as an IBAN: two letters, two digits. */
export function looksLikeIban(account: string): boolean {
  return IBAN_LIKE.test(account);
}

export const IBAN_INVALID_COUNTRY_MESSAGE = 'This IBAN starts with a country code that does not use IBANs.';
export const IBAN_INVALID_LENGTH_MESSAGE =
  'This IBAN has the wrong number of characters for its country. Check it against the recipient’s details.';
export const IBAN_INVALID_CHECKSUM_MESSAGE =
  'This IBAN’s check digits do not match: a character is probably mistyped. Check it against the recipient’s details.';
export const FOREIGN_ACCOUNT_MESSAGE = 'Enter the IBAN or account number (4 to 34 letters and digits)';

/** Why an IBAN is not valid (country, length and format, check digits: mod 97), or null when it is. */
export function ibanProblem(account: string): string | null {
  const iban = electronicFormatIBAN(account) ?? '';
  const result = validateIBAN(iban);
  if (result.valid) return null;
  if (result.errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return IBAN_INVALID_COUNTRY_MESSAGE;
  if (
    result.errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) ||
    result.errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)
  )
    return IBAN_INVALID_LENGTH_MESSAGE;
  return IBAN_INVALID_CHECKSUM_MESSAGE;
}

/**
 * The account field of an international transfer: an IBAN (validated: country, length, mod-97
 * check digits) or else an account number of 4–34 letters and digits. Null when valid.
 */
export function internationalAccountProblem(account: string): string | null {
  if (looksLikeIban(account)) return ibanProblem(account);
  return FOREIGN_ACCOUNT_PATTERN.test(account.toUpperCase()) ? null : FOREIGN_ACCOUNT_MESSAGE;
}

// ---------------------------------------------------------------------------------------------
// Countries (ISO 3166-1 alpha-2) and SWIFT/BIC.

// Built on first use, so a module that imports this file for one function does not build the lists.
let alpha2Codes: ReadonlySet<string> | null = null;
let alpha2Sorted: readonly string[] | null = null;

/** Every ISO 3166-1 alpha-2 country code ("DE", "GB" …), sorted. Names: `Intl.DisplayNames`. */
export function countryCodes(): readonly string[] {
  alpha2Sorted ??= Object.keys(countries.getAlpha2Codes()).sort();
  return alpha2Sorted;
}

export function isCountryCode(code: string): boolean {
  alpha2Codes ??= new Set(countryCodes());
  return /^[A-Z]{2}$/.test(code) && alpha2Codes.has(code);
}

export const COUNTRY_MESSAGE = 'Choose the country of the recipient’s bank';
export const BIC_MESSAGE = 'Enter an 8- or 11-character SWIFT/BIC code, e.g. DEUTDEFF';
export const BIC_COUNTRY_MESSAGE = 'This SWIFT/BIC does not name a country (letters 5 and 6)';

/** A SWIFT/BIC: 4 letters (bank), an ISO country, 2 letters or digits (place), optionally 3 (branch). */
export const bicSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(11, BIC_MESSAGE)
  .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, BIC_MESSAGE)
  .refine((bic) => validateBIC(bic).valid && isCountryCode(bic.slice(4, 6)), BIC_COUNTRY_MESSAGE);

export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(2, COUNTRY_MESSAGE)
  .refine(isCountryCode, COUNTRY_MESSAGE);

/**
 * Where the IBAN and the SWIFT/BIC say the recipient's bank is, when that is not the country chosen
 * (issue 28): a likely slip, said beside the country. Only said, never refused: some territories'
 * banks use their parent country's codes (a Jersey bank's IBAN starts GB, a Guadeloupe one's FR).
 * Empty when they agree, or when a code is still incomplete.
 */
export function countryDisagreements(
  account: string,
  swiftBic: string,
  country: string,
): { source: 'IBAN' | 'SWIFT/BIC'; country: string }[] {
  if (!isCountryCode(country)) return [];
  const found: { source: 'IBAN' | 'SWIFT/BIC'; country: string }[] = [];
  const iban = normaliseAccountInput(account);
  if (looksLikeIban(iban) && ibanProblem(iban) === null && iban.slice(0, 2) !== country)
    found.push({ source: 'IBAN', country: iban.slice(0, 2) });
  const bic = swiftBic.trim().toUpperCase();
  if (bicSchema.safeParse(bic).success && bic.slice(4, 6) !== country)
    found.push({ source: 'SWIFT/BIC', country: bic.slice(4, 6) });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Currencies (ISO 4217).

/** The bank's own currency: no exchange rate, it is what accounts hold. */
export const BASE_CURRENCY = 'USD';

export interface CurrencyInfo {
  code: string;
  /** ISO 4217 minor units: 2 for EUR, 0 for JPY, 3 for KWD. */
  digits: number;
  /** ISO 4217's English name ("Euro", "Yen"). */
  name: string;
}

/**
 * ISO 4217 codes that are not money a person is paid in (issue 28): the list's fund codes (its
 * "Fund" flag, which the currency-codes package does not carry: index-linked units and next-day or
 * settlement variants of a currency) and the supranational units of account. A bank pays in
 * USD, CHF or CLP, never in USN, CHE/CHW or CLF.
 */
const FUND_AND_UNIT_CODES: ReadonlySet<string> = new Set([
  'BOV', // Bolivian Mvdol
  'CHE', // WIR Euro
  'CHW', // WIR Franc
  'CLF', // Unidad de Fomento
  'COU', // Unidad de Valor Real
  'MXV', // Mexican Unidad de Inversion
  'USN', // US Dollar (next day)
  'UYI', // Uruguay Peso en Unidades Indexadas
  'UYW', // Unidad Previsional
  'XDR', // SDR (Special Drawing Right)
  'XSU', // Sucre (a regional clearing unit)
  'XUA', // ADB Unit of Account
]);

/**
 * ISO 4217 codes a payment can be made in: all of the list but the entries ISO files under no
 * country (its "ZZ…" entries: precious metals, bond units, the testing and no-currency codes) and
 * the fund codes and units of account above.
 */
let currencies: readonly CurrencyInfo[] | null = null;
let currencyByCode: ReadonlyMap<string, CurrencyInfo> | null = null;

/** Every currency a transfer may name, sorted by code. */
export function currencyList(): readonly CurrencyInfo[] {
  currencies ??= iso4217
    .filter((entry) => !entry.countries.some((country) => /^zz\d/i.test(country)))
    .filter((entry) => !FUND_AND_UNIT_CODES.has(entry.code))
    .map((entry) => ({ code: entry.code, digits: entry.digits, name: entry.currency }));
  return currencies;
}

export function currencyInfo(code: string): CurrencyInfo | null {
  currencyByCode ??= new Map(currencyList().map((currency) => [currency.code, currency]));
  return currencyByCode.get(code) ?? null;
}

export const CURRENCY_MESSAGE = 'Choose the currency the recipient is paid in';

export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(3, CURRENCY_MESSAGE)
  .refine((code) => currencyInfo(code) !== null, CURRENCY_MESSAGE);

/** A currency's symbol in US English ("€", "£", "¥", "CA$", "CHF"), from Intl, never typed by hand. */
export function currencySymbol(code: string): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/**
 * What a customer's review needs: the dollars for a typed foreign amount, or null when the amount
 * does not read. `foreignAmount` comes back on the wire with the currency's digits.
 */
export function quoteUsd(
  foreignAmountTyped: string,
  currency: CurrencyInfo,
  usdPerUnit: string,
): { foreignAmount: string; usdAmount: string; usdCents: bigint } | null {
  const minor = parseForeignAmount(foreignAmountTyped, currency.digits);
  const rate = parseRate(usdPerUnit);
  if (minor === null || minor <= 0n || rate === null) return null;
  const usdCents = convertToUsdCents(minor, rate, currency.digits);
  return {
    foreignAmount: formatForeignAmount(minor, currency.digits),
    usdAmount: formatCents(usdCents),
    usdCents,
  };
}

// ---------------------------------------------------------------------------------------------
// Schemas.

export const fxRateSchema = z.object({
  /** The posted rate's id (digits): the review sends it back, and a newer rate refuses the transfer. */
  id: z.string(),
  currency: z.string(),
  /** US dollars for one unit of `currency`, exactly, with 8 decimals ("1.08320000"). */
  usdPerUnit: z.string(),
  postedAt: z.string(),
  /** False once older than FX_RATE_MAX_AGE_DAYS: transfers in it are refused until a new one is posted. */
  current: z.boolean(),
});
export type FxRate = z.infer<typeof fxRateSchema>;

export const FX_RATES_PAGE_SIZE_MAX = 200;
export const FX_RATES_PAGE_SIZE_DEFAULT = 200;

export const fxRateListQuerySchema = z.strictObject({
  /** The last currency of the previous page. */
  cursor: z
    .string()
    .regex(/^[A-Z]{3}$/, 'cursor is a currency code')
    .optional(),
  limit: z.coerce.number().int().min(1).max(FX_RATES_PAGE_SIZE_MAX).default(FX_RATES_PAGE_SIZE_DEFAULT),
});

export const fxRatePageSchema = z.object({ items: z.array(fxRateSchema), nextCursor: z.string().nullable() });
export type FxRatePage = z.infer<typeof fxRatePageSchema>;

/** The back office's view: who posted it too. */
export const adminFxRateSchema = fxRateSchema.extend({ postedBy: z.string().nullable() });
export type AdminFxRate = z.infer<typeof adminFxRateSchema>;
export const adminFxRatePageSchema = z.object({
  items: z.array(adminFxRateSchema),
  nextCursor: z.string().nullable(),
});

export const FX_RATE_INPUT_MESSAGE = `Enter the rate in US dollars for one unit, greater than 0, at most 100000, with up to ${FX_RATE_DECIMALS} decimals (e.g. 1.0832)`;

export const putFxRateRequestSchema = z.strictObject({
  usdPerUnit: z
    .string()
    .trim()
    .max(FX_RATE_INPUT_LENGTH_MAX, FX_RATE_INPUT_MESSAGE)
    .refine((value) => parseRate(value) !== null, FX_RATE_INPUT_MESSAGE),
});

export const fxCurrencyParamsSchema = z.object({ currency: currencyCodeSchema });
