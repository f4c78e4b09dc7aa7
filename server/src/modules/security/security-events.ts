import type { SecurityEventKind } from '@larkspur/contract';

/**
 * Which audit rows are a customer's security events, and their plain words (decision 0143).
 *
 * A row is the customer's when it is about them (`subject_type = 'user'` and `subject_id` = them:
 * sign-ins, failures against their account, password changes) or done by them as a customer
 * (`actor_id` = them, `actor_role = 'user'`: card freezes, payees). Of those, only actions under the
 * prefixes below are shown: loans, for instance, are not security events.
 *
 * Actions other modules add later (passkeys, payees, recovery, step-up) are matched by their words
 * where the names say what happened (added/removed, login, email, reset), and otherwise shown as
 * "Security activity on your account": a new kind of event appears at once, in honest if general
 * words, and gets its own words by adding a line here.
 */
export const SECURITY_ACTION_PREFIXES = [
  'auth.',
  'session.',
  'profile.',
  'card.',
  'passkey',
  'payee',
  'security.',
  'recovery.',
  'password.',
  'step_up',
  'stepup',
] as const;

/** Staff actions about a customer that the customer sees (without the staff's reason). */
export const STAFF_ACTIONS_SHOWN = [
  'admin.user_update',
  'admin.password_reset_sent',
  'admin.sign_in_unlock',
  'admin.email_change',
  'admin.email_change.requested',
  'admin.email_change.rejected',
] as const;

/** Staff sign-in steps: never a customer's (a customer has no such rows), and noise if ever. */
export const ACTIONS_NEVER_SHOWN = [
  'auth.admin_login',
  'auth.admin_login.code_sent',
  'auth.admin_verify',
] as const;

export interface AuditRowForEvent {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  actorRole: string | null;
  details: Record<string, unknown> | null;
}

export interface EventWords {
  kind: SecurityEventKind;
  title: string;
  detail: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 120) : null;

function cardDetail(details: Record<string, unknown> | null): string | null {
  const last4 = details?.last4;
  return typeof last4 === 'string' && /^\d{4}$/.test(last4) ? `Card ending ${last4}` : null;
}

const CONTACT_FIELD_WORDS: Record<string, string> = {
  phone: 'phone',
  address: 'address',
  zipCode: 'ZIP code',
  country: 'country',
  maritalStatus: 'marital status',
  occupation: 'occupation',
  email: 'email address',
  firstName: 'first name',
  surname: 'surname',
  dob: 'date of birth',
};

/** "Phone and address" from a change's `after` keys (never the values). */
function changedFields(details: Record<string, unknown> | null): string | null {
  const after = details?.after;
  if (!after || typeof after !== 'object') return null;
  const words = Object.keys(after)
    .map((key) => CONTACT_FIELD_WORDS[key])
    .filter((word): word is string => word !== undefined);
  if (words.length === 0) return null;
  const list =
    words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
  return list.charAt(0).toUpperCase() + list.slice(1);
}

function countDetail(details: Record<string, unknown> | null): string | null {
  const n = details?.count;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return null;
  return n === 1 ? '1 device' : `${n} devices`;
}

const SIGNED_OUT_AFTER_WRONG_PASSWORDS: EventWords = {
  kind: 'session-ended',
  title: 'Signed out after several wrong passwords',
  detail: null,
};

/** The words for one audit row the query chose (see the rules above). */
export function describeAuditRow(row: AuditRowForEvent): EventWords {
  const { action, outcome, details } = row;
  const device = text(details?.device);
  switch (action) {
    case 'auth.login':
      if (outcome === 'success')
        return {
          kind: 'sign-in',
          title: details?.method === 'passkey' ? 'Signed in with a passkey' : 'Signed in',
          detail: device,
        };
      if (outcome === 'denied') {
        return { kind: 'sign-in-refused', title: 'Sign-in refused: the account is not active', detail: null };
      }
      return { kind: 'sign-in-failed', title: 'Failed sign-in attempt', detail: null };
    case 'auth.lockout':
      return {
        kind: 'sign-in-slowed',
        title: 'Sign-ins from new browsers slowed down after failed attempts',
        detail: null,
      };
    case 'auth.logout':
      return { kind: 'signed-out', title: 'Signed out', detail: null };
    case 'session.revoke':
      return { kind: 'session-ended', title: 'Signed out a device', detail: device };
    case 'session.revoke_others':
      return {
        kind: 'other-sessions-ended',
        title: 'Signed out all other devices',
        detail: countDetail(details),
      };
    case 'auth.signup':
      return { kind: 'signed-up', title: 'Account opened', detail: null };
    case 'auth.password_change':
      if (outcome === 'success') return { kind: 'password-changed', title: 'Password changed', detail: null };
      if (outcome === 'denied') return SIGNED_OUT_AFTER_WRONG_PASSWORDS;
      return {
        kind: 'password-change-failed',
        title: 'Password not changed: the current password was wrong',
        detail: null,
      };
    case 'profile.update':
      return { kind: 'contact-changed', title: 'Contact details changed', detail: changedFields(details) };
    case 'admin.user_update':
      return {
        kind: 'contact-changed',
        title: 'Your details were updated by the bank',
        detail: changedFields(details),
      };
    case 'auth.password_reset':
      return outcome === 'success'
        ? { kind: 'password-reset', title: 'Password reset with an emailed code', detail: null }
        : { kind: 'other', title: 'Password reset refused: the code was wrong or expired', detail: null };
    case 'auth.password_reset.requested':
      return { kind: 'other', title: 'Password reset code requested', detail: null };
    case 'auth.account_number.requested':
      return { kind: 'other', title: 'Account number reminder requested', detail: null };
    case 'admin.password_reset_sent':
      return { kind: 'other', title: 'The bank sent you a password reset code', detail: null };
    case 'admin.sign_in_unlock':
      return { kind: 'other', title: 'The bank unlocked your sign-in', detail: null };
    case 'admin.email_change':
      return outcome === 'success'
        ? { kind: 'email-changed', title: 'Your email address was changed by the bank', detail: null }
        : { kind: 'other', title: 'An email change by the bank was refused', detail: null };
    // The stages of a staff-help email change (decision 0182): the customer sees it asked for, and
    // how it ended; a stopped change never reads as a changed address.
    case 'admin.email_change.requested':
      return {
        kind: 'other',
        title: 'The bank asked to change your email address',
        detail: 'A second member of staff must approve it; the link we emailed you stops it',
      };
    case 'admin.email_change.rejected':
      return {
        kind: 'other',
        title: 'A change of your email address was cancelled by the bank',
        detail: null,
      };
    case 'auth.email_change.stopped':
      return details?.outcome === 'reverted'
        ? { kind: 'email-changed', title: 'You put your email address back', detail: null }
        : { kind: 'other', title: 'You stopped a change of your email address', detail: null };
    case 'card.freeze':
      return { kind: 'card-frozen', title: 'Card frozen', detail: cardDetail(details) };
    case 'card.unfreeze':
      if (outcome === 'success')
        return { kind: 'card-unfrozen', title: 'Card unfrozen', detail: cardDetail(details) };
      if (outcome === 'denied') return SIGNED_OUT_AFTER_WRONG_PASSWORDS;
      return { kind: 'card-unfreeze-failed', title: 'Card not unfrozen: wrong password', detail: null };
  }
  return describeByName(row, device);
}

/** Actions this file does not list by name: recognised by their words, else generic. */
function describeByName(row: AuditRowForEvent, device: string | null): EventWords {
  const name = row.action.toLowerCase();
  const failed = row.outcome !== 'success';
  if (name.startsWith('passkey')) {
    if (/(add|regist|creat)/.test(name) && !failed)
      return { kind: 'passkey-added', title: 'Passkey added', detail: null };
    if (/(remov|delet|revok)/.test(name) && !failed) {
      return { kind: 'passkey-removed', title: 'Passkey removed', detail: null };
    }
    if (/(login|sign_?in|verify)/.test(name)) {
      return failed
        ? { kind: 'sign-in-failed', title: 'Failed passkey sign-in', detail: null }
        : { kind: 'sign-in', title: 'Signed in with a passkey', detail: device };
    }
  }
  if (name.startsWith('payee')) {
    if (/(add|creat)/.test(name) && !failed)
      return { kind: 'payee-added', title: 'New payee added', detail: null };
    if (/(remov|delet)/.test(name) && !failed)
      return { kind: 'payee-removed', title: 'Payee removed', detail: null };
    // A changed payee is how a stolen session redirects a trusted name (decision 0157).
    if (/(updat|chang|edit)/.test(name) && !failed)
      return { kind: 'payee-changed', title: 'Payee details changed', detail: null };
  }
  if (name.startsWith('auth.') && /(login|sign_?in)/.test(name) && !name.includes('admin')) {
    return failed
      ? { kind: 'sign-in-failed', title: 'Failed sign-in attempt', detail: null }
      : { kind: 'sign-in', title: 'Signed in', detail: device };
  }
  if (name.includes('email') && /(change|update|confirm)/.test(name) && !failed) {
    return { kind: 'email-changed', title: 'Email address changed', detail: null };
  }
  if (name.includes('reset') && name.includes('password') && !failed && !name.includes('code')) {
    return { kind: 'password-reset', title: 'Password reset', detail: null };
  }
  if (name.startsWith('step_up') || name.startsWith('stepup')) {
    return {
      kind: 'step-up',
      title: failed ? 'Extra check for a payment failed' : 'Extra check for a payment passed',
      detail: null,
    };
  }
  return {
    kind: 'other',
    title: failed ? 'Refused security activity on your account' : 'Security activity on your account',
    detail: null,
  };
}
