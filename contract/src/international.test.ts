import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertToUsdCents,
  countryCodes,
  countryDisagreements,
  currencyInfo,
  currencyList,
  currencySymbol,
  displayRate,
  formatForeignAmount,
  formatRate,
  FX_RATE_SCALE,
  ibanProblem,
  IBAN_INVALID_CHECKSUM_MESSAGE,
  IBAN_INVALID_COUNTRY_MESSAGE,
  IBAN_INVALID_LENGTH_MESSAGE,
  internationalAccountProblem,
  isCountryCode,
  normaliseAccountInput,
  parseForeignAmount,
  parseRate,
  bicSchema,
} from './international';

describe('the account field (issue 18)', () => {
  it('normalises an IBAN (spaces, case) and leaves an account number as typed', () => {
    expect(normaliseAccountInput(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(normaliseAccountInput(' 40912345678 ')).toBe('40912345678');
  });

  it('validates IBAN check digits (mod 97) and the length of its country', () => {
    expect(ibanProblem('DE89370400440532013000')).toBeNull();
    expect(ibanProblem('GB82WEST12345698765432')).toBeNull();
    expect(ibanProblem('DE88370400440532013000')).toBe(IBAN_INVALID_CHECKSUM_MESSAGE);
    expect(ibanProblem('DE8937040044053201300')).toBe(IBAN_INVALID_LENGTH_MESSAGE);
    expect(ibanProblem('QQ89370400440532013000')).toBe(IBAN_INVALID_COUNTRY_MESSAGE);
  });

  it('catches any single mistyped digit of a valid IBAN', () => {
    const iban = 'DE89370400440532013000';
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: iban.length - 1 }),
        fc.integer({ min: 1, max: 9 }),
        (i, delta) => {
          const digit = (Number(iban[i]) + delta) % 10;
          const typo = `${iban.slice(0, i)}${digit}${iban.slice(i + 1)}`;
          expect(ibanProblem(typo)).not.toBeNull();
        },
      ),
    );
  });

  it('takes a plain account number of 4–34 letters and digits abroad, nothing else', () => {
    expect(internationalAccountProblem('000123456789')).toBeNull();
    expect(internationalAccountProblem('123')).not.toBeNull();
    expect(internationalAccountProblem('12-34')).not.toBeNull();
  });
});

describe('ISO lists', () => {
  it('knows the ISO 3166 countries and refuses what is not one', () => {
    expect(countryCodes().length).toBeGreaterThan(240);
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
  });

  it('knows ISO 4217 minor units and leaves out metals and test codes', () => {
    expect(currencyInfo('EUR')?.digits).toBe(2);
    expect(currencyInfo('JPY')?.digits).toBe(0);
    expect(currencyInfo('KWD')?.digits).toBe(3);
    expect(currencyInfo('XAU')).toBeNull();
    expect(currencyInfo('XTS')).toBeNull();
    expect(currencyList().some((c) => c.code === 'XOF')).toBe(true);
    // Payable currencies only (issue 28): no fund codes or units of account, and no code twice.
    for (const fund of ['USN', 'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'UYI', 'UYW', 'XDR', 'XSU', 'XUA'])
      expect(currencyInfo(fund), fund).toBeNull();
    for (const real of ['USD', 'CHF', 'CLP', 'MXN', 'UYU', 'BOB', 'COP'])
      expect(currencyInfo(real), real).not.toBeNull();
    const codes = currencyList().map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('derives the symbol from the currency', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('CAD')).toBe('CA$');
  });

  it('checks a SWIFT/BIC by format and its country part', () => {
    expect(bicSchema.safeParse('deutdeff').data).toBe('DEUTDEFF');
    expect(bicSchema.safeParse('COBADEFFXXX').success).toBe(true);
    expect(bicSchema.safeParse('DEUTZZFF').success).toBe(false);
    expect(bicSchema.safeParse('DEUTDEF').success).toBe(false);
  });
});

describe('rates and conversion, in integers', () => {
  it('reads and writes rates exactly, 8 decimals', () => {
    expect(parseRate('1.0832')).toBe(108_320_000n);
    expect(formatRate(108_320_000n)).toBe('1.08320000');
    expect(displayRate('1.08320000')).toBe('1.0832');
    expect(displayRate('0.00670000')).toBe('0.0067');
    expect(displayRate('0.12345678')).toBe('0.12345678');
    for (const bad of ['0', '-1', '1e3', '1.123456789', '100000.00000001', '', ' ', 'NaN'])
      expect(parseRate(bad), bad).toBeNull();
  });

  it('reads a foreign amount with at most its currency’s digits', () => {
    expect(parseForeignAmount('110.78', 2)).toBe(11078n);
    expect(parseForeignAmount('1,200.5', 2)).toBe(120050n);
    expect(parseForeignAmount('15000', 0)).toBe(15000n);
    expect(parseForeignAmount('15000.5', 0)).toBeNull();
    expect(parseForeignAmount('1.2345', 3)).toBeNull();
    expect(formatForeignAmount(15000n, 0)).toBe('15000');
    expect(formatForeignAmount(1235n, 3)).toBe('1.235');
  });

  it('rounds half up to the cent', () => {
    expect(convertToUsdCents(5n, parseRate('1.1')!, 2)).toBe(6n); // 0.055 → 0.06
    expect(convertToUsdCents(4n, parseRate('1.1')!, 2)).toBe(4n); // 0.044 → 0.04
    expect(convertToUsdCents(15000n, parseRate('0.0067')!, 0)).toBe(10050n);
  });

  it('agrees with a rational reference on any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 100_000n * FX_RATE_SCALE }),
        fc.constantFrom(0, 2, 3),
        (minor, rate, digits) => {
          const cents = convertToUsdCents(minor, rate, digits);
          // exact value in units of 1/(2·den) cents: cents is the nearest, ties up.
          const numerator = minor * rate * 100n;
          const denominator = 10n ** BigInt(digits) * FX_RATE_SCALE;
          expect(cents * denominator * 2n - numerator * 2n <= denominator).toBe(true);
          expect(numerator * 2n - cents * denominator * 2n < denominator).toBe(true);
        },
      ),
    );
  });
});

describe('countryDisagreements (issue 28: a BIC or IBAN from another country than the one chosen)', () => {
  it("names the IBAN's and the BIC's country when they differ from the chosen one", () => {
    expect(countryDisagreements('DE89 3704 0044 0532 0130 00', 'BNPAFRPP', 'FR')).toEqual([
      { source: 'IBAN', country: 'DE' },
    ]);
    expect(countryDisagreements('DE89370400440532013000', 'BNPAFRPP', 'DE')).toEqual([
      { source: 'SWIFT/BIC', country: 'FR' },
    ]);
    expect(countryDisagreements('DE89370400440532013000', 'BNPAFRPP', 'IT')).toEqual([
      { source: 'IBAN', country: 'DE' },
      { source: 'SWIFT/BIC', country: 'FR' },
    ]);
  });

  it('says nothing when they agree, or while a code is incomplete or not an IBAN', () => {
    expect(countryDisagreements('DE89370400440532013000', 'DEUTDEFF', 'DE')).toEqual([]);
    expect(countryDisagreements('DE89 3704', 'DEUT', 'FR')).toEqual([]);
    expect(countryDisagreements('000123456789', '', 'US')).toEqual([]);
    expect(countryDisagreements('DE89370400440532013000', 'DEUTDEFF', '')).toEqual([]);
  });
});
