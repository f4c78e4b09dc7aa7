import { eq, sql } from 'drizzle-orm';
import { PASSKEY_STEP_UP_DELAY_HOURS, type AccountStepUpAction } from '@larkspur/contract';
import { passkeys } from '../db/schema/index';
import { OTP_RESEND_INTERVAL_MS } from '../modules/email/index';
import { JSON_HEADERS, latestCode, type SignedUpCustomer } from './identity';
import { SoftwareAuthenticator } from './software-authenticator';
import type { TestApp } from './test-app';

type Options = { challenge: string; user?: { id: string } };

const post = (
  t: TestApp,
  url: string,
  payload: unknown,
  cookie: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, cookie, ...headers },
    payload: payload as object,
  });

/**
 * The proof of the second factor for a change of sign-in factors (decision 0185), earned as the
 * security page does: POST /api/me/step-up, then the emailed code from the mailbox, or an
 * assertion by `authenticator` (one of the customer's passkeys old enough to count).
 */
export async function accountProof(
  t: TestApp,
  customer: Pick<SignedUpCustomer, 'cookie' | 'email'>,
  action: AccountStepUpAction,
  authenticator?: SoftwareAuthenticator,
): Promise<string> {
  const start = await post(t, '/api/me/step-up', { action }, customer.cookie);
  if (start.statusCode !== 200) throw new Error(`me/step-up ${start.statusCode}: ${start.body}`);
  const begun = start.json() as { method: 'email' | 'passkey'; challengeId: string; options?: Options };
  const answer =
    begun.method === 'passkey'
      ? { passkey: requireAuthenticator(authenticator).assert(begun.options as Options) }
      : { code: await latestCode(t, customer.email) };
  const verify = await post(
    t,
    '/api/me/step-up/verify',
    { challengeId: begun.challengeId, ...answer },
    customer.cookie,
  );
  if (verify.statusCode !== 200) throw new Error(`me/step-up/verify ${verify.statusCode}: ${verify.body}`);
  // The next code to this address may go out only after the resend interval.
  if (begun.method === 'email') t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
  return (verify.json() as { token: string }).token;
}

function requireAuthenticator(authenticator: SoftwareAuthenticator | undefined): SoftwareAuthenticator {
  if (!authenticator) throw new Error('the step-up asked for a passkey, and the test gave none');
  return authenticator;
}

/**
 * Adds a passkey the way the security page does: the second factor's proof, the password, the
 * options, the authenticator, a name. `proveWith`: an older passkey of the customer, when they have one.
 */
export async function addPasskey(
  t: TestApp,
  customer: Pick<SignedUpCustomer, 'cookie' | 'email' | 'password'>,
  input: { authenticator?: SoftwareAuthenticator; name?: string; proveWith?: SoftwareAuthenticator } = {},
) {
  const authenticator = input.authenticator ?? new SoftwareAuthenticator();
  const token = await accountProof(t, customer, 'passkey.add', input.proveWith);
  const options = await post(
    t,
    '/api/me/passkeys/options',
    { password: customer.password },
    customer.cookie,
    {
      'step-up-token': token,
    },
  );
  if (options.statusCode !== 200) throw new Error(`passkeys/options ${options.statusCode}: ${options.body}`);
  const response = authenticator.register((options.json() as { options: Options }).options);
  const added = await post(
    t,
    '/api/me/passkeys',
    { name: input.name ?? 'Laptop', response },
    customer.cookie,
  );
  return { added, authenticator, response };
}

/** Makes a customer's passkeys PASSKEY_STEP_UP_DELAY_HOURS older: as if added that long ago. */
export async function agePasskeys(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .update(passkeys)
    .set({ createdAt: sql`${passkeys.createdAt} - make_interval(hours => ${PASSKEY_STEP_UP_DELAY_HOURS})` })
    .where(eq(passkeys.userId, userId));
}
