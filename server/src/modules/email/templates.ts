import { displayRate, formatCents } from '@larkspur/contract';
import type { EmailTemplateName, RenderedEmail } from './transport';
import { required, requiredDate } from '../../lib/required';

/**
 * Every email the bank sends, each rendered from one source as HTML and plain text. Values that
 * came from people (names, counterparties, currency symbols) are escaped in the HTML; headers are
 * kept to one line. HTML mail needs inline styles (mail clients drop style sheets), so these
 * documents are never served under the app's own CSP (the dev mailbox sandboxes them).
 */

/** Who the email is from, and where customers find the bank. */
export interface EmailBrand {
  bankName: string;
  /** Display name of the sender (product §3 `from_name`). */
  fromName: string;
  /** For links back to the bank, e.g. "https://bank.example". */
  publicOrigin: string;
}

export const DEFAULT_CURRENCY_SYMBOL = '$';
/** product §3 `amount_color`: green for money in, red for money out (AA contrast on white). */
export const CREDIT_COLOR = '#15803d';
export const DEBIT_COLOR = '#b91c1c';
/** One zone for every date in a mail, named in the text, so no reader has to guess. */
const ALERT_TIME_ZONE = 'UTC';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: ALERT_TIME_ZONE,
});

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Headers are one line: a line break in a name must never start a new header. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();
}

/** 123456n, '$' → "$1,234.56"; -5n → "-$0.05". Integer cents in, never a float on the way. */
export function formatMoney(cents: bigint, currencySymbol: string = DEFAULT_CURRENCY_SYMBOL): string {
  const plain = formatCents(cents);
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${currencySymbol}${grouped}.${fraction}`;
}

/**
 * A foreign amount for an alert: its currency's symbol and at least the spec's two decimals
 * ("110.78", '€' → "€110.78"; "15000", '¥' → "¥15,000.00"; "1.235", 'KWD' → "KWD 1.235"). From the
 * record's exact wire string, never a float.
 */
export function formatForeignAlertAmount(amount: string, currencySymbol: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const separator = /[A-Za-z]$/.test(currencySymbol) ? ' ' : '';
  return `${currencySymbol}${separator}${grouped}.${fraction.padEnd(2, '0')}`;
}

export function formatAlertDate(date: Date): string {
  // Some ICU versions put a narrow no-break space before AM/PM; plain text wants a plain space.
  return `${dateFormat.format(date).replace(/[\u202f\u00a0]/g, ' ')} ${ALERT_TIME_ZONE}`;
}

export interface Row {
  label: string;
  value: string;
  /** Inline colour for the value (the amount); the value's words must carry the meaning too. */
  color?: string;
}

function htmlDocument(options: {
  brand: EmailBrand;
  title: string;
  year: string;
  paragraphsBefore: string[];
  rows?: Row[];
  highlight?: string;
  paragraphsAfter: string[];
}): string {
  const { brand } = options;
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(text)}</p>`;
  const rows = (options.rows ?? [])
    .map(
      (row) =>
        `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;font-weight:600;color:#4b5563;font-size:14px">${escapeHtml(row.label)}</th>` +
        `<td style="padding:6px 0;font-size:14px;color:${row.color ?? '#111827'}${row.color ? ';font-weight:700' : ''}">${escapeHtml(row.value)}</td></tr>`,
    )
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:20px 24px;background:#312e81;color:#ffffff;font-size:18px;font-weight:700;border-radius:8px 8px 0 0">${escapeHtml(brand.bankName)}</td></tr>`,
    '<tr><td style="padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:20px;color:#111827">${escapeHtml(options.title)}</h1>`,
    ...options.paragraphsBefore.map(p),
    options.highlight === undefined
      ? ''
      : `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:6px;color:#111827">${escapeHtml(options.highlight)}</p>`,
    rows === ''
      ? ''
      : `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${rows}</table>`,
    ...options.paragraphsAfter.map(p),
    '</td></tr>',
    `<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">&copy; ${escapeHtml(options.year)} ${escapeHtml(brand.bankName)}. This is an automated message; please do not reply.</td></tr>`,
    '</table></body></html>',
  ].join('\n');
}

function textDocument(options: {
  brand: EmailBrand;
  year: string;
  paragraphsBefore: string[];
  rows?: Row[];
  highlight?: string;
  paragraphsAfter: string[];
}): string {
  const lines = [...options.paragraphsBefore.flatMap((p) => [p, ''])];
  if (options.highlight !== undefined) lines.push(`    ${options.highlight}`, '');
  if (options.rows?.length) {
    lines.push(...options.rows.map((row) => `${row.label}: ${row.value}`), '');
  }
  lines.push(...options.paragraphsAfter.flatMap((p) => [p, '']));
  lines.push(
    '--',
    `© ${options.year} ${options.brand.bankName}. This is an automated message; please do not reply.`,
  );
  return lines.join('\n');
}

/** The parts of one email, rendered once as HTML and once as plain text. */
export interface DocumentParts {
  brand: EmailBrand;
  title: string;
  year: string;
  paragraphsBefore: string[];
  rows?: Row[];
  highlight?: string;
  paragraphsAfter: string[];
}

export function bodies(parts: DocumentParts): { html: string; text: string } {
  return { html: htmlDocument(parts), text: textDocument(parts) };
}

// ---------------------------------------------------------------------------------------------
// Money alert (product §3 and §7): one template for every credit and debit.

export interface MoneyAlertInput {
  to: string;
  /** The customer's name as it should greet them. */
  name: string;
  direction: 'credit' | 'debit';
  /** The record's type as the customer knows it: "Deposit", "Withdrawal", "International Transfer" … */
  transactionType: string;
  amountCents: bigint;
  /** From the transfer's international details; the dollar sign when absent (product §9). */
  currencySymbol?: string | null;
  /**
   * An international transfer's conversion (issue 18): the amount in the recipient's currency
   * (the alert's amount, with `currencySymbol`) and the posted rate; `amountCents` is then the
   * dollars that moved, stated beside it. Absent or without a foreign amount: a dollar alert.
   */
  international?: { foreignAmount: string | null; currency: string; usdPerUnit: string | null } | null;
  date: Date;
  /** The transaction id, e.g. "TRF1768478400000A1B2". */
  reference: string;
  /** The other party: recipient of a debit, sender of a credit. */
  counterparty: string;
  /** The account's balance after the movement. */
  balanceCents: bigint;
  /**
   * Issue 28 (decision 0198): what of that balance is on hold (deposited checks not yet cleared),
   * and the day the last of it is available. The alert states the available balance, and the
   * current one beside it when they differ.
   */
  held?: { cents: bigint; until: Date | null } | null;
}

const holdDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: ALERT_TIME_ZONE });

/** The money alert's fields (product §3), all strings: what the hosted API gets, and what the body is rendered from. */
// A type, not an interface: it must be assignable to `Record<string, string>` (the outbox's params).
export type MoneyAlertParams = {
  to_email: string;
  subject: string;
  name: string;
  transaction_type: string;
  amount: string;
  date: string;
  reference: string;
  counterparty: string;
  balance: string;
  amount_color: string;
  year: string;
  from_name: string;
  /** International only (issue 18): the dollars debited or credited, e.g. "$120.00". */
  usd_amount?: string;
  /** International only: the posted rate used, e.g. "1 EUR = 1.0832 USD". */
  exchange_rate?: string;
  /** With money on hold only (decision 0198): the balance including it; `balance` is what is available. */
  current_balance?: string;
  /** With money on hold only: how much, e.g. "$250.10". */
  on_hold?: string;
  /** With money on hold only: the day the last of it is available, e.g. "Jan 26, 2026". */
  held_until?: string;
};

export function moneyAlertParams(input: MoneyAlertInput, brand: EmailBrand): MoneyAlertParams {
  const isCredit = input.direction === 'credit';
  const kind = isCredit ? 'Credit' : 'Debit';
  const symbol = input.currencySymbol?.trim() || DEFAULT_CURRENCY_SYMBOL;
  const foreign = input.international?.foreignAmount ? input.international : null;
  // product §9: the amount carries the international details' symbol. Since issue 18 that is the
  // amount in that currency; the dollars that moved are stated beside it, never under its symbol.
  const amount = foreign?.foreignAmount
    ? formatForeignAlertAmount(foreign.foreignAmount, symbol)
    : formatMoney(input.amountCents, symbol);
  const subject = oneLine(`${brand.bankName} ${kind} Alert: ${amount} ${input.transactionType}`);
  const conversion = foreign
    ? {
        usd_amount: formatMoney(input.amountCents),
        ...(foreign.usdPerUnit
          ? { exchange_rate: `1 ${foreign.currency} = ${displayRate(foreign.usdPerUnit)} USD` }
          : {}),
      }
    : {};
  // `balance` is what can be spent (decision 0198); the current balance only beside it, with the hold.
  const heldCents = input.held && input.held.cents > 0n ? input.held.cents : 0n;
  const holds =
    heldCents > 0n
      ? {
          current_balance: formatMoney(input.balanceCents),
          on_hold: formatMoney(heldCents),
          ...(input.held?.until ? { held_until: holdDateFormat.format(input.held.until) } : {}),
        }
      : {};
  return {
    ...conversion,
    ...holds,
    to_email: input.to,
    subject,
    name: oneLine(input.name),
    transaction_type: input.transactionType,
    amount,
    date: formatAlertDate(input.date),
    reference: input.reference,
    counterparty: input.counterparty,
    balance: formatMoney(input.balanceCents - heldCents),
    amount_color: isCredit ? CREDIT_COLOR : DEBIT_COLOR,
    year: String(input.date.getUTCFullYear()),
    from_name: brand.fromName,
  };
}

/**
 * The money alert's HTML and text from its stored fields alone (decision 0147): the outbox keeps
 * an alert as template + fields and the worker renders it when it sends, so a movement writes
 * ~0.5 KB per alert instead of ~3 KB. `renderMoneyAlert` renders through here too, so the two can
 * never differ.
 */
export function renderMoneyAlertBodies(
  params: Record<string, string>,
  brand: EmailBrand,
): { html: string; text: string } {
  const field = (key: string): string => params[key] ?? '';
  const isCredit = field('amount_color') === CREDIT_COLOR;
  const kind = isCredit ? 'Credit' : 'Debit';
  const amount = field('amount');
  // International (issue 18): the dollars that moved and the rate, beside the foreign amount.
  const usd = field('usd_amount');
  const rate = field('exchange_rate');
  const rows: Row[] = [
    { label: 'Transaction', value: `${kind} (${field('transaction_type')})` },
    // The word Credit/Debit sits beside the colour: colour alone says nothing to many readers.
    { label: 'Amount', value: `${amount} ${kind}`, color: isCredit ? CREDIT_COLOR : DEBIT_COLOR },
    ...(usd ? [{ label: isCredit ? 'US dollars credited' : 'US dollars debited', value: usd }] : []),
    ...(rate ? [{ label: 'Exchange rate', value: rate }] : []),
    { label: 'Date', value: field('date') },
    { label: 'Reference', value: field('reference') },
    { label: isCredit ? 'From' : 'To', value: field('counterparty') },
    { label: 'Available balance', value: field('balance') },
    // Money on hold (decision 0198): the current balance, and what is held until when.
    ...(field('current_balance') ? [{ label: 'Current balance', value: field('current_balance') }] : []),
    ...(field('on_hold')
      ? [
          {
            label: 'On hold',
            value: field('held_until')
              ? `${field('on_hold')} (available in full by ${field('held_until')})`
              : field('on_hold'),
          },
        ]
      : []),
  ];
  const before = [
    `Hello ${field('name')},`,
    usd
      ? isCredit
        ? `Your ${brand.bankName} account has been credited with ${usd} (${amount}${rate ? ` at ${rate}` : ''}).`
        : `Your ${brand.bankName} account has been debited by ${usd} (${amount}${rate ? ` at ${rate}` : ''}).`
      : isCredit
        ? `Your ${brand.bankName} account has been credited with ${amount}.`
        : `Your ${brand.bankName} account has been debited by ${amount}.`,
  ];
  const after = [
    `If you do not recognise this transaction, contact ${brand.bankName} support at once: ${brand.publicOrigin}/support/contact`,
  ];
  return bodies({
    brand,
    title: `${kind} Alert`,
    year: field('year'),
    paragraphsBefore: before,
    rows,
    paragraphsAfter: after,
  });
}

export function renderMoneyAlert(input: MoneyAlertInput, brand: EmailBrand): RenderedEmail {
  const params = moneyAlertParams(input, brand);
  return {
    template: 'money-alert',
    subject: params.subject,
    ...renderMoneyAlertBodies(params, brand),
    params,
  };
}

/**
 * A money alert as `lb_post_movement` stores it (decision 0173): the movement's own fields,
 * unformatted — amounts in cents, the date as ISO 8601, the balance the account held once the
 * movement posted — read back into what `moneyAlertParams` renders. Null for any other row.
 */
function storedMoneyAlertInput(params: Record<string, string>): MoneyAlertInput | null {
  const balance = params.balance_cents;
  const amount = params.amount_cents;
  if (balance === undefined || amount === undefined) return null;
  const foreign =
    params.foreign_currency !== undefined
      ? {
          foreignAmount: params.foreign_amount ?? null,
          currency: params.foreign_currency,
          usdPerUnit: params.usd_per_unit ?? null,
        }
      : null;
  // Every field below but the currency symbol and the conversion is written from a not-null
  // column or the alert's own `to` and `name` (lb_post_movement): a missing one is a writer's bug,
  // and the alert must fail, not go out with a blank or 1 January 1970 (issue 29).
  const field = (key: string): string => required(params[key], `money alert ${key}`);
  const direction = field('direction');
  if (direction !== 'credit' && direction !== 'debit')
    throw new Error(`Not a direction: money alert direction`);
  return {
    to: field('to_email'),
    name: field('name'),
    direction,
    transactionType: field('transaction_type'),
    amountCents: BigInt(amount),
    // Absent on dollar movements: the alert then shows the bank's own currency.
    currencySymbol: params.currency_symbol ?? null,
    international: foreign,
    date: requiredDate(params.date, 'money alert date'),
    reference: field('reference'),
    counterparty: field('counterparty'),
    balanceCents: BigInt(balance),
    held:
      params.held_cents === undefined
        ? null
        : {
            cents: BigInt(params.held_cents),
            until: params.held_until === undefined ? null : new Date(params.held_until),
          },
  };
}

/**
 * What the outbox worker sends for a stored row: a money alert stored as the movement's fields
 * (decision 0173) rendered now — subject, fields and bodies; one stored as rendered fields with no
 * body (decision 0147, rows written before migration 0014) given its bodies; any other as stored.
 */
export function renderStoredEmail(
  message: { template: string; subject: string; html: string; text: string; params: Record<string, string> },
  brand: EmailBrand,
): { subject: string; html: string; text: string; params: Record<string, string> } {
  if (message.template === 'money-alert') {
    const input = storedMoneyAlertInput(message.params);
    if (input) {
      const rendered = renderMoneyAlert(input, brand);
      return { subject: rendered.subject, html: rendered.html, text: rendered.text, params: rendered.params };
    }
    if (message.html === '')
      return {
        subject: message.subject,
        ...renderMoneyAlertBodies(message.params, brand),
        params: message.params,
      };
  }
  return { subject: message.subject, html: message.html, text: message.text, params: message.params };
}

// ---------------------------------------------------------------------------------------------
// Verification code (product §7: subject "Your {brand} Verification Code: {code}").

export interface VerificationCodeInput {
  to: string;
  code: string;
  /** How long the code works, as the customer is told (product §9: 5 minutes). */
  validForMinutes: number;
  now: Date;
  /** What the code is for, said first (a password reset, an email change); generic if absent. */
  purposeLine?: string;
  /**
   * What to do if the person did not ask for the code, ending the default closing line; by default
   * "If you did not ask for it, ignore this email." Said once (issue 28: the reset email said it twice).
   */
  ifNotAsked?: string;
  /**
   * The last line; by default "{bank} will never ask you for this code…". A code the customer is
   * asked to read to staff (the email change) says instead exactly when that is right, so one email
   * never tells them both to read it out and that no one will ask for it (issue 28 item 12).
   */
  closingLine?: string;
}

export function renderVerificationCode(input: VerificationCodeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`Your ${brand.bankName} Verification Code: ${input.code}`);
  const year = String(input.now.getUTCFullYear());
  const minutes = `${input.validForMinutes} minute${input.validForMinutes === 1 ? '' : 's'}`;
  const before = [input.purposeLine ?? `Use this code to continue with ${brand.bankName}:`];
  const after = [
    `The code is valid for ${minutes}.`,
    input.closingLine ??
      `${brand.bankName} will never ask you for this code by phone, chat or email. ${input.ifNotAsked ?? 'If you did not ask for it, ignore this email.'}`,
  ];
  return {
    template: 'verification-code',
    subject,
    ...bodies({
      brand,
      title: 'Your verification code',
      year,
      paragraphsBefore: before,
      highlight: input.code,
      paragraphsAfter: after,
    }),
    params: {
      to_email: input.to,
      subject,
      code: input.code,
      valid_minutes: String(input.validForMinutes),
      year,
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-up attempt notice: sent instead of a code when the address already has an account, so
// the sign-up form answers the same either way and cannot be used to test which addresses bank here.

export interface SignupAttemptNoticeInput {
  to: string;
  now: Date;
}

export function renderSignupAttemptNotice(input: SignupAttemptNoticeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: someone tried to open an account with your email address`);
  const year = String(input.now.getUTCFullYear());
  const loginUrl = `${brand.publicOrigin}/login`;
  const before = [
    `Someone just tried to open a new ${brand.bankName} account with this email address.`,
    'You already have an account with us, so no new account was opened and no verification code was sent.',
  ];
  const after = [
    `If it was you, log in with your account number and password instead: ${loginUrl}`,
    'If it was not you, you need not do anything: your account is unchanged. Never share your password or codes with anyone.',
  ];
  return {
    template: 'signup-attempt-notice',
    subject,
    ...bodies({
      brand,
      title: 'Someone tried to open an account with your email address',
      year,
      paragraphsBefore: before,
      paragraphsAfter: after,
    }),
    params: { to_email: input.to, subject, login_url: loginUrl, year, from_name: brand.fromName },
  };
}

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
