import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** How deep a parsed body is walked (our bodies are flat forms; the schemas refuse deeper ones). */
const NESTING_MAX = 32;

/** Half of a surrogate pair without its other half (not text in any encoding a database stores). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function hasUnstorableText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth >= NESTING_MAX) return false;
  for (const item of Object.values(value)) if (hasUnstorableText(item, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000 or an unpaired surrogate (JSON can: "\u0000", "\ud800"):
 * either, anywhere in a body, query or path, reached the database as an encoding error and came
 * back as a 500. No field of ours means anything with them in it, so such a request is refused up
 * front as invalid (both found by bench/fuzz).
 */
export function registerInputSanity(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      hasUnstorableText(request.query, 0) ||
      hasUnstorableText(request.params, 0) ||
      hasUnstorableText(request.body, 0)
    ) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'The request contains characters that are not valid text.',
      });
    }
  });
}
