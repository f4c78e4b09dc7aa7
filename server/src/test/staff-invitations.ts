import { and, desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../db/schema/index';
import { JSON_HEADERS, loginAdmin, uniqueEmail } from './identity';
import type { TestApp } from './test-app';

/** A password that meets the policy, chosen by the invitee (decision 0189). */
export const INVITEE_PASSWORD = 'my own long passphrase';

/** The token of the newest invitation link queued to an address (the outbox keeps the email). */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const rows = await t.database.db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.toEmail, email.toLowerCase()), eq(outboxMessages.template, 'staff-invitation')),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const token = /\/staff-invitation#([A-Za-z0-9_-]+)/.exec(rows[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no staff invitation mailed to ${email}`);
  return token;
}

export function completeInvitation(
  t: TestApp,
  token: string,
  password = INVITEE_PASSWORD,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/staff-invitation/complete',
    headers: { ...JSON_HEADERS, ...headers },
    payload: { token, newPassword: password, confirmPassword: password },
  });
}

/**
 * An administrator invites a staff member through the Staff API and the invitee completes the
 * invitation and signs in: the way staff join the bank (decision 0189).
 */
export async function inviteStaff(
  t: TestApp,
  adminCookie: string,
  staffRole: 'operator' | 'approver' | 'administrator',
  names: { firstName?: string; surname?: string } = {},
): Promise<{ userId: string; email: string; password: string; cookie: string }> {
  const email = uniqueEmail(staffRole);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: { ...JSON_HEADERS, cookie: adminCookie },
    payload: { email, firstName: names.firstName ?? 'Ivy', surname: names.surname ?? 'Invitee', staffRole },
  });
  if (created.statusCode !== 201) throw new Error(`invite ${created.statusCode}: ${created.body}`);
  const done = await completeInvitation(t, await invitationToken(t, email));
  if (done.statusCode !== 200) throw new Error(`complete ${done.statusCode}: ${done.body}`);
  return {
    userId: (created.json() as { id: string }).id,
    email,
    password: INVITEE_PASSWORD,
    cookie: await loginAdmin(t, email, INVITEE_PASSWORD),
  };
}
