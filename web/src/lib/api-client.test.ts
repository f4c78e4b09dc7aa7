import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@larkspur/contract';
import { readErrorEnvelope } from './api-client';

describe('readErrorEnvelope (the zod-free error check of the first chunk)', () => {
  it.each([
    { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds.' } },
    { error: { code: 'VALIDATION_FAILED', message: 'Bad', field: 'amount' } },
    { error: { code: 'X', message: 'Y', extra: true }, also: 1 },
    { error: { code: 'X', message: 'Y', field: 3 } },
    { error: { code: 1, message: 'Y' } },
    { error: { code: 'X' } },
    { error: null },
    { message: 'nope' },
    null,
    'text',
  ])('agrees with the contract on %j', (payload) => {
    const contract = errorEnvelopeSchema.safeParse(payload);
    expect(readErrorEnvelope(payload)).toEqual(contract.success ? contract.data : null);
  });
});
