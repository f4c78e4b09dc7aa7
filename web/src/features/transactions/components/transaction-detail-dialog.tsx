import type { RecordInternationalDetails, TransactionRecord } from '@larkspur/contract';
import { isExternalWire } from '@larkspur/contract/aba-routing';
import { displayRate, formatForeignMoney } from '@larkspur/contract/fx-math';
import { DownloadIcon } from '@/components/ui/banking-icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { DetailList, PrintButton, PrintableReceipt, type ReceiptRow } from '@/components/ui/receipt';
import { HoldDetail } from '@/components/ui/hold-badge';
import { SignedMoney } from '@/components/ui/signed-money';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format-date';
import { displayType, isReceivedTransfer, sharedReference } from '@larkspur/contract/references';
import { describeRecord, payeeCheckLabels } from '@/lib/transaction-record';
import { wireSendsOnText } from '@/lib/wire-send-date';
import { useTransaction } from '../api/get-transaction';
import { receiptPdfUrl } from '../api/download-documents';

function rowsOf(record: TransactionRecord): ReceiptRow[] {
  // Ids and account numbers are single long words: they break anywhere rather than push the
  // value column past the dialog's edge.
  const mono = (text: string) => <span className="font-mono [overflow-wrap:anywhere]">{text}</span>;
  // A transfer's received leg quotes the sender's reference, its own record id beside it (decision 0197).
  const received = isReceivedTransfer(record);
  const reference = sharedReference(record);
  const rows: ReceiptRow[] = [
    {
      label: received ? 'Reference' : 'Transaction ID',
      value: (
        <span className="inline-flex max-w-full flex-wrap items-center justify-end gap-2">
          {mono(reference)}
          <CopyButton
            value={reference}
            what={received ? 'reference' : 'transaction ID'}
            copiedMessage={received ? 'Reference copied' : 'Transaction ID copied'}
            className="print:hidden"
          />
        </span>
      ),
    },
    ...(received ? [{ label: 'Record ID', value: mono(record.transactionId) }] : []),
    { label: 'Date', value: formatDateTime(record.createdAt) },
    { label: 'Type', value: displayType(record) },
    { label: 'Status', value: record.status },
  ];
  if (record.hold) rows.push({ label: 'Availability', value: <HoldDetail record={record} /> });
  rows.push({ label: 'From', value: record.senderName || '—' });
  if (record.senderAccount) rows.push({ label: 'From account', value: mono(record.senderAccount) });
  rows.push({ label: 'To', value: record.recipientName || '—' });
  if (record.recipientAccount) rows.push({ label: 'To account', value: mono(record.recipientAccount) });
  // The name check made when the transfer was sent (issue 18, decision 0155): the sender's record only.
  if (record.payeeCheck) rows.push({ label: 'Name check', value: payeeCheckLabels[record.payeeCheck] });
  rows.push({ label: 'Bank', value: record.bankName || '—' });
  if (record.routingNumber) rows.push({ label: 'Routing number', value: mono(record.routingNumber) });
  // A wire out to another bank (decision 0206): the day it was, or will be, sent.
  if (record.direction === 'debit' && isExternalWire(record))
    rows.push({ label: 'Wire sent', value: wireSendsOnText(new Date(record.createdAt)) });
  rows.push({ label: 'Purpose', value: record.purpose || '—' });
  const international = record.internationalDetails;
  if (international) {
    rows.push(
      { label: 'Recipient’s full name', value: international.recipientFullName },
      { label: 'Recipient’s bank', value: international.recipientBank },
      { label: 'SWIFT/BIC', value: mono(international.swiftBic) },
      ...(international.ibanOrAccount
        ? [{ label: 'IBAN or account', value: mono(international.ibanOrAccount) }]
        : []),
      { label: 'Country', value: countryName(international.country) },
      { label: 'Currency', value: `${international.currency} (${international.currencySymbol})` },
      ...conversionRows(international),
    );
  }
  return rows;
}

/** An ISO code's English name ("DE" → "Germany"); a record before migration 0011 kept the typed name. */
function countryName(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(country) ?? country;
}

/** "€250.00" from the record's exact string, with as many decimals as it has (¥15,000 has none). */
function foreignMoney(amount: string, currency: string): string {
  try {
    return formatForeignMoney(amount, currency, amount.split('.')[1]?.length ?? 0);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** What was converted at which posted rate (issue 18); records before migration 0011 have none. */
function conversionRows(details: RecordInternationalDetails): ReceiptRow[] {
  if (details.foreignAmount === null) return [];
  return [
    {
      label: 'Amount sent',
      value: <span className="tabular-nums">{foreignMoney(details.foreignAmount, details.currency)}</span>,
    },
    ...(details.usdPerUnit === null
      ? []
      : [
          { label: 'Exchange rate', value: `1 ${details.currency} = ${displayRate(details.usdPerUnit)} USD` },
        ]),
  ];
}

/** One record in full — a receipt that prints — over the list; its id is in the URL (`?id=`). */
export function TransactionDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const record = useTransaction(id);
  const data = record.data;
  return (
    <Dialog
      title={data ? describeRecord(data) : 'Transaction'}
      description={data ? `${data.type} on ${formatDateTime(data.createdAt)}` : 'Transaction details'}
      onDismiss={onClose}
    >
      {/* Focusable, so the details can be scrolled with the keyboard when they are long. On a phone
          the buttons stack three high: the details give up the room so that all three, the
          download first of all, are in view as the sheet opens (issue 28); 23rem is the sheet's
          margins, padding, title, two lines of description and the stacked buttons. */}
      <div
        role="region"
        aria-label="Details"
        tabIndex={0}
        className="max-h-[max(10rem,min(60vh,calc(100dvh-23rem)))] overflow-y-auto rounded-lg sm:max-h-[60vh]"
      >
        {data ? (
          <PrintableReceipt title="Larkspur Bank — transaction receipt">
            <div className="flex justify-center rounded-xl bg-slate-50 p-4 text-2xl">
              <SignedMoney
                amount={data.amount}
                currency={data.currency}
                direction={data.direction}
                layout="inline"
              />
            </div>
            <DetailList rows={rowsOf(data)} />
          </PrintableReceipt>
        ) : record.isError ? (
          <ErrorState
            title="We could not load this transaction"
            message={record.error.message}
            onRetry={() => void record.refetch()}
            retrying={record.isFetching}
          />
        ) : (
          <Loading label="Loading the transaction…">
            <Skeleton className="h-14" />
            <Skeleton className="h-40" />
          </Loading>
        )}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {data ? (
          <a href={receiptPdfUrl(data.id)} download className={buttonClasses('secondary')}>
            <DownloadIcon className="size-5" />
            Download receipt (PDF)
          </a>
        ) : null}
        {data ? <PrintButton /> : null}
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
