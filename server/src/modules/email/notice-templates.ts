import type { EmailTemplateName, RenderedEmail } from './transport';
import {
  bodies,
  DEBIT_COLOR,
  formatAlertDate,
  formatMoney,
  oneLine,
  type EmailBrand,
  type Row,
} from './email-layout';

// ---------------------------------------------------------------------------------------------
// Security notices (decision 0081): repeated failed sign-ins on an account, and a session ended
// after wrong passwords at a re-check. Neither says where the tries came from: the owner is told
// what happened and what to do, an attacker reading over their shoulder learns nothing new.

export const FAILED_SIGN_INS_TEMPLATE = 'failed-sign-ins-notice' satisfies EmailTemplateName;
export const PASSWORD_RECHECK_TEMPLATE = 'password-recheck-notice' satisfies EmailTemplateName;

export interface SecurityNoticeInput {
  to: string;
  now: Date;
}

function securityNotice(
  template: EmailTemplateName,
  title: string,
  before: string[],
  input: SecurityNoticeInput,
  brand: EmailBrand,
): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: ${title.toLowerCase()}`);
  const year = String(input.now.getUTCFullYear());
  const loginUrl = `${brand.publicOrigin}/login`;
  const after = [
    `If it was you, you can log in again from a browser you have used before: ${loginUrl}`,
    'If it was not you, change your password after you log in. We never ask for your password or codes by email or phone.',
  ];
  return {
    template,
    subject,
    ...bodies({ brand, title, year, paragraphsBefore: before, paragraphsAfter: after }),
    params: { to_email: input.to, subject, login_url: loginUrl, year, from_name: brand.fromName },
  };
}

export function renderFailedSignInsNotice(input: SecurityNoticeInput, brand: EmailBrand): RenderedEmail {
  return securityNotice(
    FAILED_SIGN_INS_TEMPLATE,
    'Repeated failed log-ins to your account',
    [
      `Someone has tried several times to log in to your ${brand.bankName} account with a wrong password.`,
      'Log-ins to your account from browsers you have not used before are slowed down for a while. Browsers you have logged in from before are not affected.',
    ],
    input,
    brand,
  );
}

export function renderPasswordRecheckNotice(input: SecurityNoticeInput, brand: EmailBrand): RenderedEmail {
  return securityNotice(
    PASSWORD_RECHECK_TEMPLATE,
    'You were logged out after wrong passwords',
    [
      `A signed-in session of your ${brand.bankName} account entered a wrong password several times, so we logged it out.`,
    ],
    input,
    brand,
  );
}

// Account status notice (product §8, decision 0121): the right password for a suspended or closed
// account gets the generic "Failed to log in" answer, so the owner is told why by email instead.

export const ACCOUNT_STATUS_TEMPLATE = 'account-status-notice' satisfies EmailTemplateName;

export interface AccountStatusNoticeInput extends SecurityNoticeInput {
  status: 'suspended' | 'closed';
}

export function renderAccountStatusNotice(input: AccountStatusNoticeInput, brand: EmailBrand): RenderedEmail {
  const title = `Your ${brand.bankName} account is ${input.status}`;
  const subject = oneLine(`${brand.bankName}: a log-in to your ${input.status} account was refused`);
  const year = String(input.now.getUTCFullYear());
  const loginUrl = `${brand.publicOrigin}/login`;
  const before = [
    `Someone just logged in with the right password to your ${brand.bankName} account. The account is ${input.status}, so the log-in was refused and the screen only said that it failed.`,
    input.status === 'suspended'
      ? 'While the account is suspended nobody can log in or move money. Please contact our support to have it reactivated.'
      : 'A closed account cannot be used again. Please contact our support if you think this is a mistake.',
  ];
  const after = [
    'If it was not you, someone knows your password: tell our support, and change your password once you can log in again.',
    'We never ask for your password or codes by email or phone.',
  ];
  return {
    template: ACCOUNT_STATUS_TEMPLATE,
    subject,
    ...bodies({ brand, title, year, paragraphsBefore: before, paragraphsAfter: after }),
    params: { to_email: input.to, subject, login_url: loginUrl, year, from_name: brand.fromName },
  };
}

// Returned check: a deposited check bounced and a reviewer returned it (decision 0071). Says what
// was taken back from the balance and, when the balance did not cover it, what is still owed.

export interface ReturnedCheckNoticeInput {
  to: string;
  name: string;
  checkNumber: string;
  amountCents: bigint;
  collectedCents: bigint;
  shortfallCents: bigint;
  balanceCents: bigint;
  reference: string;
  date: Date;
}

export function renderReturnedCheckNotice(input: ReturnedCheckNoticeInput, brand: EmailBrand): RenderedEmail {
  const amount = formatMoney(input.amountCents);
  const collected = formatMoney(input.collectedCents);
  const shortfall = formatMoney(input.shortfallCents);
  const balance = formatMoney(input.balanceCents);
  const date = formatAlertDate(input.date);
  const year = String(input.date.getUTCFullYear());
  const name = oneLine(input.name);
  const subject = oneLine(`${brand.bankName}: check #${input.checkNumber} for ${amount} was returned`);
  const rows: Row[] = [
    { label: 'Transaction', value: 'Debit (Returned Check)' },
    { label: 'Check returned', value: `${amount} Debit`, color: DEBIT_COLOR },
    { label: 'Taken from your balance', value: collected },
    { label: 'Still owed', value: shortfall },
    { label: 'Date', value: date },
    { label: 'Reference', value: input.reference },
    { label: 'Balance', value: balance },
  ];
  const before = [
    `Hello ${name},`,
    `The check #${input.checkNumber} you deposited for ${amount} was returned unpaid, so the deposit has been reversed.`,
    input.shortfallCents > 0n
      ? `Your balance covered ${collected} of it; ${shortfall} is still owed to ${brand.bankName}. We will contact you about repaying it.`
      : `The whole ${amount} has been taken back from your balance.`,
  ];
  const after = [
    `If you have questions about this check, contact ${brand.bankName} support: ${brand.publicOrigin}/support/contact`,
  ];
  return {
    template: 'returned-check',
    subject,
    ...bodies({
      brand,
      title: 'Returned check',
      year,
      paragraphsBefore: before,
      rows,
      paragraphsAfter: after,
    }),
    params: {
      to_email: input.to,
      subject,
      name,
      check_number: input.checkNumber,
      amount,
      collected,
      shortfall,
      balance,
      reference: input.reference,
      date,
      year,
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-in from a new device (issue 17, decision 0142): a customer signed in from a browser that
// carried no device cookie trusted for them. It names the browser, the coarse place and the time,
// never the address, and points to the security page where that session can be signed out.

export const NEW_DEVICE_TEMPLATE = 'new-device-notice' satisfies EmailTemplateName;

export interface NewDeviceNoticeInput {
  to: string;
  now: Date;
  /** "Chrome on macOS". */
  device: string;
  /** "United Kingdom", "your local network", or null when unknown. */
  place: string | null;
}

export function renderNewDeviceNotice(input: NewDeviceNoticeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: new sign-in from ${input.device}`);
  const year = String(input.now.getUTCFullYear());
  const when = formatAlertDate(input.now);
  const securityUrl = `${brand.publicOrigin}/user/dashboard/security`;
  const place = input.place ?? 'Unknown';
  const rows: Row[] = [
    { label: 'Device', value: input.device },
    { label: 'Place', value: place },
    { label: 'When', value: when },
  ];
  const before = [
    `Your ${brand.bankName} account was just signed in to from a browser it has not been used from before.`,
  ];
  const after = [
    `If it was you, you need not do anything.`,
    `If it was not you, open Security in online banking, sign that device out and change your password: ${securityUrl}`,
    'We never ask for your password or codes by email or phone.',
  ];
  return {
    template: NEW_DEVICE_TEMPLATE,
    subject,
    ...bodies({
      brand,
      title: 'New sign-in to your account',
      year,
      paragraphsBefore: before,
      rows,
      paragraphsAfter: after,
    }),
    params: {
      to_email: input.to,
      subject,
      device: input.device,
      place,
      date: when,
      security_url: securityUrl,
      year,
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Passkey notices (issue 17, decision 0136): a passkey added to or removed from the account. The
// owner who did it can ignore it; anyone else learns at once that someone is in their account.

export const PASSKEY_ADDED_TEMPLATE = 'passkey-added-notice' satisfies EmailTemplateName;
export const PASSKEY_REMOVED_TEMPLATE = 'passkey-removed-notice' satisfies EmailTemplateName;

export interface PasskeyNoticeInput extends SecurityNoticeInput {
  passkeyName: string;
}

function passkeyNotice(
  template: EmailTemplateName,
  title: string,
  what: string,
  input: PasskeyNoticeInput,
  brand: EmailBrand,
): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: ${title.toLowerCase()}`);
  const year = String(input.now.getUTCFullYear());
  const securityUrl = `${brand.publicOrigin}/user/dashboard/security`;
  const when = formatAlertDate(input.now);
  return {
    template,
    subject,
    ...bodies({
      brand,
      title,
      year,
      paragraphsBefore: [`${what} "${oneLine(input.passkeyName)}" on ${when}.`],
      paragraphsAfter: [
        `If it was you, there is nothing to do. You can see your passkeys at ${securityUrl}`,
        'If it was not you, log in, remove any passkey you do not recognise and change your password, then call us. We never ask for your password or codes by email or phone.',
      ],
    }),
    params: { to_email: input.to, subject, security_url: securityUrl, year, from_name: brand.fromName },
  };
}

export function renderPasskeyAddedNotice(input: PasskeyNoticeInput, brand: EmailBrand): RenderedEmail {
  return passkeyNotice(
    PASSKEY_ADDED_TEMPLATE,
    'A passkey was added to your account',
    `A passkey was added to your ${brand.bankName} account:`,
    input,
    brand,
  );
}

export function renderPasskeyRemovedNotice(input: PasskeyNoticeInput, brand: EmailBrand): RenderedEmail {
  return passkeyNotice(
    PASSKEY_REMOVED_TEMPLATE,
    'A passkey was removed from your account',
    `A passkey was removed from your ${brand.bankName} account:`,
    input,
    brand,
  );
}

// ---------------------------------------------------------------------------------------------
// Record correction (issue 19, decision 0154): staff corrected the amount of one of the customer's
// records, so their balance moved by the difference. Names the record, before and after, the
// new balance and, for one leg of a transfer, the other party — whose balance this did not change.

export const RECORD_CORRECTION_TEMPLATE = 'record-correction-notice' satisfies EmailTemplateName;

export interface RecordCorrectionNoticeInput {
  to: string;
  name: string;
  reference: string;
  recordType: string;
  beforeCents: bigint;
  afterCents: bigint;
  balanceCents: bigint;
  /** The other customer of a transfer this record is one leg of, when it is. */
  counterpartName: string | null;
  date: Date;
}

export function renderRecordCorrectionNotice(
  input: RecordCorrectionNoticeInput,
  brand: EmailBrand,
): RenderedEmail {
  const before = formatMoney(input.beforeCents);
  const after = formatMoney(input.afterCents);
  const balance = formatMoney(input.balanceCents);
  const date = formatAlertDate(input.date);
  const year = String(input.date.getUTCFullYear());
  const name = oneLine(input.name);
  const reference = oneLine(input.reference);
  const counterpart = input.counterpartName === null ? null : oneLine(input.counterpartName);
  const subject = oneLine(`${brand.bankName}: we corrected record ${reference}`);
  const rows: Row[] = [
    { label: 'Record', value: `${oneLine(input.recordType)} ${reference}` },
    { label: 'Amount before', value: before },
    { label: 'Amount now', value: after },
    { label: 'Date of the correction', value: date },
    { label: 'Balance', value: balance },
  ];
  const paragraphsBefore = [
    `Hello ${name},`,
    `Our staff corrected the amount of your record ${reference} from ${before} to ${after}. Your balance moved by the difference and is now ${balance}.`,
    ...(counterpart === null
      ? []
      : [
          `This record is your side of a transfer with ${counterpart}. Both sides of the transfer were corrected to the same amount.`,
        ]),
  ];
  const paragraphsAfter = [
    `If you did not expect this correction, contact ${brand.bankName} support: ${brand.publicOrigin}/support/contact`,
  ];
  return {
    template: RECORD_CORRECTION_TEMPLATE,
    subject,
    ...bodies({ brand, title: 'Record corrected', year, paragraphsBefore, rows, paragraphsAfter }),
    params: {
      to_email: input.to,
      subject,
      name,
      reference,
      amount_before: before,
      amount_after: after,
      balance,
      counterpart: counterpart ?? '',
      date,
      year,
      from_name: brand.fromName,
    },
  };
}
