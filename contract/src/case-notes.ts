import { z } from 'zod';
import { CURSOR_LENGTH_MAX } from './admin';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './banking';

/**
 * Case notes on a customer's file (issue 19, decision 0153): staff write what they did or learnt
 * for the next colleague. A note is only ever added, never edited or deleted.
 */

/** Longest case note, in characters after trimming: a few paragraphs, not a document. */
export const CASE_NOTE_LENGTH_MAX = 2000;
export const CASE_NOTE_EMPTY_MESSAGE = 'Write the note before adding it.';
export const CASE_NOTE_TOO_LONG_MESSAGE = `A case note can be at most ${CASE_NOTE_LENGTH_MAX} characters.`;

export const caseNoteCreateSchema = z.strictObject({
  text: z
    .string()
    // Checked before trimming too, so a megabyte of spaces is refused without being copied.
    .max(CASE_NOTE_LENGTH_MAX * 2, CASE_NOTE_TOO_LONG_MESSAGE)
    .trim()
    .min(1, CASE_NOTE_EMPTY_MESSAGE)
    .max(CASE_NOTE_LENGTH_MAX, CASE_NOTE_TOO_LONG_MESSAGE),
});
export type CaseNoteCreate = z.input<typeof caseNoteCreateSchema>;

export const caseNoteListQuerySchema = z.strictObject({
  cursor: z.string().max(CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const caseNoteSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  authorId: z.string().nullable(),
  /** "First Surname" of the staff member who wrote it. */
  authorName: z.string().nullable(),
  text: z.string(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseNotePageSchema = z.object({
  items: z.array(caseNoteSchema),
  nextCursor: z.string().nullable(),
});
export type CaseNotePage = z.infer<typeof caseNotePageSchema>;
