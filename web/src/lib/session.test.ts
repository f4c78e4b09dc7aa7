import { describe, expect, it } from 'vitest';
import {
  STAFF_CAPABILITIES,
  STAFF_ROLES,
  capabilitiesOf,
  sessionResponseSchema,
  sessionUserSchema,
} from '@larkspur/contract';
import { danaSession as signedIn } from '@/test/fixtures';
import { sessionResponseParser } from './session';

function bothAgree(value: unknown) {
  const ours = sessionResponseParser.safeParse(value);
  const contract = sessionResponseSchema.safeParse(value);
  expect(ours.success, JSON.stringify(value)).toBe(contract.success);
  if (ours.success && contract.success) expect(ours.data).toEqual(contract.data);
}

describe('sessionResponseParser (the zod-free session check of the first chunk)', () => {
  it('reads what the contract reads, dropping unknown keys the same way', () => {
    bothAgree(signedIn);
    bothAgree({ user: null, idleExpiresAt: null });
    bothAgree({ ...signedIn, extra: 1, user: { ...signedIn.user, passwordHash: 'x' } });
    bothAgree({ ...signedIn, user: { ...signedIn.user, role: 'admin', accountNumber: null } });
    bothAgree({ ...signedIn, user: { ...signedIn.user, id: '00000000-0000-0000-0000-000000000000' } });
  });

  it('reads every staff permission set and capability the contract defines (decision 0167)', () => {
    for (const staffRole of STAFF_ROLES) {
      const staff = { ...signedIn.user, role: 'admin', accountNumber: null, staffRole };
      bothAgree({ ...signedIn, user: { ...staff, capabilities: [...capabilitiesOf(staffRole)] } });
    }
    const everything = { ...signedIn.user, role: 'admin', staffRole: 'administrator' };
    bothAgree({ ...signedIn, user: { ...everything, capabilities: [...STAFF_CAPABILITIES] } });
    expect(
      sessionResponseParser.safeParse({
        ...signedIn,
        user: { ...everything, capabilities: [...STAFF_CAPABILITIES] },
      }).success,
    ).toBe(true);
  });

  it('refuses what the contract refuses', () => {
    for (const bad of [
      null,
      'session',
      {},
      { user: null },
      { user: null, idleExpiresAt: 5 },
      { ...signedIn, user: { ...signedIn.user, role: 'root' } },
      { ...signedIn, user: { ...signedIn.user, id: 'not-a-uuid' } },
      { ...signedIn, user: { ...signedIn.user, accountNumber: 409 } },
      { ...signedIn, user: 'dana' },
      { ...signedIn, user: { ...signedIn.user, staffRole: 'root' } },
      { ...signedIn, user: { ...signedIn.user, capabilities: ['everything'] } },
      { ...signedIn, user: { ...signedIn.user, capabilities: 'staff.manage' } },
    ]) {
      bothAgree(bad);
    }
  });

  it('checks every field of the contract: without any one of them, both refuse', () => {
    // A field added to the contract's schema makes this fail until the parser checks it too.
    for (const key of Object.keys(sessionUserSchema.shape)) {
      const user: Record<string, unknown> = { ...signedIn.user };
      delete user[key];
      expect(sessionUserSchema.safeParse(user).success, key).toBe(false);
      expect(sessionResponseParser.safeParse({ ...signedIn, user }).success, key).toBe(false);
    }
    for (const key of Object.keys(sessionResponseSchema.shape)) {
      const response: Record<string, unknown> = { ...signedIn };
      delete response[key];
      expect(sessionResponseParser.safeParse(response).success, key).toBe(false);
    }
  });
});
