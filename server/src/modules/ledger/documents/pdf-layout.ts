import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatCents, mediumDate, mediumDateTime } from '@larkspur/contract';
import type { BankDetails } from './bank-details';

/**
 * What the statement and the receipt share: the page (US Letter), the fonts (DejaVu Sans from the
 * `dejavu-fonts-ttf` package, embedded in each PDF as a subset: no system font, no network, and
 * every Latin, Greek or Cyrillic name prints as typed), the bank's letterhead and the money format.
 */
export const PAGE = { width: 612, height: 792, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where each page's footer line sits. */
export const FOOTER_Y = PAGE.height - 36;

export const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#cbd5e1';
export const BRAND = '#312e81';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function fontFiles(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** A new document with the fonts registered as 'regular' and 'bold'; the caller writes and ends it. */
export function newDocument(info: { title: string; subject: string; author: string }): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    autoFirstPage: false,
    // Pages are written out as they are finished: memory stays flat however long the statement.
    bufferPages: false,
    info: { Title: info.title, Subject: info.subject, Author: info.author, Creator: info.author },
    lang: 'en-US',
  });
  const { regular, bold } = fontFiles();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return doc;
}

/** "$1,234.56", "-$12.00": cents as the customer reads them, never through a float. */
export function usd(cents: bigint): string {
  const text = formatCents(cents);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

/** "Nov 24, 2026": the screens' date style (issue 28), read in UTC as every date in these documents. */
export function day(date: Date): string {
  return mediumDate(date, 'utc');
}

/** "Nov 24, 2026, 2:05 PM UTC": the screens' style, in UTC and saying so. */
export function dayAndTime(date: Date): string {
  return mediumDateTime(date, 'utc');
}

/** One line of text that never wraps: cut with an ellipsis at `width`. */
export function cell(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  options: {
    align?: 'left' | 'right' | 'center';
    font?: 'regular' | 'bold';
    size?: number;
    color?: string;
  } = {},
): void {
  doc
    .font(options.font ?? 'regular')
    .fontSize(options.size ?? 8)
    .fillColor(options.color ?? INK)
    .text(text, x, y, {
      width,
      align: options.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
      height: (options.size ?? 8) * 1.4,
    });
}

/** The letterhead: the bank's name, address, routing number and phone, and the document's title. */
export function letterhead(
  doc: PDFKit.PDFDocument,
  bank: BankDetails,
  title: string,
  subtitle: string,
): number {
  const x = PAGE.margin;
  let y = PAGE.margin;
  cell(doc, bank.name, x, y, CONTENT_WIDTH / 2, { font: 'bold', size: 18, color: BRAND });
  cell(doc, title, x + CONTENT_WIDTH / 2, y + 2, CONTENT_WIDTH / 2, {
    font: 'bold',
    size: 14,
    align: 'right',
  });
  y += 26;
  cell(doc, subtitle, x + CONTENT_WIDTH / 2, y, CONTENT_WIDTH / 2, { size: 9, align: 'right', color: MUTED });
  for (const line of bank.addressLines) {
    cell(doc, line, x, y, CONTENT_WIDTH / 2, { size: 9, color: MUTED });
    y += 12;
  }
  cell(doc, `Routing number ${bank.routingNumber} · ${bank.phone} · ${bank.website}`, x, y, CONTENT_WIDTH, {
    size: 9,
    color: MUTED,
  });
  y += 18;
  doc
    .moveTo(x, y)
    .lineTo(x + CONTENT_WIDTH, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  return y + 12;
}

/** The footer of every page: what the document is, and "Page i of n". */
export function footer(doc: PDFKit.PDFDocument, left: string, page: number, pages: number): void {
  const x = PAGE.margin;
  doc
    .moveTo(x, FOOTER_Y - 6)
    .lineTo(x + CONTENT_WIDTH, FOOTER_Y - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  cell(doc, left, x, FOOTER_Y, CONTENT_WIDTH * 0.7, { size: 7.5, color: MUTED });
  cell(doc, `Page ${page} of ${pages}`, x + CONTENT_WIDTH * 0.7, FOOTER_Y, CONTENT_WIDTH * 0.3, {
    size: 7.5,
    color: MUTED,
    align: 'right',
  });
}
