import type { TestApp } from './test-app';
import { withStepUp, type Payer } from './step-up';
import { createAdmin, JSON_HEADERS, loginAdmin, signUpCustomer, type SignedUpCustomer } from './identity';

/** An admin credit, as the admin console sends it; returns the new balance. */
export async function credit(
  t: TestApp,
  adminCookie: string,
  userId: string,
  amount: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/credit`,
    headers: { ...JSON_HEADERS, cookie: adminCookie },
    payload: { amount, reason: 'Opening deposit' },
  });
  if (res.statusCode !== 201) throw new Error(`credit ${res.statusCode}: ${res.body}`);
  return (res.json() as { balance: string }).balance;
}

/** The body every scripted transfer starts from, `body` on top. */
function transferBody(body: Record<string, unknown>): Record<string, unknown> {
  // Suites that script transfers name payees loosely; the name check's own tests (modules/payees)
  // send the real names and leave the confirmation out (decision 0155).
  return {
    type: 'Local Transfer',
    recipientName: 'Someone',
    purpose: 'Test',
    confirmPayeeRisk: true,
    ...body,
  };
}

/**
 * One POST /api/transfers as sent, with no step-up: for tests about the STEP_UP_REQUIRED answer
 * itself, or that count the emails, audit rows or clock time a step-up would add.
 */
export function sendTransfer(
  t: TestApp,
  from: Pick<SignedUpCustomer, 'cookie'>,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { ...JSON_HEADERS, cookie: from.cookie, ...headers },
    payload: transferBody(body),
  });
}

/**
 * A transfer as a customer sends it under production's controls (decision 0220): when the
 * server asks for a step-up (a new payee, more than the threshold), the emailed code is answered
 * and the same transfer sent again with the proof; every other answer comes back as it came.
 */
export function transfer(
  t: TestApp,
  from: Payer,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return withStepUp(t, from, transferBody(body), headers, (sent) => sendTransfer(t, from, body, sent));
}

export async function balanceOf(t: TestApp, customer: Pick<SignedUpCustomer, 'cookie'>): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } });
  if (res.statusCode !== 200) throw new Error(`me ${res.statusCode}: ${res.body}`);
  return (res.json() as { balance: string }).balance;
}

/** Two new customers, the first credited `amount` by a new admin: the cast of most money tests. */
export async function fundedPair(
  t: TestApp,
  amount: string,
): Promise<{ alice: SignedUpCustomer; bob: SignedUpCustomer }> {
  const admin = await createAdmin(t);
  const cookie = await loginAdmin(t, admin.email, admin.password);
  const alice = await signUpCustomer(t);
  const bob = await signUpCustomer(t);
  await credit(t, cookie, alice.userId, amount);
  return { alice, bob };
}
