/**
 * Periods the overview's charts offer, in days. Apart from the schemas in banking.ts (which
 * re-exports it) so that the overview can offer them without loading zod
 * (docs/decisions/0018-customer-overview-without-zod.md).
 */
export const INSIGHT_PERIOD_DAYS = [30, 90] as const;
