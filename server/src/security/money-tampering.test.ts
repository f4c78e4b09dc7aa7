import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMicr, checkPhotos } from '../test/check-images';
import { JSON_HEADERS } from '../test/identity';
import { validApplication } from '../test/loans';
import { buildTestApp, type TestApp } from '../test/test-app';
import { fillPath, moneyFields, readOperations, type Operation } from './openapi';
import {
  aliceIdFor,
  balances,
  buildWorld,
  expectLedgerClean,
  expectRejection,
  recordCount,
  type World,
} from './world';

/**
 * Amount tampering on every endpoint whose body carries money (found in the OpenAPI document by
 * field name, so a new money endpoint is covered the day it appears). Each hostile value must be
 * refused with the error envelope, and no balance and no record may change.
 */

/** Every way a client can lie about an amount, as JSON values (not only strings). */
const HOSTILE_AMOUNTS: [string, unknown][] = [
  ['negative', '-5.00'],
  ['negative zero', '-0.00'],
  ['zero', '0'],
  ['fractional cents', '10.005'],
  ['three decimals', '0.001'],
  ['exponent', '1e3'],
  ['upper exponent', '1E2'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['minus Infinity', '-Infinity'],
  ['huge', '99999999999999999999'],
  ['over the single-amount maximum', '10000000.01'],
  ['hex', '0x10'],
  ['grouping', '1,000.00'],
  ['leading space', ' 10.00'],
  ['trailing garbage', '10.00abc'],
  ['plus sign', '+10.00'],
  ['empty', ''],
  ['unicode digits', '١٠٠'],
  ['full-width digits', '１００'],
  ['number instead of string', 10],
  ['float number', 10.5],
  ['negative number', -10],
  ['number NaN (null in JSON)', null],
  ['huge number', 1e308],
  ['boolean', true],
  ['array', ['10.00']],
  ['object', { value: '10.00' }],
  ['nested amount', { $gt: 0 }],
];

/** A body that would be accepted as it stands, so that the amount is the only thing wrong. */
function validBody(op: Operation, world: World): Record<string, unknown> {
  const key = `${op.method} ${op.path}`;
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/transfers': {
      type: 'Local Transfer',
      recipientAccount: world.bob.accountNumber,
      recipientName: 'Bob Payee',
      amount: '1.00',
      purpose: 'Rent',
    },
    'POST /api/deposits/check': { amount: '1.00', checkNumber: '1001', ...photos, ...checkMicr() },
    'POST /api/admin/users/{id}/credit': { amount: '1.00', reason: 'Opening deposit' },
    'POST /api/admin/users/{id}/debit': { amount: '1.00', reason: 'Cash withdrawal' },
    'POST /api/admin/transactions': {
      userId: world.alice.userId,
      direction: 'credit',
      amount: '1.00',
      counterpartyName: 'Employer Inc',
      reason: 'Payroll correction',
    },
    'PATCH /api/admin/transactions/{id}': {
      amount: '1.00',
      createdAt: new Date().toISOString(),
      reason: 'Typo in amount',
    },
    'POST /api/loans': validApplication(),
    'POST /api/loan-inquiries': {
      name: 'Visitor Person',
      email: 'visitor@example.test',
      phone: '+1 415 555 0100',
      loanType: 'Auto Loan',
      amount: '25000.00',
    },
    'PATCH /api/admin/users/{id}': { accountLimit: '100.00', reason: 'Lower the limit' },
    // The series' amount (issue 18); its creation nests the transfer, whose amount its own tests tamper with.
    'PATCH /api/me/scheduled-transfers/{id}': { amount: '1.00' },
  };
  const body = bodies[key];
  if (!body) throw new Error(`no valid body known for money endpoint ${key}: add one to this test`);
  return body;
}

let t: TestApp;
let world: World;
let moneyOps: Operation[];
/** Valid photos for the check deposit's body (both are required): only the amount is hostile. */
let photos: Awaited<ReturnType<typeof checkPhotos>>;

beforeAll(async () => {
  photos = await checkPhotos();
  t = await buildTestApp();
  world = await buildWorld(t);
  moneyOps = (await readOperations(t.app)).filter((op) => op.body !== null && moneyFields(op).length > 0);
});
afterAll(async () => {
  await t?.close();
});

function cookieFor(op: Operation): string | undefined {
  if (op.path.startsWith('/api/admin/')) return world.adminCookie;
  if (op.path === '/api/loan-inquiries') return undefined;
  return world.alice.cookie;
}

describe('amount tampering', () => {
  it('finds every money endpoint in the OpenAPI document', () => {
    const found = moneyOps.map((op) => `${op.method} ${op.path}`);
    for (const expected of [
      'POST /api/transfers',
      'POST /api/deposits/check',
      'POST /api/admin/users/{id}/credit',
      'POST /api/admin/users/{id}/debit',
      'POST /api/admin/transactions',
      'PATCH /api/admin/transactions/{id}',
      'POST /api/loans',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('refuses every hostile amount on every money endpoint, and moves nothing', async () => {
    const before = await balances(t);
    const recordsBefore = await recordCount(t);
    let checked = 0;
    for (const op of moneyOps) {
      const url = fillPath(op.path, (name) => aliceIdFor(world, op.path, name));
      const cookie = cookieFor(op);
      for (const field of moneyFields(op)) {
        for (const [label, value] of HOSTILE_AMOUNTS) {
          // The admin correction may set an amount to zero (product §5); everything else must be > 0.
          if (label === 'zero' && op.path === '/api/admin/transactions/{id}') continue;
          if (label === 'zero' && field === 'accountLimit') continue;
          // Loan fields are trimmed by design (a pasted " 25000" is fine); not a tampering.
          if (label === 'leading space' && field !== 'amount') continue;
          // An income (not an amount moved) may be zero or above the single-amount maximum.
          if (field === 'annualIncome' && (label === 'zero' || label.startsWith('over'))) continue;
          const res = await t.app.inject({
            method: op.method,
            url,
            // Inquiries are limited per IP; give each its own address so the limit is not what answers.
            remoteAddress:
              op.path === '/api/loan-inquiries'
                ? `10.77.${checked % 250}.${(checked >> 8) % 250}`
                : undefined,
            headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
            payload: JSON.stringify({ ...validBody(op, world), [field]: value }),
          });
          expect(
            res.statusCode,
            `${op.method} ${op.path} ${field}=${label}: ${res.body}`,
          ).toBeGreaterThanOrEqual(400);
          expectRejection(res);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(HOSTILE_AMOUNTS.length * 7);
    expect(await balances(t)).toEqual(before);
    expect(await recordCount(t)).toBe(recordsBefore);
    await expectLedgerClean(t);
  });

  it('never lets a customer choose the sender: a sender field is refused, the session is the sender', async () => {
    const before = await balances(t);
    for (const field of ['senderAccount', 'senderId', 'userId', 'fromAccount', 'from']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { ...JSON_HEADERS, cookie: world.mallory.cookie },
        payload: {
          ...validBody(
            moneyOps.find((op) => op.path === '/api/transfers')!,
            world,
          ),
          recipientAccount: world.mallory.accountNumber,
          [field]:
            field === 'userId' || field === 'senderId' ? world.alice.userId : world.alice.accountNumber,
        },
      });
      expectRejection(res, 400);
    }
    expect(await balances(t)).toEqual(before);
  });

  it('refuses a transfer to oneself, by any spelling of the own account number', async () => {
    for (const recipient of [world.mallory.accountNumber, ` ${world.mallory.accountNumber} `]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { ...JSON_HEADERS, cookie: world.mallory.cookie },
        payload: {
          type: 'Local Transfer',
          recipientAccount: recipient,
          recipientName: 'Me',
          amount: '1.00',
        },
      });
      expect(expectRejection(res).code).toBe('SELF_TRANSFER');
    }
  });

  it('cannot overdraw: sending one cent more than the balance is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...JSON_HEADERS, cookie: world.mallory.cookie },
      payload: {
        type: 'Local Transfer',
        recipientAccount: world.bob.accountNumber,
        recipientName: 'Bob',
        amount: '100.01',
      },
    });
    expect(expectRejection(res).code).toBe('INSUFFICIENT_FUNDS');
    await expectLedgerClean(t);
  });
});
