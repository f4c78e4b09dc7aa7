import { STEP_UP_TOKEN_LENGTH_MAX } from '@larkspur/contract';

/**
 * The Step-Up-Token header's value, if one was sent (a repeated header counts as its first). Read
 * by every route that takes the proof (transfers, scheduled transfers, passkeys, password change),
 * so it lives here rather than in the step-up module those routes would otherwise all depend on.
 */
export function stepUpTokenOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= STEP_UP_TOKEN_LENGTH_MAX ? value : null;
}
