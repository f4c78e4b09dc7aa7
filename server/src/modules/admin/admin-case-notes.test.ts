import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_NOTE_EMPTY_MESSAGE,
  CASE_NOTE_LENGTH_MAX,
  CASE_NOTE_TOO_LONG_MESSAGE,
  type CaseNote,
  type CaseNotePage,
} from '@larkspur/contract';
import { auditLog, caseNotes, profiles } from '../../db/schema/index';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { encodeCursor } from '../../lib/keyset-cursor';
import { adminGet, walkPages } from '../../test/admin-fixtures';

let t: TestApp;
let admin: { userId: string; email: string; password: string };
let cookie: string;
let customer: SignedUpCustomer;
let other: SignedUpCustomer;

function addNote(userId: string, payload: unknown, as = cookie) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/notes`,
    headers: { ...JSON_HEADERS, cookie: as },
    payload: payload as Record<string, unknown>,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-05-01T10:00:00.000Z'));
  admin = await createAdmin(t);
  await t.database.db
    .update(profiles)
    .set({ firstName: 'Grace', surname: 'Hopper' })
    .where(eq(profiles.userId, admin.userId));
  cookie = await loginAdmin(t, admin.email, admin.password);
  customer = await signUpCustomer(t);
  other = await signUpCustomer(t);
});
afterAll(async () => {
  await t.close();
});

describe('case notes (issue 19)', () => {
  it('adds a trimmed note with who and when, and audits it without the text', async () => {
    t.clock.set(new Date('2026-05-01T10:01:00.000Z'));
    const res = await addNote(customer.userId, {
      text: '  Called about a card payment; explained the hold.  ',
    });
    expect(res.statusCode).toBe(201);
    const note = res.json() as CaseNote;
    expect(note.text).toBe('Called about a card payment; explained the hold.');
    expect(note.authorId).toBe(admin.userId);
    expect(note.authorName).toBe('Grace Hopper');
    expect(note.at).toBe('2026-05-01T10:01:00.000Z');

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.case_note'))
      .orderBy(asc(auditLog.id));
    const row = rows.find((r) => (r.details as { noteId?: number } | null)?.noteId === note.id);
    expect(row).toMatchObject({ actorId: admin.userId, subjectId: customer.userId, outcome: 'success' });
    expect(JSON.stringify(row?.details)).not.toContain('card payment');
  });

  it('refuses an empty, blank or too long note with a clear message, and writes nothing', async () => {
    const before = await t.database.db.select().from(caseNotes);
    for (const [payload, message] of [
      [{ text: '' }, CASE_NOTE_EMPTY_MESSAGE],
      [{ text: ' \n\t ' }, CASE_NOTE_EMPTY_MESSAGE],
      [{ text: 'x'.repeat(CASE_NOTE_LENGTH_MAX + 1) }, CASE_NOTE_TOO_LONG_MESSAGE],
      [{ text: ' '.repeat(CASE_NOTE_LENGTH_MAX * 3) }, CASE_NOTE_TOO_LONG_MESSAGE],
    ] as const) {
      const res = await addNote(customer.userId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    for (const payload of [{}, { text: 42 }, { text: 'ok', extra: 1 }]) {
      expect((await addNote(customer.userId, payload)).statusCode).toBe(400);
    }
    // Exactly the maximum is fine.
    expect((await addNote(other.userId, { text: 'y'.repeat(CASE_NOTE_LENGTH_MAX) })).statusCode).toBe(201);
    const after = await t.database.db.select().from(caseNotes);
    expect(after.length).toBe(before.length + 1);
  });

  it('is admin only: a customer and a stranger are refused, and nothing is written', async () => {
    const count = (await t.database.db.select().from(caseNotes)).length;
    const customerCookie = customer.cookie;
    expect((await addNote(customer.userId, { text: 'mine' }, customerCookie)).statusCode).toBe(403);
    expect((await adminGet(t, customerCookie, `/api/admin/users/${customer.userId}/notes`)).statusCode).toBe(
      403,
    );
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.userId}/notes`,
      headers: JSON_HEADERS,
      payload: { text: 'x' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.database.db.select().from(caseNotes)).length).toBe(count);
  });

  it("is not found for an unknown id, a malformed id or an admin's own file", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', admin.userId]) {
      expect((await addNote(id, { text: 'x' })).statusCode).toBe(404);
      expect((await adminGet(t, cookie, `/api/admin/users/${id}/notes`)).statusCode).toBe(404);
    }
  });

  it('lists newest first, one customer only, in pages that neither repeat nor skip', async () => {
    const fresh = await signUpCustomer(t);
    const texts: string[] = [];
    for (let i = 0; i < 7; i++) {
      t.clock.set(new Date(Date.UTC(2026, 4, 1, 10, 2, i)));
      texts.push(`note ${i}`);
      expect((await addNote(fresh.userId, { text: `note ${i}` })).statusCode).toBe(201);
    }
    const { items, pages } = await walkPages<CaseNote>(
      t,
      cookie,
      `/api/admin/users/${fresh.userId}/notes?limit=3`,
    );
    expect(pages).toBe(3);
    expect(items.map((n) => n.text)).toEqual([...texts].reverse());
    const first = (
      await adminGet(t, cookie, `/api/admin/users/${fresh.userId}/notes?limit=3`)
    ).json() as CaseNotePage;
    expect(first.items.map((n) => n.text)).toEqual(['note 6', 'note 5', 'note 4']);
  });

  it('two notes sent at once are both kept', async () => {
    const fresh = await signUpCustomer(t);
    const [a, b] = await Promise.all([
      addNote(fresh.userId, { text: 'A' }),
      addNote(fresh.userId, { text: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const page = (await adminGet(t, cookie, `/api/admin/users/${fresh.userId}/notes`)).json() as CaseNotePage;
    expect(page.items.map((n) => n.text).sort()).toEqual(['A', 'B']);
  });

  it('refuses a forged cursor or limit with a 400, never a 5xx', async () => {
    for (const q of [
      'cursor=nonsense',
      `cursor=${encodeCursor('audit', ['1'])}`,
      `cursor=${encodeCursor('case-notes', ['1e99'])}`,
      'limit=0',
      'limit=101',
      'other=1',
    ]) {
      expect((await adminGet(t, cookie, `/api/admin/users/${customer.userId}/notes?${q}`)).statusCode).toBe(
        400,
      );
    }
  });

  it('is append-only: no route edits or deletes a note', async () => {
    const res = await addNote(customer.userId, { text: 'Keep me' });
    const note = res.json() as CaseNote;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      for (const url of [
        `/api/admin/users/${customer.userId}/notes`,
        `/api/admin/users/${customer.userId}/notes/${note.id}`,
      ]) {
        const r = await t.app.inject({
          method,
          url,
          headers: { ...JSON_HEADERS, cookie },
          payload: { text: 'changed' },
        });
        expect(r.statusCode).toBeGreaterThanOrEqual(400);
        expect(r.statusCode).toBeLessThan(500);
      }
    }
    const [row] = await t.database.db.select().from(caseNotes).where(eq(caseNotes.id, note.id));
    expect(row?.text).toBe('Keep me');
  });
});
