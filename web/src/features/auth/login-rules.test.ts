import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOGIN_FIELD_LENGTH_MAX, loginSchema, type LoginInput } from '@larkspur/contract';
import { LOGIN_FIELD_MAX, loginResolver } from './login-rules';

const resolve = (values: LoginInput) =>
  loginResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the login form’s hand-written rules', () => {
  it('use the contract’s length limit', () => {
    expect(LOGIN_FIELD_MAX).toBe(LOGIN_FIELD_LENGTH_MAX);
  });

  it('accept, refuse and trim exactly as loginSchema does, with its messages', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        '',
        ' ',
        '  \t',
        ' 40912345678 ',
        'x'.repeat(256),
        ` ${'x'.repeat(256)} `,
        'x'.repeat(257),
      ),
    );
    await fc.assert(
      fc.asyncProperty(field, field, async (accountNumber, password) => {
        const expected = loginSchema.safeParse({ accountNumber, password });
        const actual = await resolve({ accountNumber, password });
        if (expected.success) {
          expect(actual).toEqual({ values: expected.data, errors: {} });
        } else {
          const messages = Object.fromEntries(
            expected.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
          );
          expect(
            Object.fromEntries(Object.entries(actual.errors).map(([name, error]) => [name, error?.message])),
          ).toEqual(messages);
        }
      }),
    );
  });
});
