import {
  currencyInfo,
  currencySymbol,
  displayRate,
  formatForeignMoney,
  isExternalWire,
  type PayeeCheckResult,
} from '@larkspur/contract';
import { Money } from '@/components/ui/money';
import type { ReceiptRow } from '@/components/ui/receipt';
import { payeeCheckLabels } from '@/lib/transaction-record';
import { wireSendsOnText } from '@/lib/wire-send-date';
import type { TransferRequestOut } from './transfer-validation';

/** "DE" → "Germany", in English, from the browser's own data. */
function countryName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

/**
 * The rows that describe a transfer, shared by the review and the receipt so the two never differ.
 * International (issue 18): the amount in the recipient's currency, the posted rate (`usdPerUnit`,
 * US dollars per unit, as the review quoted it or the record stored it), the fee and the dollars.
 * `payeeCheck`: the name check's answer (decision 0155), when known; `not_checked` when the review's
 * look-up could not run (issue 28 item 8). `at`: when the transfer is (the review) or was (the
 * receipt) made, for a wire's send date (decision 0206).
 */
export function transferDetailRows(
  request: TransferRequestOut,
  maskedName: string | null,
  payeeCheck: PayeeCheckResult | 'not_checked' | null = null,
  usdPerUnit: string | null = null,
  at: Date = new Date(),
): ReceiptRow[] {
  const details = request.internationalDetails;
  const rows: ReceiptRow[] = [
    { label: 'Type', value: request.type },
    { label: 'To', value: request.recipientName },
  ];
  if (maskedName) rows.push({ label: 'Account holder (confirmed)', value: maskedName });
  if (payeeCheck) {
    rows.push({
      label: 'Name check',
      value: payeeCheck === 'not_checked' ? 'Name not checked' : payeeCheckLabels[payeeCheck],
    });
  }
  rows.push({
    label: details ? 'IBAN or account number' : 'Account number',
    value: <span className="font-mono [overflow-wrap:anywhere]">{request.recipientAccount}</span>,
  });
  if (!details) rows.push({ label: 'Bank', value: request.bankName });
  if (request.routingNumber) {
    rows.push({ label: 'Routing number', value: <span className="font-mono">{request.routingNumber}</span> });
  }
  if (isExternalWire(request)) rows.push({ label: 'Wire sent', value: wireSendsOnText(at) });
  if (details) {
    const currency = currencyInfo(details.currency);
    const foreign = request.fxQuote?.foreignAmount;
    rows.push(
      { label: 'Recipient’s bank', value: details.recipientBank },
      { label: 'SWIFT/BIC', value: <span className="font-mono">{details.swiftBic}</span> },
      { label: 'Country', value: countryName(details.country) },
      { label: 'Currency', value: `${details.currency} (${currencySymbol(details.currency)})` },
    );
    if (currency && foreign) {
      rows.push({
        label: 'They receive',
        value: (
          <span className="tabular-nums">{formatForeignMoney(foreign, currency.code, currency.digits)}</span>
        ),
      });
    }
    if (usdPerUnit) {
      rows.push({
        label: 'Our rate',
        value: (
          <span className="tabular-nums">{`1 ${details.currency} = ${displayRate(usdPerUnit)} USD`}</span>
        ),
      });
    }
    rows.push(
      { label: 'Fee', value: 'None' },
      { label: 'You pay', value: <Money amount={request.amount} currency="USD" /> },
    );
  }
  rows.push({ label: 'Purpose', value: request.purpose || '—' });
  return rows;
}
