import { formatCents, mediumDateTime } from '@larkspur/contract';

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

/** "Nov 24, 2026, 2:05 PM UTC": the screens' and the documents' one date style (issue 28), in UTC. */
export function formatAlertDate(date: Date): string {
  return mediumDateTime(date, 'utc');
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
