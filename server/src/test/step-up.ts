import crypto from 'node:crypto';
import { STEP_UP_TOKEN_HEADER } from '@larkspur/contract';
import { OTP_RESEND_INTERVAL_MS } from '../modules/email/index';
import { JSON_HEADERS, latestCode } from './identity';
import type { TestApp } from './test-app';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Who pays: the session, and the address the code goes to (read from GET /api/me when absent). */
export interface Payer {
  cookie: string;
  email?: string;
}

/** The answer a payment gets when it needs a step-up (decision 0137). */
export function stepUpRequired(res: Response): boolean {
  if (res.statusCode !== 403) return false;
  const body = res.json() as { error?: { code?: string } };
  return body.error?.code === 'STEP_UP_REQUIRED';
}

function post(t: TestApp, url: string, payload: object, cookie: string): Promise<Response> {
  return t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload });
}

async function emailOf(t: TestApp, payer: Payer): Promise<string> {
  if (payer.email) return payer.email;
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: payer.cookie } });
  if (me.statusCode !== 200) throw new Error(`me ${me.statusCode}: ${me.body}`);
  return (me.json() as { email: string }).email;
}

/**
 * The review step with the emailed code, as the Send money form does it: start the step-up for
 * this transfer and key, read the code from the dev mailbox, answer it; returns the proof for the
 * Step-Up-Token header, or null when the server no longer asks for one. The clock moves on
 * (OTP_RESEND_INTERVAL_MS) only when the server refuses a new code because the last one to this
 * address went out less than that ago, so suites about time (daily windows, holds, sessions) see
 * the clock move only where a customer would wait.
 */
export async function stepUpTokenByEmail(
  t: TestApp,
  payer: Payer,
  transfer: Record<string, unknown>,
  idempotencyKey: string,
): Promise<string | null> {
  let start = await post(t, '/api/transfers/step-up', { transfer, idempotencyKey }, payer.cookie);
  if (start.statusCode === 429) {
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    start = await post(t, '/api/transfers/step-up', { transfer, idempotencyKey }, payer.cookie);
  }
  if (start.statusCode !== 200) throw new Error(`step-up start ${start.statusCode}: ${start.body}`);
  const started = start.json() as { required: boolean; method?: string; challengeId?: string };
  // Another send of a race paid this payee first: it is no longer new, and no step-up is asked.
  if (!started.required) return null;
  if (started.method !== 'email' || !started.challengeId) {
    // A passkey step-up needs the authenticator: such suites answer it themselves (test/passkeys.ts).
    throw new Error(`step-up start did not offer an emailed code: ${start.body}`);
  }
  const code = await latestCode(t, await emailOf(t, payer));
  const verify = await post(
    t,
    '/api/transfers/step-up/verify',
    { challengeId: started.challengeId, code },
    payer.cookie,
  );
  if (verify.statusCode !== 200) throw new Error(`step-up verify ${verify.statusCode}: ${verify.body}`);
  return (verify.json() as { token: string }).token;
}

/** Each session's step-up in progress: the one a race's next step-up waits for. */
const inProgress = new Map<string, Promise<unknown>>();

/**
 * A session answers one step-up at a time, as one customer at one review step does: a newer start
 * supersedes an unanswered one, so the step-ups of a race's sends (the sends themselves still go at
 * once) are taken in turn.
 */
async function oneAtATime<T>(session: string, step: () => Promise<T>): Promise<T> {
  const before = inProgress.get(session) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(step);
  inProgress.set(session, mine);
  try {
    return await mine;
  } finally {
    if (inProgress.get(session) === mine) inProgress.delete(session);
  }
}

/**
 * Sends a payment (`send` with extra headers) as a customer does under production's controls:
 * when the server answers 403 STEP_UP_REQUIRED, the same payment again under an Idempotency-Key
 * (the caller's, or a new one), with the step-up's proof. Any other answer is returned as it came.
 */
export async function withStepUp(
  t: TestApp,
  payer: Payer,
  transfer: Record<string, unknown>,
  headers: Record<string, string>,
  send: (headers: Record<string, string>) => Promise<Response>,
): Promise<Response> {
  const first = await send(headers);
  if (!stepUpRequired(first)) return first;
  const idempotencyKey = headers['idempotency-key'] ?? crypto.randomUUID();
  const token = await oneAtATime(payer.cookie, () => stepUpTokenByEmail(t, payer, transfer, idempotencyKey));
  return send({
    ...headers,
    'idempotency-key': idempotencyKey,
    ...(token === null ? {} : { [STEP_UP_TOKEN_HEADER]: token }),
  });
}
