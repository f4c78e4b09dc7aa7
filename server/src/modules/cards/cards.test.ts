import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema/index';
import { JSON_HEADERS, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { isLuhnValid, luhnCheckDigit, newCardNumber } from './card-numbers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    expect(luhnCheckDigit('400000000000000')).toBe('2');
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
  });

  it('issues 16-digit Luhn-valid numbers from the test range', () => {
    for (let i = 0; i < 200; i++) {
      const number = newCardNumber();
      expect(number).toMatch(/^400000\d{10}$/);
      expect(isLuhnValid(number)).toBe(true);
    }
  });
});

describe('cards', () => {
  it('gives every new customer one card, stored encrypted and shown masked', async () => {
    const customer = await signUpCustomer(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/cards',
      headers: { cookie: customer.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [card] = res.json().items;
    expect(card).toMatchObject({ brand: 'Larkspur Debit', holderName: 'JANE DOE', status: 'active' });
    expect(card.maskedNumber).toBe(`•••• •••• •••• ${card.last4}`);
    expect(res.body).not.toMatch(/400000\d{10}/);
    const [row] = await t.database.db.select().from(cards).where(eq(cards.userId, customer.userId));
    expect(row?.numberEncrypted).toMatch(/^v1:/);
  });

  it('freezes at once and unfreezes only with the password', async () => {
    const customer = await signUpCustomer(t);
    const [card] = (
      await t.app.inject({ method: 'GET', url: '/api/me/cards', headers: { cookie: customer.cookie } })
    ).json().items;
    const freeze = await t.app.inject({
      method: 'POST',
      url: `/api/me/cards/${card.id}/freeze`,
      headers: { cookie: customer.cookie, 'x-larkspur-request': '1' },
    });
    expect(freeze.json().card.status).toBe('frozen');
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/me/cards/${card.id}/unfreeze`,
      headers: { ...JSON_HEADERS, cookie: customer.cookie },
      payload: { password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('password');
    const right = await t.app.inject({
      method: 'POST',
      url: `/api/me/cards/${card.id}/unfreeze`,
      headers: { ...JSON_HEADERS, cookie: customer.cookie },
      payload: { password: customer.password },
    });
    expect(right.json().card.status).toBe('active');
    const audit = await t.database.db.execute(
      sql`select action, outcome from audit_log where subject_id = ${card.id} order by id`,
    );
    expect(JSON.stringify(audit)).toMatch(/card\.freeze.*card\.unfreeze.*failure.*card\.unfreeze.*success/s);
  });

  it("says when the status changed only once it has, with the card's recent freezes and unfreezes", async () => {
    const customer = await signUpCustomer(t);
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/me/cards', headers: { cookie: customer.cookie } })
      ).json().items[0];
    const issued = await list();
    expect(issued.statusChangedAt).toBeNull();
    expect(issued.recentActivity).toEqual([]);

    const post = (path: string, password?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/me/cards/${issued.id}/${path}`,
        headers:
          password === undefined
            ? { cookie: customer.cookie, 'x-larkspur-request': '1' }
            : { ...JSON_HEADERS, cookie: customer.cookie },
        ...(password === undefined ? {} : { payload: { password } }),
      });
    await post('freeze');
    await post('unfreeze', 'not my password');
    await post('unfreeze', customer.password);
    const card = await list();
    expect(card.recentActivity.map((e: { kind: string }) => e.kind)).toEqual([
      'unfrozen',
      'unfreeze-refused',
      'frozen',
    ]);
    expect(card.statusChangedAt).toBe(card.recentActivity[0].at);
    // Freezing a frozen card is not a change of status.
    await post('freeze');
    const frozen = (await list()).statusChangedAt;
    await post('freeze');
    expect((await list()).statusChangedAt).toBe(frozen);
  });

  it("never touches someone else's card", async () => {
    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const [card] = (
      await t.app.inject({ method: 'GET', url: '/api/me/cards', headers: { cookie: owner.cookie } })
    ).json().items;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/me/cards/${card.id}/freeze`,
      headers: { cookie: other.cookie, 'x-larkspur-request': '1' },
    });
    expect(res.statusCode).toBe(404);
    const still = (
      await t.app.inject({ method: 'GET', url: '/api/me/cards', headers: { cookie: owner.cookie } })
    ).json().items[0];
    expect(still.status).toBe('active');
  });

  it('issues cards to customers who existed before cards (back-fill at start-up)', async () => {
    const customer = await signUpCustomer(t);
    await t.database.db.delete(cards).where(eq(cards.userId, customer.userId));
    const { createCardService } = await import('./card-service');
    const { createFieldCipher } = await import('../../lib/field-encryption');
    const service = createCardService({
      db: t.database.db,
      clock: t.clock,
      cipher: createFieldCipher(Buffer.alloc(32, 7)),
    });
    expect(await service.backfill()).toBe(1);
    expect(await service.list(customer.userId)).toHaveLength(1);
  });
});
