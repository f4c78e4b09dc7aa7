import { describe, expect, it } from 'vitest';
import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN, passwordSchema } from './auth';

/** The password policy the ASVS 5.0 rows V6.2.1, 6.2.4, 6.2.5, 6.2.9 and 6.2.11 of docs/security.md cite. */
describe('password policy', () => {
  it(`takes ${PASSWORD_LENGTH_MIN} characters and no fewer`, () => {
    expect(passwordSchema.safeParse('k7#vq2Lm9xPw').success).toBe(true);
    expect(passwordSchema.safeParse('k7#vq2Lm9xP').success).toBe(false);
  });

  it(`takes passwords of 64 and of ${PASSWORD_LENGTH_MAX} characters, and refuses longer rather than cutting`, () => {
    const long = (n: number) => 'correct horse battery staple '.repeat(10).slice(0, n);
    expect(passwordSchema.safeParse(long(64)).success).toBe(true);
    expect(passwordSchema.safeParse(long(PASSWORD_LENGTH_MAX)).success).toBe(true);
    expect(passwordSchema.safeParse(long(PASSWORD_LENGTH_MAX + 1)).success).toBe(false);
  });

  it('takes any composition: no rule on case, digits or symbols', () => {
    for (const password of ['lowercase only passphrase', 'ÜNICODE ÉTÉ ÅLAND 🌷', '314159265358979']) {
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
    }
  });

  it('refuses common passwords and the bank’s own name, whatever the case', () => {
    for (const password of ['password1234', 'Qwertyuiop123', 'LarkspurBank2026', 'larkspur1234']) {
      const result = passwordSchema.safeParse(password);
      expect(result.success, password).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('This password is too common. Choose another.');
    }
  });
});
