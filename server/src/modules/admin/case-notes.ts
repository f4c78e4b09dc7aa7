import { and, desc, eq, lt } from 'drizzle-orm';
import type { CaseNote, CaseNotePage } from '@larkspur/contract';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { caseNotes, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditLog } from '../audit/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';

/** The cursor's tag: a notes cursor is no other list's. */
const CURSOR_TAG = 'case-notes';

export interface CaseNoteService {
  /** A customer's notes, newest first, one keyset page (by id) at a time. */
  list(userId: string, page: { cursor?: string; limit: number }): Promise<CaseNotePage>;
  /** Adds a note (already trimmed and bounded by the request schema) with its audit row. */
  add(actor: Actor, userId: string, text: string): Promise<CaseNote>;
}

/**
 * Case notes (issue 19, decision 0153). Append-only: nothing here updates or deletes a row.
 * The audit row names the note, never its text (decision 0153).
 */
export function createCaseNoteService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditLog;
}): CaseNoteService {
  const { db, clock, audit } = deps;

  async function requireCustomer(userId: string): Promise<void> {
    const rows = await db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1);
    // An admin's file is not the directory's (product §6): as unknown as a missing one.
    if (rows[0]?.role !== 'user') throw new AppError('USER_NOT_FOUND');
  }

  async function byId(id: number): Promise<CaseNote> {
    const page = await select(eq(caseNotes.id, id), 1);
    const note = page[0];
    if (!note) throw new Error(`case note ${id} vanished`);
    return note;
  }

  async function select(where: ReturnType<typeof eq>, limit: number): Promise<CaseNote[]> {
    const rows = await db
      .select({
        id: caseNotes.id,
        createdAt: caseNotes.createdAt,
        authorId: caseNotes.authorId,
        firstName: profiles.firstName,
        surname: profiles.surname,
        text: caseNotes.text,
      })
      .from(caseNotes)
      .leftJoin(profiles, eq(profiles.userId, caseNotes.authorId))
      .where(where)
      .orderBy(desc(caseNotes.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      authorId: row.authorId,
      authorName: row.firstName !== null && row.surname !== null ? `${row.firstName} ${row.surname}` : null,
      text: row.text,
    }));
  }

  return {
    async list(userId, page) {
      await requireCustomer(userId);
      const after = page.cursor ? Number(decodeCursor(page.cursor, CURSOR_TAG, ['integer'])[0]) : null;
      const condition =
        after === null
          ? eq(caseNotes.userId, userId)
          : and(eq(caseNotes.userId, userId), lt(caseNotes.id, after));
      // One more than the page, to know whether another follows.
      const rows = await select(condition as ReturnType<typeof eq>, page.limit + 1);
      const items = rows.slice(0, page.limit);
      const last = items[items.length - 1];
      return {
        items,
        nextCursor: rows.length > page.limit && last ? encodeCursor(CURSOR_TAG, [String(last.id)]) : null,
      };
    },

    async add(actor, userId, text) {
      await requireCustomer(userId);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(caseNotes)
          .values({ userId, authorId: actor.userId, text, createdAt: clock.now() })
          .returning({ id: caseNotes.id });
        if (!row) throw new Error('case note insert returned no row');
        await audit.record(tx, {
          action: 'admin.case_note',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'user',
          subjectId: userId,
          ip: actor.ip,
          details: { noteId: row.id, length: text.length },
        });
        return row.id;
      });
      return byId(id);
    },
  };
}
