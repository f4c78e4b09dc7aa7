import type { PayeeCheckResult } from '@larkspur/contract';
import type { ReceiptRow } from '@/components/ui/receipt';
import { payeeCheckLabels } from '@/lib/transaction-record';
import type { TransferRequestOut } from './transfer-validation';

/**
 * The rows that describe a transfer, shared by the review and the receipt so the two never differ.
 * `payeeCheck`: the name check's answer (decision 0155), when known.
 */
export function transferDetailRows(
  request: TransferRequestOut,
  maskedName: string | null,
  payeeCheck: PayeeCheckResult | null = null,
): ReceiptRow[] {
  const details = request.internationalDetails;
  const rows: ReceiptRow[] = [
    { label: 'Type', value: request.type },
    { label: 'To', value: request.recipientName },
  ];
  if (maskedName) rows.push({ label: 'Account holder (confirmed)', value: maskedName });
  if (payeeCheck) rows.push({ label: 'Name check', value: payeeCheckLabels[payeeCheck] });
  rows.push({
    label: 'Account number',
    value: <span className="font-mono">{request.recipientAccount}</span>,
  });
  if (!details) rows.push({ label: 'Bank', value: request.bankName });
  if (request.routingNumber) {
    rows.push({ label: 'Routing number', value: <span className="font-mono">{request.routingNumber}</span> });
  }
  if (details) {
    rows.push(
      { label: 'Recipient’s bank', value: details.recipientBank },
      { label: 'SWIFT/BIC', value: <span className="font-mono">{details.swiftBic}</span> },
      { label: 'IBAN or account', value: <span className="font-mono">{details.ibanOrAccount}</span> },
      { label: 'Country', value: details.country },
      { label: 'Currency', value: `${details.currencyCode} (${details.currencySymbol})` },
    );
  }
  rows.push({ label: 'Purpose', value: request.purpose || '—' });
  return rows;
}
