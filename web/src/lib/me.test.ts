import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileSchema, type Profile } from '@larkspur/contract';
import { profileParser } from './me';

const profile: Profile = {
  uid: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
  firstName: 'Dana',
  surname: 'Whitfield',
  email: 'dana@example.com',
  phone: '+1 555 0100',
  address: '1 Main St',
  zipCode: '10001',
  country: 'United States',
  maritalStatus: 'Single',
  occupation: 'Engineer',
  ssnLast4: '1234',
  dob: '1990-01-01',
  accountNumber: '40912345678',
  balance: '1234.50',
  availableBalance: '1009.50',
  currency: 'USD',
  status: 'active',
  role: 'user',
  avatar: '/api/avatars/DW.svg',
  accountLimit: '50000.00',
  createdAt: '2026-01-15T12:00:00.000Z',
  created_at: '2026-01-15T12:00:00.000Z',
};

function bothAgree(value: unknown) {
  const ours = profileParser.safeParse(value);
  const contract = profileSchema.safeParse(value);
  expect(ours.success, JSON.stringify(value)).toBe(contract.success);
  if (ours.success && contract.success) expect(ours.data).toEqual(contract.data);
}

describe('profileParser (the zod-free GET /api/me check)', () => {
  it('reads what the contract reads, dropping unknown keys the same way', () => {
    bothAgree(profile);
    bothAgree({ ...profile, passwordHash: 'x', ssn: '123-45-6789' });
    bothAgree({ ...profile, status: 'suspended', role: 'admin' });
  });

  it('refuses what the contract refuses', () => {
    for (const bad of [null, [], 'me', [profile], { ...profile, uid: 'x' }, { ...profile, status: 'open' }]) {
      bothAgree(bad);
    }
  });

  it('agrees with the contract on any field replaced by any value', () => {
    const keys = Object.keys(profileSchema.shape);
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.oneof(fc.anything(), fc.constantFrom('active', 'closed', 'user', 'admin', profile.uid, null)),
        (key, value) => bothAgree({ ...profile, [key]: value }),
      ),
      { numRuns: 1_000 },
    );
  });

  it('checks every field of the contract: without any one of them, both refuse', () => {
    // A field added to the contract's schema makes this fail until the parser reads it too.
    for (const key of Object.keys(profileSchema.shape)) {
      const value: Record<string, unknown> = { ...profile };
      delete value[key];
      expect(profileSchema.safeParse(value).success, key).toBe(false);
      expect(profileParser.safeParse(value).success, key).toBe(false);
    }
    bothAgree({ ...profile, newField: 'x' });
  });
});
