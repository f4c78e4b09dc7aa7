import type { BankDetails } from './bank-details';
import type { MonthlyStatement, StatementLine } from './monthly-statement';
import {
  BRAND,
  CONTENT_WIDTH,
  FOOTER_Y,
  INK,
  MUTED,
  PAGE,
  RULE,
  cell,
  day,
  dayAndTime,
  footer,
  letterhead,
  newDocument,
  usd,
} from './pdf-layout';

/** The table's columns: x offsets from the margin and widths, in points (they sum to the content width). */
const COLUMNS = {
  // Wide enough for the longest date ("May 28, 2026", 54.7 pt at 8 pt) whole.
  date: { x: 0, width: 58 },
  description: { x: 62, width: 264 },
  moneyIn: { x: 330, width: 60 },
  moneyOut: { x: 394, width: 60 },
  balance: { x: 456, width: 60 },
} as const;
/** Two lines a row: what it was, then its reference (and any note). */
const ROW_HEIGHT_PT = 24;
const TABLE_HEADER_HEIGHT_PT = 20;
/** Where the table starts on page 1 (after letterhead, account block and summary) and after. */
const FIRST_TABLE_TOP_PT = 300;
const NEXT_TABLE_TOP_PT = 96;
const TABLE_BOTTOM_PT = FOOTER_Y - 14;

/** Table rows a page holds. */
export const FIRST_PAGE_ROWS = Math.floor(
  (TABLE_BOTTOM_PT - FIRST_TABLE_TOP_PT - TABLE_HEADER_HEIGHT_PT) / ROW_HEIGHT_PT,
);
export const NEXT_PAGE_ROWS = Math.floor(
  (TABLE_BOTTOM_PT - NEXT_TABLE_TOP_PT - TABLE_HEADER_HEIGHT_PT) / ROW_HEIGHT_PT,
);

/** Pages for a table of `rows` rows: known before the first page is written, so each says "of n". */
export function statementPageCount(rows: number): number {
  if (rows <= FIRST_PAGE_ROWS) return 1;
  return 1 + Math.ceil((rows - FIRST_PAGE_ROWS) / NEXT_PAGE_ROWS);
}

type TableRow =
  | { kind: 'opening' | 'closing'; date: Date; balanceCents: bigint }
  | { kind: 'line'; line: StatementLine }
  | { kind: 'empty' };

function periodText(s: MonthlyStatement, issuedAt: Date): string {
  const lastDay = new Date(s.period.end.getTime() - 1);
  const toDate = issuedAt < s.period.end;
  return `${day(s.period.start)} – ${toDate ? `${day(issuedAt)} (month to date)` : day(lastDay)}`;
}

function describe(line: StatementLine): string {
  const who = line.counterparty ? `${line.counterparty} · ` : '';
  return `${who}${line.type}${line.purpose ? ` · ${line.purpose}` : ''}`;
}

/** The second line: the reference, and for a Returned Check with a shortfall what it did not take. */
function referenceLine(line: StatementLine): string {
  const hold = holdText(line);
  if (line.statedCents === line.amountCents)
    return hold ? `${line.transactionId} · ${hold}` : line.transactionId;
  // The record states the whole check (decision 0071); the balance fell by what was collected.
  return `${line.transactionId} · check of ${usd(line.statedCents)}, ${usd(line.statedCents - line.amountCents)} still owed`;
}

/** A check deposit's hold (issue 28): held money is in the balance but cannot be spent yet. */
function holdText(line: StatementLine): string | null {
  if (!line.hold) return null;
  if (line.hold.status === 'active') return `On hold · available ${day(line.hold.availableAt)}`;
  if (line.hold.status === 'released') return `Cleared ${day(line.hold.availableAt)}`;
  return 'Check returned';
}

/**
 * The monthly statement as a PDF (decision 0163): letterhead, account holder, period, a summary
 * (opening, money in, money out, closing), then every record oldest first with the balance after
 * it, between an opening and a closing row; "Page i of n" on every page. Rows are one line each
 * (long text is cut with an ellipsis), so the page count is known before writing and pages stream.
 */
export function renderStatementPdf(
  s: MonthlyStatement,
  bank: BankDetails,
  issuedAt: Date,
): { doc: PDFKit.PDFDocument; write: () => Promise<void> } {
  const doc = newDocument({
    title: `${bank.name} statement ${s.period.month}`,
    subject: `Account ${s.holder.accountNumber}, ${s.period.month}`,
    author: bank.name,
  });
  const capped = s.recordCount > s.lines.length;
  const closingDate = issuedAt < s.period.end ? issuedAt : new Date(s.period.end.getTime() - 1);
  const rows: TableRow[] = [
    { kind: 'opening', date: s.period.start, balanceCents: s.openingCents },
    ...(s.lines.length === 0
      ? [{ kind: 'empty' } as const]
      : s.lines.map((line) => ({ kind: 'line', line }) as const)),
    { kind: 'closing', date: closingDate, balanceCents: s.closingCents },
  ];
  const pages = statementPageCount(rows.length);
  const footerText = `${bank.name} · Statement ${s.period.month} · Account ${s.holder.accountNumber} · Issued ${dayAndTime(issuedAt)}`;
  const x0 = PAGE.margin;

  const tableHeader = (top: number) => {
    doc.rect(x0, top, CONTENT_WIDTH, TABLE_HEADER_HEIGHT_PT).fill('#f1f5f9');
    const y = top + 6;
    const head = { font: 'bold' as const, size: 7.5, color: MUTED };
    cell(doc, 'Date', x0 + COLUMNS.date.x + 2, y, COLUMNS.date.width, head);
    cell(doc, 'Description and reference', x0 + COLUMNS.description.x, y, COLUMNS.description.width, head);
    cell(doc, 'Money in', x0 + COLUMNS.moneyIn.x, y, COLUMNS.moneyIn.width, { ...head, align: 'right' });
    cell(doc, 'Money out', x0 + COLUMNS.moneyOut.x, y, COLUMNS.moneyOut.width, { ...head, align: 'right' });
    cell(doc, 'Balance', x0 + COLUMNS.balance.x, y, COLUMNS.balance.width - 2, { ...head, align: 'right' });
    return top + TABLE_HEADER_HEIGHT_PT;
  };

  const writeRow = (row: TableRow, y: number) => {
    const ty = y + 5;
    const col = (name: keyof typeof COLUMNS) => x0 + COLUMNS[name].x;
    if (row.kind === 'empty') {
      cell(doc, 'No transactions this month.', col('description'), ty, 300, { color: MUTED });
    } else if (row.kind === 'line') {
      const { line } = row;
      cell(doc, day(line.createdAt), col('date') + 2, ty, COLUMNS.date.width);
      cell(doc, describe(line), col('description'), ty, COLUMNS.description.width);
      cell(doc, referenceLine(line), col('description'), ty + 10, COLUMNS.description.width, {
        size: 6.5,
        color: MUTED,
      });
      const amount = usd(line.amountCents);
      if (line.direction === 'credit')
        cell(doc, amount, col('moneyIn'), ty, COLUMNS.moneyIn.width, { align: 'right' });
      else cell(doc, amount, col('moneyOut'), ty, COLUMNS.moneyOut.width, { align: 'right' });
      cell(doc, usd(line.balanceAfterCents), col('balance'), ty, COLUMNS.balance.width - 2, {
        align: 'right',
      });
    } else {
      const label = row.kind === 'opening' ? 'Opening balance' : 'Closing balance';
      cell(doc, day(row.date), col('date') + 2, ty, COLUMNS.date.width);
      cell(doc, label, col('description'), ty, COLUMNS.description.width, { font: 'bold' });
      cell(doc, usd(row.balanceCents), col('balance'), ty, COLUMNS.balance.width - 2, {
        font: 'bold',
        align: 'right',
      });
    }
    doc
      .moveTo(x0, y + ROW_HEIGHT_PT)
      .lineTo(x0 + CONTENT_WIDTH, y + ROW_HEIGHT_PT)
      .lineWidth(0.25)
      .strokeColor(RULE)
      .stroke();
  };

  const firstPage = () => {
    let y = letterhead(doc, bank, 'Account statement', periodText(s, issuedAt));
    const label = { size: 8, color: MUTED };
    const value = { size: 10, font: 'bold' as const };
    const quarter = CONTENT_WIDTH / 4;
    const facts: [string, string][] = [
      ['Account holder', s.holder.fullName],
      ['Account number', s.holder.accountNumber],
      ['Statement month', s.period.month],
      ['Issued', day(issuedAt)],
    ];
    facts.forEach(([name, text], i) => {
      cell(doc, name, x0 + i * quarter, y, quarter - 8, label);
      cell(doc, text, x0 + i * quarter, y + 12, quarter - 8, value);
    });
    y += 40;
    doc.roundedRect(x0, y, CONTENT_WIDTH, 64, 6).lineWidth(0.75).strokeColor(RULE).stroke();
    const summary: [string, string][] = [
      ['Opening balance', usd(s.openingCents)],
      [`Money in (${s.creditCount})`, usd(s.moneyInCents)],
      [`Money out (${s.debitCount})`, usd(s.moneyOutCents)],
      ['Closing balance', usd(s.closingCents)],
    ];
    summary.forEach(([name, text], i) => {
      cell(doc, name, x0 + 12 + i * quarter, y + 14, quarter - 16, label);
      cell(doc, text, x0 + 12 + i * quarter, y + 30, quarter - 16, { size: 13, font: 'bold', color: BRAND });
    });
    y += 76;
    const note = capped
      ? `This statement lists the first ${s.lines.length.toLocaleString('en-US')} of ${s.recordCount.toLocaleString('en-US')} transactions of the month; the totals and balances cover them all. Download the month as CSV from Transactions for the full list.`
      : `Every amount is in US dollars. Dates are UTC. Closing balance = opening balance + money in − money out.`;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(capped ? INK : MUTED)
      .text(note, x0, y, { width: CONTENT_WIDTH, height: FIRST_TABLE_TOP_PT - y - 6, ellipsis: true });
  };

  // Page by page, giving the event loop back after each: a 5,000-record statement is CPU work
  // (193 pages; 7.5 s on the shared 2-core development machine), and other requests must not
  // wait for it. Each page goes into the response stream as it is finished.
  const write = async () => {
    let rowIndex = 0;
    for (let page = 1; page <= pages; page++) {
      if (page > 1) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage({
        size: 'LETTER',
        margins: { top: PAGE.margin, bottom: 0, left: PAGE.margin, right: PAGE.margin },
      });
      let top: number;
      if (page === 1) {
        firstPage();
        top = FIRST_TABLE_TOP_PT;
      } else {
        cell(doc, bank.name, x0, PAGE.margin, CONTENT_WIDTH / 2, { font: 'bold', size: 12, color: BRAND });
        cell(
          doc,
          `Statement ${s.period.month} · ${s.holder.fullName} · ${s.holder.accountNumber}`,
          x0 + CONTENT_WIDTH / 2,
          PAGE.margin + 2,
          CONTENT_WIDTH / 2,
          {
            size: 9,
            color: MUTED,
            align: 'right',
          },
        );
        top = NEXT_TABLE_TOP_PT;
      }
      let y = tableHeader(top);
      const capacity = page === 1 ? FIRST_PAGE_ROWS : NEXT_PAGE_ROWS;
      for (let n = 0; n < capacity && rowIndex < rows.length; n++, rowIndex++) {
        const row = rows[rowIndex];
        if (row) writeRow(row, y);
        y += ROW_HEIGHT_PT;
      }
      footer(doc, footerText, page, pages);
    }
    doc.end();
  };
  return { doc, write };
}
