import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { capabilitiesOf, STAFF_CAPABILITIES, STAFF_ROLES } from '@larkspur/contract';
import { requireCapability } from './access';

/** Runs the preHandler as Fastify would, for a request signed in as `user` (or a guest). */
async function check(
  cap: (typeof STAFF_CAPABILITIES)[number],
  user: { role: string; status: string } | null,
) {
  const request = { auth: user ? { user } : null } as unknown as FastifyRequest;
  const hook = requireCapability(cap);
  return hook.call({} as FastifyInstance, request, {} as FastifyReply);
}

describe('requireCapability (every active admin is an administrator on this branch)', () => {
  it('lets an active admin through for every capability', async () => {
    for (const cap of STAFF_CAPABILITIES)
      await expect(check(cap, { role: 'admin', status: 'active' })).resolves.toBeUndefined();
  });

  it('refuses a customer (403), a suspended admin (403) and a guest (401)', async () => {
    await expect(check('money.approve', { role: 'user', status: 'active' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(check('money.approve', { role: 'admin', status: 'suspended' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(check('money.approve', null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps approval away from operators in the role table the staff work will store', () => {
    expect(STAFF_ROLES).toEqual(['operator', 'approver', 'administrator']);
    expect(capabilitiesOf('operator')).toContain('money.request');
    expect(capabilitiesOf('operator')).not.toContain('money.approve');
    expect(capabilitiesOf('approver')).toEqual(expect.arrayContaining(['money.approve', 'holds.review']));
    expect(capabilitiesOf('administrator')).toEqual(STAFF_CAPABILITIES);
  });
});
