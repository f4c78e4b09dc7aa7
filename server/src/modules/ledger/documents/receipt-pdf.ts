import {
  currencyInfo,
  displayRate,
  displayType,
  isReceivedTransfer,
  sharedReference,
  formatForeignMoney,
  moneyToCents,
  payeeCheckLabels,
  type TransactionRecord,
} from '@larkspur/contract';
import type { BankDetails } from './bank-details';
import {
  BRAND,
  CONTENT_WIDTH,
  INK,
  MUTED,
  PAGE,
  RULE,
  cell,
  dayAndTime,
  footer,
  letterhead,
  newDocument,
  usd,
} from './pdf-layout';

const ROW_HEIGHT_PT = 20;
const LABEL_WIDTH_PT = 150;

/**
 * The rows of a receipt, as the receipt dialog shows them (web transaction-detail-dialog.tsx), each
 * fact once (issue 28): the signed amount above says which way the money went; an international
 * record names the recipient, their bank and the IBAN in the To, Bank and To account rows already.
 */
export function receiptRows(record: TransactionRecord, balanceAfterCents: bigint): [string, string][] {
  // A transfer's received leg quotes the sender's reference; its own id stays beside it (decision 0197).
  const rows: [string, string][] = isReceivedTransfer(record)
    ? [
        ['Reference', sharedReference(record)],
        ['Record ID', record.transactionId],
      ]
    : [['Transaction ID', record.transactionId]];
  rows.push(
    ['Date', dayAndTime(new Date(record.createdAt))],
    ['Type', displayType(record)],
    ['Status', record.status],
    ['From', record.senderName || '—'],
  );
  if (record.senderAccount) rows.push(['From account', record.senderAccount]);
  rows.push(['To', record.recipientName || '—']);
  if (record.recipientAccount) rows.push(['To account', record.recipientAccount]);
  rows.push(['Bank', record.bankName || '—']);
  if (record.routingNumber) rows.push(['Routing number', record.routingNumber]);
  rows.push(['Purpose', record.purpose || '—']);
  if (record.payeeCheck) rows.push(['Name check', payeeCheckLabels[record.payeeCheck]]);
  const international = record.internationalDetails;
  if (international) {
    if (international.recipientFullName !== record.recipientName)
      rows.push(['Recipient’s full name', international.recipientFullName]);
    if (international.recipientBank !== record.bankName)
      rows.push(['Recipient’s bank', international.recipientBank]);
    rows.push(['SWIFT/BIC', international.swiftBic]);
    // Records before migration 0011 kept the IBAN apart; later ones hold it as the account.
    if (international.ibanOrAccount && international.ibanOrAccount !== record.recipientAccount)
      rows.push(['IBAN or account', international.ibanOrAccount]);
    rows.push(
      ['Country', international.country],
      ['Currency', `${international.currency} (${international.currencySymbol})`],
    );
    const currency = currencyInfo(international.currency);
    if (international.foreignAmount && currency)
      rows.push([
        'Amount in their currency',
        formatForeignMoney(international.foreignAmount, currency.code, currency.digits),
      ]);
    if (international.usdPerUnit)
      rows.push(['Our rate', `1 ${international.currency} = ${displayRate(international.usdPerUnit)} USD`]);
  }
  if (record.hold)
    rows.push([
      'Check hold',
      record.hold.status === 'active'
        ? `${usd(moneyToCents(record.hold.heldAmount))} on hold until ${dayAndTime(new Date(record.hold.availableAt))}`
        : record.hold.status === 'returned'
          ? 'Returned unpaid'
          : 'Released',
    ]);
  rows.push(['Balance after this transaction', usd(balanceAfterCents)]);
  return rows;
}

/**
 * One record's receipt as a one-page PDF: letterhead, the signed amount, then its details. The
 * account holder is the record's From (money out) or To (money in): no line of its own repeats them.
 */
export function renderReceiptPdf(
  record: TransactionRecord,
  balanceAfterCents: bigint,
  bank: BankDetails,
  issuedAt: Date,
): PDFKit.PDFDocument {
  const doc = newDocument({
    title: `${bank.name} receipt ${record.transactionId}`,
    subject: `Transaction ${record.transactionId}`,
    author: bank.name,
  });
  doc.addPage({
    size: 'LETTER',
    margins: { top: PAGE.margin, bottom: 0, left: PAGE.margin, right: PAGE.margin },
  });
  const x0 = PAGE.margin;
  let y = letterhead(doc, bank, 'Transaction receipt', `Issued ${dayAndTime(issuedAt)}`);
  y += 22;
  const cents = moneyToCents(record.amount);
  const signed = `${record.direction === 'credit' ? '+' : '−'}${usd(cents)} ${record.currency}`;
  doc.roundedRect(x0, y, CONTENT_WIDTH, 56, 6).fill('#f1f5f9');
  cell(doc, signed, x0, y + 16, CONTENT_WIDTH, {
    font: 'bold',
    size: 20,
    align: 'center',
    color: record.direction === 'credit' ? '#15803d' : '#b91c1c',
  });
  y += 72;
  for (const [label, value] of receiptRows(record, balanceAfterCents)) {
    cell(doc, label, x0, y + 5, LABEL_WIDTH_PT, { size: 9, color: MUTED });
    // A value wraps (a long purpose is kept whole); every field is bounded by the contract, so the
    // receipt stays on one page.
    const width = CONTENT_WIDTH - LABEL_WIDTH_PT;
    doc.font('regular').fontSize(9.5).fillColor(INK);
    const height = doc.heightOfString(value, { width });
    doc.text(value, x0 + LABEL_WIDTH_PT, y + 5, { width });
    y += Math.max(ROW_HEIGHT_PT, height + 10);
    doc
      .moveTo(x0, y)
      .lineTo(x0 + CONTENT_WIDTH, y)
      .lineWidth(0.25)
      .strokeColor(RULE)
      .stroke();
  }
  y += 16;
  cell(doc, `Keep this receipt for your records. Questions: ${bank.phone}.`, x0, y, CONTENT_WIDTH, {
    size: 8.5,
    color: BRAND,
  });
  footer(doc, `${bank.name} · Receipt ${record.transactionId}`, 1, 1);
  return doc;
}
