import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_LENGTH_MAX } from './banking';
import { payeeInputSchema } from './payees';
import { recipientAccountSchema } from './transfer-request';

// A real IBAN of 31 characters (Malta), as people paste it: in groups of four, 38 with the spaces.
const spacedIban = 'MT84 MALT 0110 0001 2345 MTLC AST0 01S';
const abroad = {
  type: 'International Transfer',
  recipientAccount: spacedIban,
  recipientName: 'Joseph Borg',
  bankName: 'Bank of Valletta',
  internationalDetails: {
    recipientFullName: 'Joseph Borg',
    recipientBank: 'Bank of Valletta',
    swiftBic: 'VALLMTMT',
    country: 'MT',
    currency: 'EUR',
  },
} as const;

describe('a payee takes the recipient account as a transfer does (decision 0213)', () => {
  it('accepts a spaced IBAN longer than the stored field, and stores it without the spaces', () => {
    expect(spacedIban.length).toBeGreaterThan(ACCOUNT_FIELD_LENGTH_MAX);
    const payee = payeeInputSchema.safeParse(abroad);
    expect(payee.success && payee.data.recipientAccount).toBe('MT84MALT011000012345MTLCAST001S');
    expect(recipientAccountSchema.parse(spacedIban)).toBe(payee.data?.recipientAccount);
  });

  it('still refuses an empty or overlong account with the same words', () => {
    const empty = payeeInputSchema.safeParse({ ...abroad, recipientAccount: '' });
    expect(empty.error?.issues[0]?.message).toBe('Enter the recipient account number');
    const long = payeeInputSchema.safeParse({ ...abroad, recipientAccount: '1'.repeat(35) });
    expect(long.error?.issues[0]?.message).toBe(`At most ${ACCOUNT_FIELD_LENGTH_MAX} characters`);
  });
});
