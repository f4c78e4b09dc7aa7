import { describe, expect, it } from 'vitest';
import { countryHint } from './international-fields';

describe('countryHint (issue 28: an IBAN or SWIFT/BIC from another country than the one chosen)', () => {
  it('names both codes’ countries under the country field', () => {
    expect(countryHint('DE89 3704 0044 0532 0130 00', 'BNPAFRPP', 'IT')).toBe(
      'Check the country: the IBAN is from Germany (DE) and the SWIFT/BIC is from France (FR).',
    );
  });

  it('names one country once when both codes name it', () => {
    expect(countryHint('IS14 0159 2600 7654 5510 7303 39', 'NBIIISRE', 'NO')).toBe(
      'Check the country: the IBAN and the SWIFT/BIC are from Iceland (IS).',
    );
  });

  it('says nothing when the codes agree with the country', () => {
    expect(countryHint('DE89370400440532013000', 'DEUTDEFF', 'DE')).toBeUndefined();
  });
});
