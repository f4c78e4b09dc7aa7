import type { FieldValues, Resolver } from 'react-hook-form';
import { normalizeTypedAmount } from '@larkspur/contract/amounts';

/**
 * A form resolver that first reads its amount fields as people type them ("12,000", "$5") into the
 * wire's two-decimal string (contract `normalizeTypedAmount`), then hands the values to `resolver`
 * — usually the contract's zod schema, so the server's strict rules and messages still decide and
 * the client sends only the normalised string.
 */
export function withTypedAmounts<TValues extends FieldValues, TContext, TOut>(
  resolver: Resolver<TValues, TContext, TOut>,
  fields: readonly (keyof TValues & string)[],
): Resolver<TValues, TContext, TOut> {
  return (values, context, options) => {
    const normalized: Record<string, unknown> = { ...values };
    for (const field of fields) {
      const value = normalized[field];
      if (typeof value === 'string') normalized[field] = normalizeTypedAmount(value);
    }
    return resolver(normalized as TValues, context, options);
  };
}
