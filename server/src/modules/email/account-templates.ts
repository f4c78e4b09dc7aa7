import { PASSKEY_RESET_REMOVAL_WINDOW_HOURS } from '@larkspur/contract';
import type { EmailTemplateName, RenderedEmail } from './transport';
import { bodies, formatAlertDate, oneLine, type EmailBrand } from './email-layout';
import { renderVerificationCode } from './code-templates';

/**
 * The emails of getting back in and of security alerts (issue 17, decisions 0130–0134): the welcome
 * mail, the account-number reminder, the reset and email-change codes, and the alerts that a
 * password, email address or phone number changed. None of them carries a secret other than the
 * code a code email exists for; none says where a change came from beyond "you" or "our staff".
 */

export const WELCOME_TEMPLATE = 'welcome' satisfies EmailTemplateName;
export const ACCOUNT_NUMBER_REMINDER_TEMPLATE = 'account-number-reminder' satisfies EmailTemplateName;
export const PASSWORD_CHANGED_TEMPLATE = 'password-changed-alert' satisfies EmailTemplateName;
export const CONTACT_CHANGED_TEMPLATE = 'contact-changed-alert' satisfies EmailTemplateName;

interface Base {
  to: string;
  now: Date;
}

const year = (now: Date) => String(now.getUTCFullYear());
const NEVER_ASK = 'We never ask for your password or codes by email, phone or chat.';

function securityAlert(
  template: RenderedEmail['template'],
  input: Base,
  brand: EmailBrand,
  parts: { title: string; before: string[]; after: string[] },
): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: ${parts.title.toLowerCase()}`);
  const loginUrl = `${brand.publicOrigin}/login`;
  return {
    template,
    subject,
    ...bodies({
      brand,
      title: parts.title,
      year: year(input.now),
      paragraphsBefore: parts.before,
      rows: [{ label: 'When', value: formatAlertDate(input.now) }],
      paragraphsAfter: parts.after,
    }),
    params: {
      to_email: input.to,
      subject,
      login_url: loginUrl,
      year: year(input.now),
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Welcome (sign-up): the account number and how to log in with it.

export interface WelcomeInput extends Base {
  firstName: string;
  accountNumber: string;
}

export function renderWelcome(input: WelcomeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`Welcome to ${brand.bankName}: your account number`);
  const loginUrl = `${brand.publicOrigin}/login`;
  return {
    template: WELCOME_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: `Welcome to ${brand.bankName}`,
      year: year(input.now),
      paragraphsBefore: [
        `Hello ${oneLine(input.firstName)}, your ${brand.bankName} account is open. Your account number is:`,
      ],
      highlight: input.accountNumber,
      paragraphsAfter: [
        `To log in, go to ${loginUrl} and enter this account number (not your email address) and the password you chose.`,
        'Keep this number: you need it to log in and to receive money. If you forget it, choose "Forgot your account number?" on the log-in page and we will email it to this address.',
        NEVER_ASK,
      ],
    }),
    params: {
      to_email: input.to,
      subject,
      name: input.firstName,
      account_number: input.accountNumber,
      login_url: loginUrl,
      year: year(input.now),
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Account-number reminder (forgot account number).

export function renderAccountNumberReminder(input: WelcomeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: your account number`);
  const loginUrl = `${brand.publicOrigin}/login`;
  return {
    template: ACCOUNT_NUMBER_REMINDER_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: 'Your account number',
      year: year(input.now),
      paragraphsBefore: [
        `Hello ${oneLine(input.firstName)}, someone (we hope you) asked for the account number of the ${brand.bankName} account that uses this email address. It is:`,
      ],
      highlight: input.accountNumber,
      paragraphsAfter: [
        `Log in with it and your password at ${loginUrl}. Forgot the password too? Choose "Forgot your password?" there.`,
        'If you did not ask for this, you need not do anything: an account number alone does not let anyone log in.',
        NEVER_ASK,
      ],
    }),
    params: {
      to_email: input.to,
      subject,
      name: input.firstName,
      account_number: input.accountNumber,
      login_url: loginUrl,
      year: year(input.now),
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Codes: the product §7 subject ("Your {brand} Verification Code: {code}") with what they are for.

export function renderPasswordResetCode(
  input: Base & { code: string; validForMinutes: number; byStaff: boolean },
  brand: EmailBrand,
): RenderedEmail {
  return renderVerificationCode(
    {
      ...input,
      purposeLine: input.byStaff
        ? `Our customer service sent you this code, as you asked, to choose a new password for your ${brand.bankName} account. Enter it on the "Forgot your password?" page (${brand.publicOrigin}/forgot-password):`
        : `Use this code to choose a new password for your ${brand.bankName} account:`,
      ifNotAsked:
        'If you did not ask to reset your password, ignore this email: your password has not changed.',
    },
    brand,
  );
}

export function renderEmailChangeCode(
  input: Base & { code: string; validForMinutes: number },
  brand: EmailBrand,
): RenderedEmail {
  // One anti-phishing message (issue 28 item 12): this is the one code a customer reads to staff,
  // and only on a call they made about their email address; every other code is never asked for.
  return renderVerificationCode(
    {
      ...input,
      purposeLine: `You asked our customer service to change the email address of your ${brand.bankName} account to this one. To confirm it, read this code to the ${brand.bankName} staff member on the call you made to us:`,
      closingLine: `This is the only code we ever ask you to read to us, and only on a call about your email address that you made to us. We never ask for a code that resets your password, signs you in or approves a payment. If you are not on such a call, give this code to no one and ignore this email.`,
    },
    brand,
  );
}

// ---------------------------------------------------------------------------------------------
// The staff-help email change waiting for a second member of staff, and stopped (decision 0182).

export const EMAIL_CHANGE_PENDING_TEMPLATE = 'email-change-pending-notice' satisfies EmailTemplateName;
export const EMAIL_CHANGE_STOPPED_TEMPLATE = 'email-change-stopped-notice' satisfies EmailTemplateName;

/** Where the link mailed to the old address leads: the token rides in the fragment (never logged). */
export const emailChangeStopUrl = (brand: EmailBrand, token: string) =>
  `${brand.publicOrigin}/email-change/stop#token=${token}`;

export function renderEmailChangePendingNotice(
  input: Base & { newValueMasked: string; stopUrl: string; coolingOffHours: number },
  brand: EmailBrand,
): RenderedEmail {
  return securityAlert(EMAIL_CHANGE_PENDING_TEMPLATE, input, brand, {
    title: 'A change of your email address was requested',
    before: [
      `Our customer service was asked to change the email address of your ${brand.bankName} account to ${input.newValueMasked}. A second member of our staff must approve it before it takes effect.`,
      `If this was not you, stop it now: ${input.stopUrl}`,
      `The same link stays valid for ${input.coolingOffHours} hours after an approved change, and puts your address back.`,
    ],
    after: ['If this was you, you need not do anything.', NEVER_ASK],
  });
}

export function renderEmailChangeStoppedNotice(
  input: Base & { outcome: 'cancelled' | 'reverted' },
  brand: EmailBrand,
): RenderedEmail {
  return securityAlert(EMAIL_CHANGE_STOPPED_TEMPLATE, input, brand, {
    title: 'The change of your email address was stopped',
    before: [
      input.outcome === 'cancelled'
        ? `The requested change of your ${brand.bankName} account's email address was stopped. It never took effect: this is still your address.`
        : `Your ${brand.bankName} account's email address is this one again. Every device that was logged in has been logged out.`,
    ],
    after: [
      `If you did not ask for the change, call our support, and choose a new password at ${brand.publicOrigin}/forgot-password if you think someone knows yours.`,
      NEVER_ASK,
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Security alerts.

export type PasswordChangedHow = 'reset' | 'profile';

export function renderPasswordChangedAlert(
  input: Base & {
    how: PasswordChangedHow;
    /** Passkeys the reset removed: added within PASSKEY_RESET_REMOVAL_WINDOW_HOURS (decision 0186). */
    removedPasskeys?: readonly string[];
  },
  brand: EmailBrand,
): RenderedEmail {
  const removed = input.removedPasskeys ?? [];
  const removedLine =
    removed.length === 0
      ? []
      : [
          `To keep anyone who was in your account out, we also removed the ${removed.length === 1 ? 'passkey' : `${removed.length} passkeys`} added in the last ${PASSKEY_RESET_REMOVAL_WINDOW_HOURS / 24} days: ${removed.map((name) => `"${oneLine(name)}"`).join(', ')}. If one was yours, add it again from the Security page.`,
        ];
  return securityAlert(PASSWORD_CHANGED_TEMPLATE, input, brand, {
    title: 'Your password was changed',
    before: [
      input.how === 'reset'
        ? `The password of your ${brand.bankName} account was just reset with a code sent to this address.`
        : `The password of your ${brand.bankName} account was just changed from your profile.`,
      input.how === 'reset'
        ? 'Every device that was logged in has been logged out.'
        : 'Every other device that was logged in has been logged out.',
      ...removedLine,
    ],
    after: [
      'If this was you, you need not do anything.',
      `If it was not you, someone may have access to your email or your password: reset your password at ${brand.publicOrigin}/forgot-password and call our support straight away.`,
      NEVER_ASK,
    ],
  });
}

export type ContactField = 'email' | 'phone';

export function renderContactChangedAlert(
  input: Base & {
    field: ContactField;
    /** The new value, masked (an address or number the reader may not own is never shown whole). */
    newValueMasked: string;
    byStaff: boolean;
    /** True for the mail to the old address after an email change: it will get no more mail. */
    toOldAddress?: boolean;
    /** For the old address after a staff-help change: the link that undoes it, and until when. */
    stop?: { url: string; until: Date };
  },
  brand: EmailBrand,
): RenderedEmail {
  const what = input.field === 'email' ? 'email address' : 'phone number';
  const who = input.byStaff ? 'by our customer service' : 'from your profile';
  const before = [
    `The ${what} of your ${brand.bankName} account was just changed ${who}, to ${input.newValueMasked}.`,
  ];
  if (input.toOldAddress) {
    before.push(
      'We are writing to this old address too, so you hear of the change. From now on, emails about your account go to the new address.',
    );
  }
  if (input.stop) {
    before.push(
      `If this was not you, undo it with this link before ${formatAlertDate(input.stop.until)}: ${input.stop.url} — until then, no password-reset or payment code goes to the new address.`,
    );
  }
  return securityAlert(CONTACT_CHANGED_TEMPLATE, input, brand, {
    title: `Your ${what} was changed`,
    before,
    after: [
      'If this was you, you need not do anything.',
      'If it was not you, call our support straight away: someone may be trying to take over your account.',
      NEVER_ASK,
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Money alerts paused (issue 27, decision 0194): one address got the hour's bound of money alerts.

export const MONEY_ALERTS_PAUSED_TEMPLATE = 'money-alerts-paused-notice' satisfies EmailTemplateName;

export function renderMoneyAlertsPausedNotice(
  input: Base & { alertsSent: number; resumesAt: Date },
  brand: EmailBrand,
): RenderedEmail {
  return securityAlert(MONEY_ALERTS_PAUSED_TEMPLATE, input, brand, {
    title: 'More activity on your account',
    before: [
      `There has been a lot of money moving on your ${brand.bankName} account: we have emailed you ${input.alertsSent} payment alerts in the last hour.`,
      `So that your inbox stays usable, we will not email further payment alerts until ${formatAlertDate(input.resumesAt)}. Every payment is still on your account: log in to see your transactions.`,
    ],
    after: ['If you do not recognise these payments, call our support straight away.', NEVER_ASK],
  });
}

/** "jane.doe@example.com" → "j•••e@example.com"; short local parts keep only their first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  const masked =
    local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0] ?? ''}•••${local[local.length - 1] ?? ''}`;
  return `${masked}${email.slice(at)}`;
}

/** "+1 415 555 0142" → "ending 0142". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `a number ending ${digits.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Staff invitation (issue 27, decision 0189): the single-use link a new staff member opens to
// choose their own password. The token is in the link's fragment (#…), which browsers never send
// to a server, so it stays out of access logs and Referer headers.

export const STAFF_INVITATION_TEMPLATE = 'staff-invitation' satisfies EmailTemplateName;

export function renderStaffInvitation(
  input: Base & { firstName: string; token: string; validForHours: number },
  brand: EmailBrand,
): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: activate your staff account`);
  const link = `${brand.publicOrigin}/staff-invitation#${input.token}`;
  return {
    template: STAFF_INVITATION_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: 'Activate your staff account',
      year: year(input.now),
      paragraphsBefore: [
        `Hello ${oneLine(input.firstName)}, an administrator at ${brand.bankName} has added you to the back office. To activate your account, open this link and choose your own password:`,
      ],
      highlight: link,
      paragraphsAfter: [
        `The link works once and for ${input.validForHours} hours. Nobody else knows the password you choose, not even the administrator who invited you. Afterwards, sign in at ${brand.publicOrigin}/admin/login with this email address, your password and a code we email you.`,
        'If you were not expecting this, ignore this email: the account stays inactive.',
        NEVER_ASK,
      ],
    }),
    params: {
      to_email: input.to,
      subject,
      name: input.firstName,
      invitation_url: link,
      year: year(input.now),
      from_name: brand.fromName,
    },
  };
}
