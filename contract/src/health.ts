import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
