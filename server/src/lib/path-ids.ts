import type { ErrorCode } from '@larkspur/contract';
import { AppError } from './errors';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path's id (contract `looseIdParamsSchema`) as one of ours, lower-cased; anything that is not a
 * uuid is nobody's, answered as the missing object (`notFound`), never as a 400.
 */
export function ownIdOrNotFound(id: string, notFound: ErrorCode): string {
  if (!UUID_PATTERN.test(id)) throw new AppError(notFound);
  return id.toLowerCase();
}
