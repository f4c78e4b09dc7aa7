import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVER_COOLING_OFF_HOURS } from '@larkspur/contract';
import { checkMicr, checkPhotos } from '../../test/check-images';
import {
  JSON_HEADERS,
  loginAdmin,
  signInStaff,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { inviteStaff } from '../../test/staff-invitations';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { validApplication } from '../../test/loans';

/**
 * Decision 0210: the newly-appointed rule of decision 0190 covers every approval that moves or
 * frees money on one member of staff's word, not only colleagues' money requests. A corrupt
 * administrator invites (or promotes) an accomplice as approver; before this, the accomplice could
 * at once pay out a mule's loan, or release the hold on a mule's worthless check so it could be
 * spent, before any other administrator saw the appointment.
 */

let t: TestApp;
let boss: { userId: string; cookie: string };
let veteran: { userId: string; cookie: string };
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  boss = await signInStaff(t, 'administrator');
  // Seeded and command-line staff were appointed by nobody: they approve at once.
  veteran = await signInStaff(t, 'approver');
});
afterAll(async () => {
  await t.close();
});

function post(url: string, cookie: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload });
}
async function me(c: SignedUpCustomer): Promise<{ balance: string; availableBalance: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c.cookie } });
  return res.json();
}
async function pendingLoan(c: SignedUpCustomer): Promise<string> {
  const res = await post('/api/loans', c.cookie, validApplication({ loanAmount: '9000.00' }));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
let checkNumber = 700;
async function heldCheck(c: SignedUpCustomer): Promise<string> {
  checkNumber += 1;
  const res = await post('/api/deposits/check', c.cookie, {
    amount: '4000.00',
    checkNumber: String(checkNumber),
    ...(await checkPhotos()),
    ...checkMicr(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/admin/holds?limit=100',
    headers: { cookie: veteran.cookie },
  });
  const hold = (list.json() as { items: { id: string; userId: string }[] }).items.find(
    (item) => item.userId === c.userId,
  );
  if (!hold) throw new Error('the deposit has a hold');
  return hold.id;
}

describe('a newly appointed approver cannot pay out a loan or release a held check (decision 0210)', () => {
  it('an invited approver’s loan approval is refused: the loan stays pending, nothing is paid', async () => {
    const accomplice = await inviteStaff(t, boss.cookie, 'approver');
    const mule = await signUpCustomer(t);
    const loanId = await pendingLoan(mule);
    const refused = await post(`/api/admin/loans/${loanId}/approve`, accomplice.cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('LOAN_APPROVER_TOO_NEW');
    expect((await me(mule)).balance).toBe('0.00');
    // A long-standing approver decides it.
    const approved = await post(`/api/admin/loans/${loanId}/approve`, veteran.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await me(mule)).balance).toBe('9000.00');
  });

  it('an operator promoted to approver cannot release a hold early; the money stays held', async () => {
    const clerk = await inviteStaff(t, boss.cookie, 'operator');
    t.clock.advanceMs(APPROVER_COOLING_OFF_HOURS * HOUR_MS + 1_000);
    boss = { ...boss, cookie: (await signInStaff(t, 'administrator')).cookie };
    veteran = await signInStaff(t, 'approver');
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${clerk.userId}`,
      headers: { ...JSON_HEADERS, cookie: boss.cookie },
      payload: { staffRole: 'approver' },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const clerkCookie = await loginAdmin(t, clerk.email, clerk.password);
    const mule = await signUpCustomer(t);
    const holdId = await heldCheck(mule);
    expect(await me(mule)).toMatchObject({ balance: '4000.00', availableBalance: '0.00' });
    const refused = await post(`/api/admin/holds/${holdId}/release`, clerkCookie, { reason: 'Known payer' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('HOLD_REVIEWER_TOO_NEW');
    expect((await me(mule)).availableBalance).toBe('0.00');
  });

  it('after the cooling-off period the same approver can do both', async () => {
    const approver = await inviteStaff(t, boss.cookie, 'approver');
    t.clock.advanceMs(APPROVER_COOLING_OFF_HOURS * HOUR_MS + 1_000);
    const cookie = await loginAdmin(t, approver.email, approver.password);
    veteran = await signInStaff(t, 'approver');
    const customer = await signUpCustomer(t);
    const loanId = await pendingLoan(customer);
    expect((await post(`/api/admin/loans/${loanId}/approve`, cookie)).statusCode).toBe(200);
    const holdId = await heldCheck(customer);
    const released = await post(`/api/admin/holds/${holdId}/release`, cookie, { reason: 'Known payer' });
    expect(released.statusCode, released.body).toBe(200);
    expect((await me(customer)).availableBalance).toBe('13000.00');
  });
});
