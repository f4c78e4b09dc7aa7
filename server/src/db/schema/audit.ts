import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Append-only record of security events and admin actions: who, what, to whom, from where, with
 * what outcome, and for changes the before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: instant('created_at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: text('ip'),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_subject_idx').on(t.subjectId, t.createdAt.desc()),
    // The overview's "latest admin actions" among many more logins: only admin rows, newest first.
    index('audit_log_admin_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.action} like 'admin.%'`),
  ],
);
