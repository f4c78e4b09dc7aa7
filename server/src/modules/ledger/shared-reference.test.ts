import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerTransactionRecord, MovementResponse } from '@larkspur/contract';
import { outboxMessages } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { renderStoredEmail } from '../email/money-alert-template';

/**
 * Issue 28 point 2: the recipient of a transfer read "Deposit" with a reference (DEP…) the sender
 * never saw (TRF…): the two could not quote one reference to each other or to support. Both legs
 * now carry the transfer's TRF… reference; the received leg keeps its own DEP… record id (nothing
 * stored is renamed) and reads "Transfer from <sender>" (decision 0197).
 */
let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-ref-'));
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function list(c: SignedUpCustomer, query = ''): Promise<CustomerTransactionRecord[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/me/transactions${query}`,
    headers: { cookie: c.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe('one reference for both sides of a transfer', () => {
  it('the recipient’s record, search, alert, CSV and receipt quote the sender’s TRF reference', async () => {
    const alice = await signUpCustomer(t, { firstName: 'Alice', surname: 'Sender' });
    const bob = await signUpCustomer(t, { firstName: 'Bob', surname: 'Receiver' });
    await credit(t, adminCookie, alice.userId, '100.00');
    t.clock.advanceMs(1000);
    const sent = await transfer(t, alice, {
      recipientAccount: bob.accountNumber,
      recipientName: 'Bob Receiver',
      amount: '12.34',
    });
    expect(sent.statusCode).toBe(201);
    const trf = sent.json<MovementResponse>().transaction.transactionId;
    expect(trf).toMatch(/^TRF/);

    const [mine] = await list(alice);
    expect(mine).toMatchObject({ transactionId: trf, reference: trf });
    const [theirs] = await list(bob);
    // The stored record keeps its own id; the reference both can quote is the transfer's.
    expect(theirs!.transactionId).toMatch(/^DEP/);
    expect(theirs).toMatchObject({
      reference: trf,
      type: 'Deposit',
      direction: 'credit',
      senderName: 'Alice Sender',
    });

    // The recipient finds it by the reference the sender quotes — and only their own side.
    const found = await list(bob, `?q=${trf}`);
    expect(found.map((r) => r.id)).toEqual([theirs!.id]);
    const foundBySender = await list(alice, `?q=${trf}`);
    expect(foundBySender.map((r) => r.id)).toEqual([mine!.id]);

    // The credit alert: "Transfer from Alice Sender", with the TRF reference.
    const [alert] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toEmail, bob.email), eq(outboxMessages.template, 'money-alert')))
      .orderBy(asc(outboxMessages.id));
    const rendered = renderStoredEmail(alert!, {
      bankName: 'Larkspur Bank',
      fromName: 'Larkspur Bank',
      publicOrigin: 'https://bank.example',
    });
    expect(rendered.params).toMatchObject({ reference: trf, transaction_type: 'Transfer from Alice Sender' });
    expect(rendered.subject).toBe('Larkspur Bank Credit Alert: $12.34 Transfer from Alice Sender');
    expect(rendered.text).toContain(`Reference: ${trf}`);
    expect(rendered.text).not.toContain('Deposit');

    // The CSV: a Reference column beside the record's own id.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions.csv',
      headers: { cookie: bob.cookie },
    });
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toContain('"Reference"');
    expect(row).toContain(`"${trf}"`);
    expect(row).toContain('"Transfer received"');
    expect(row).not.toContain('"Deposit"');

    // The receipt and the month's statement (PDF, read back with pdftotext).
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/me/transactions/${theirs!.id}/receipt.pdf`,
      headers: { cookie: bob.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toMatch(new RegExp(`Reference\\s+${trf}`));
    expect(receiptText).toMatch(/Type\s+Transfer received/);
    const month = t.clock.now().toISOString().slice(0, 7);
    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/me/statements/${month}.pdf`,
      headers: { cookie: bob.cookie },
    });
    const statementText = pdfText(statement.rawPayload);
    expect(statementText).toContain(trf);
    expect(statementText).toContain('Alice Sender · Transfer received');
    expect(statementText).not.toContain(theirs!.transactionId);
  });
});
