import { describe, expect, it } from 'vitest';
import { readShortReference, SHORT_REFERENCE_PATTERN, shortReference } from './references';

describe('short references', () => {
  it('names a UUID by its first eight hex digits, grouped', () => {
    const reference = shortReference('a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(reference).toBe('A1B2-C3D4');
    expect(reference).toMatch(SHORT_REFERENCE_PATTERN);
  });

  it('leaves what is not a UUID alone', () => {
    expect(shortReference('LN-42')).toBe('LN-42');
  });

  it.each(['A1B2-C3D4', 'a1b2c3d4', ' a1b2 c3d4 '])('reads %j back as a prefix to look up', (typed) => {
    expect(readShortReference(typed)).toBe('a1b2c3d4');
  });

  it.each(['A1B2-C3D', 'G1B2-C3D4', '40912345678', ''])('does not read %j as a reference', (typed) => {
    expect(readShortReference(typed)).toBeNull();
  });
});
