import type { ScheduledTransfer } from '@larkspur/contract';
import { CheckCircleIcon } from '@/components/ui/banking-icons';
import { Button, ButtonLink } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { DetailList } from '@/components/ui/receipt';
import { paths } from '@/config/paths';
import { describeSchedule, formatDay } from './when-rules';

/** Step 3 of Send money for a scheduled payment: what was saved, and when it will first pay. */
export function ScheduleConfirmation({
  series,
  currency,
  onSendAnother,
}: {
  series: ScheduledTransfer;
  currency: string;
  onSendAnother: () => void;
}) {
  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center rounded-2xl bg-emerald-50 p-5 text-center ring-1 ring-emerald-200">
        <CheckCircleIcon className="size-10 text-emerald-700" />
        <p className="mt-2 text-sm font-medium text-emerald-900">Payment scheduled</p>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900">
          <Money amount={series.amount} currency={currency} />
        </p>
        <p className="mt-1 text-base text-slate-800">
          to <span className="font-semibold">{series.recipientName}</span>
        </p>
      </div>
      <DetailList
        rows={[
          { label: 'When', value: describeSchedule({ ...series, count: series.count }) },
          { label: 'First payment', value: series.nextRunOn ? formatDay(series.nextRunOn) : '—' },
          { label: 'Payments in all', value: String(series.occurrenceTotal) },
          { label: 'Account number', value: <span className="font-mono">{series.recipientAccount}</span> },
          { label: 'Purpose', value: series.purpose || '—' },
        ]}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onSendAnother}>
          Send more money
        </Button>
        <ButtonLink size="lg" to={paths.userScheduled}>
          See scheduled payments
        </ButtonLink>
      </div>
    </div>
  );
}
