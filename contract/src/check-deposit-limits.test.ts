import { describe, expect, it } from 'vitest';
import {
  CHECK_DEPOSIT_30_DAY_MAX_CENTS,
  CHECK_DEPOSIT_DAILY_MAX_CENTS,
  CHECK_DEPOSIT_MAX_CENTS,
  CHECK_DEPOSITS_PER_HOUR_MAX,
  CHECK_IMAGE_PIXELS_MAX,
  checkDepositRequestSchema,
} from './banking';
import { errorCatalogue } from './errors';
import { formatCents } from './money';

/** The messages state the limits: they must change when a constant does. */
describe('check-deposit limits and their messages', () => {
  const dollars = (cents: bigint) =>
    `$${Number(formatCents(cents)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  it('name the amounts and counts of the constants', () => {
    expect(errorCatalogue.CHECK_AMOUNT_OVER_LIMIT.message).toContain(dollars(CHECK_DEPOSIT_MAX_CENTS));
    expect(errorCatalogue.CHECK_DAILY_LIMIT_EXCEEDED.message).toContain(
      dollars(CHECK_DEPOSIT_DAILY_MAX_CENTS),
    );
    expect(errorCatalogue.CHECK_30_DAY_LIMIT_EXCEEDED.message).toContain(
      dollars(CHECK_DEPOSIT_30_DAY_MAX_CENTS),
    );
    expect(errorCatalogue.CHECK_DEPOSIT_RATE_LIMITED.message).toContain(
      `${CHECK_DEPOSITS_PER_HOUR_MAX} checks`,
    );
    expect(errorCatalogue.CHECK_IMAGE_TOO_LARGE.message).toContain(
      `${CHECK_IMAGE_PIXELS_MAX / 1_000_000} megapixels`,
    );
  });

  it('require both photos', () => {
    const photo = { contentType: 'image/jpeg', dataBase64: '/9j/' };
    const base = {
      amount: '10.00',
      checkNumber: '1',
      routingNumber: '021000021',
      payerAccountNumber: '1234567890',
    };
    expect(
      checkDepositRequestSchema.safeParse({ ...base, frontImage: photo, backImage: photo }).success,
    ).toBe(true);
    expect(checkDepositRequestSchema.safeParse({ ...base, frontImage: photo }).success).toBe(false);
    expect(checkDepositRequestSchema.safeParse({ ...base, backImage: photo }).success).toBe(false);
  });
});
