import { sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { PERSON_FILTER_MATCHES_MAX } from '@larkspur/contract';
import type { ReadDatabase } from '../../db/client';
import { identities, profiles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { prefixPattern } from '../../lib/keyset-cursor';

/**
 * The back office's "who" filters (issue 19, decision 0169): the audit log and the records table
 * take a person's name, email or account number, not only an id. This turns what was typed into
 * the ids of the people it names, with bounded queries on the name, email and account-number
 * indexes; the lists then filter on those ids as they did on one.
 *
 * - 11 digits: that account number; fewer digits: account numbers starting with them.
 * - with an `@`: that email, exactly.
 * - otherwise: first names or surnames starting with it; "jane do" also first name "jane…" with
 *   surname "do…" (as the customer directory's search reads names).
 *
 * More than PERSON_FILTER_MATCHES_MAX people is a 400 that asks for more of the name: a filter
 * never silently drops some of the people it names.
 */
export async function resolvePeople(db: ReadDatabase, typed: string, field: string): Promise<string[]> {
  const text = typed.trim();
  if (text.length === 0) return [];
  if (text.includes('@')) {
    const found = await db
      .select({ id: identities.id })
      .from(identities)
      .where(sql`${identities.email} = ${text.toLowerCase()}`)
      .limit(1);
    return found.map((row) => row.id);
  }
  const [first, second, ...others] = matchBranches(db, text);
  if (!first) return [];
  const matches = (second ? unionAll(first, second, ...others) : first).as('matches');
  // A union may list one person twice (first name and surname both match): distinct ids.
  const rows = await db
    .selectDistinct({ id: matches.id })
    .from(matches)
    .orderBy(matches.id)
    .limit(PERSON_FILTER_MATCHES_MAX + 1);
  if (rows.length > PERSON_FILTER_MATCHES_MAX) {
    throw new AppError('VALIDATION_FAILED', {
      field,
      message: `More than ${PERSON_FILTER_MATCHES_MAX} people match "${text.slice(0, 40)}": type more of the name, or the account number.`,
    });
  }
  return rows.map((row) => row.id);
}

function matchBranches(db: ReadDatabase, text: string) {
  const byProfile = (condition: SQL) =>
    db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(condition)
      .limit(PERSON_FILTER_MATCHES_MAX + 1);
  if (/^\d+$/.test(text)) {
    return [byProfile(sql`${profiles.accountNumber} collate "C" like ${prefixPattern(text)}`)];
  }
  const lower = text.toLowerCase();
  const firstNameLike = (pattern: string) => sql`lower(${profiles.firstName}) collate "C" like ${pattern}`;
  const surnameLike = (pattern: string) => sql`lower(${profiles.surname}) collate "C" like ${pattern}`;
  const [first, ...rest] = lower.split(/\s+/);
  const branches = [
    byProfile(firstNameLike(prefixPattern(lower))),
    byProfile(surnameLike(prefixPattern(lower))),
  ];
  if (first !== undefined && rest.length > 0) {
    const surname = prefixPattern(rest.join(' '));
    branches.push(byProfile(sql`${firstNameLike(prefixPattern(first))} and ${surnameLike(surname)}`));
  }
  return branches;
}

/** The records filter with its typed `customer` turned into `userIds`. */
export async function resolveCustomerFilter<T extends { customer?: string | undefined }>(
  db: ReadDatabase,
  query: T,
): Promise<Omit<T, 'customer'> & { userIds?: string[] }> {
  const { customer, ...rest } = query;
  if (customer === undefined) return rest;
  return { ...rest, userIds: await resolvePeople(db, customer, 'customer') };
}

/** The audit filter with its typed `actor` and `subject` turned into ids. */
export async function resolveAuditPeople<
  T extends { actor?: string | undefined; subject?: string | undefined },
>(
  db: ReadDatabase,
  query: T,
): Promise<Omit<T, 'actor' | 'subject'> & { actorIds?: string[]; subjectIds?: string[] }> {
  const { actor, subject, ...rest } = query;
  return {
    ...rest,
    ...(actor !== undefined ? { actorIds: await resolvePeople(db, actor, 'actor') } : {}),
    ...(subject !== undefined ? { subjectIds: await resolvePeople(db, subject, 'subject') } : {}),
  };
}
