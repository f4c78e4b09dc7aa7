import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  BASE_CURRENCY,
  convertToUsdCents,
  currencyCodeSchema,
  currencyInfo,
  currencyList,
  displayRate,
  formatCents,
  formatRate,
  FX_RATE_MAX_AGE_DAYS,
  parseRate,
  putFxRateRequestSchema,
  type AdminFxRate,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useAdminFxRates, usePostFxRate } from '../api/fx-rates';
import { AdminPage, Panel } from '../components/admin-page';
import { formatDateTime } from '../components/format';
import { RowAction } from '../components/row-action';
import { useCapability } from '../components/use-capability';

const rateFormSchema = putFxRateRequestSchema.extend({
  currency: currencyCodeSchema.refine((code) => code !== BASE_CURRENCY, 'US dollars need no rate'),
});
type RateForm = z.input<typeof rateFormSchema>;

function CurrencyName({ code }: { code: string }) {
  return <>{currencyInfo(code)?.name ?? code}</>;
}

function RateStatus({ rate }: { rate: AdminFxRate }) {
  return rate.current ? (
    <StatusBadge tone="success">Current</StatusBadge>
  ) : (
    <StatusBadge tone="warning">Too old: transfers refused</StatusBadge>
  );
}

/** "1 EUR = 1.0832 USD", and what 100 units come to, so a mistyped rate shows at once. */
function RatePreview({ currency, usdPerUnit }: { currency: string; usdPerUnit: string }) {
  const scaled = parseRate(usdPerUnit);
  if (!currencyInfo(currency) || scaled === null) return null;
  // 100 units, i.e. 10,000 hundredths, at the rate: the conversion customers will get.
  const hundred = formatCents(convertToUsdCents(10_000n, scaled, 2));
  return (
    <p className="text-sm text-slate-800" aria-live="polite">
      1 {currency} = {displayRate(formatRate(scaled))} USD · 100 {currency} ={' '}
      <Money amount={hundred} currency="USD" />
    </p>
  );
}

/**
 * /admin/dashboard/fx-rates (issue 18, decision 0165): the bank's posted exchange rates, US
 * dollars per unit. Posting one adds a row (the old ones stay, audited); a rate older than
 * FX_RATE_MAX_AGE_DAYS is not current, and transfers in that currency are refused until a new
 * one is posted.
 */
export function AdminFxRatesPage() {
  usePageMeta({
    title: 'FX rates',
    description: 'Post the exchange rates at which international transfers are converted.',
  });
  const rates = useAdminFxRates();
  const post = usePostFxRate();
  // Rates are a bank setting: only administrators post them (decision 0167); others read them.
  const canPost = useCapability('settings.manage');
  const wide = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<RateForm>({
    resolver: zodResolver(rateFormSchema),
    mode: 'onSubmit',
    defaultValues: { currency: '', usdPerUnit: '' },
  });
  const [currency, usdPerUnit] = useWatch({ control: form.control, name: ['currency', 'usdPerUnit'] });
  const items = rates.data?.items ?? [];
  const currencies = currencyList().filter((c) => c.code !== BASE_CURRENCY);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    post.mutate(
      { currency: values.currency, usdPerUnit: values.usdPerUnit },
      {
        onSuccess: (rate) => {
          toast.success(`Posted: 1 ${rate.currency} = ${displayRate(rate.usdPerUnit)} USD.`);
          form.reset({ currency: '', usdPerUnit: '' });
        },
        onError: (error) =>
          setFormError(
            reportFormError(error, { setError: form.setError, fields: ['usdPerUnit', 'currency'] }),
          ),
      },
    );
  });

  /** "Update" on a row: the form takes that currency and its rate, focused on the rate. */
  const edit = (rate: AdminFxRate) => {
    form.reset({ currency: rate.currency, usdPerUnit: displayRate(rate.usdPerUnit) });
    formRef.current?.scrollIntoView({ block: 'start' });
    form.setFocus('usdPerUnit');
  };

  const columns: DataColumn<AdminFxRate>[] = [
    {
      id: 'currency',
      header: 'Currency',
      rowHeader: true,
      cell: (rate) => (
        <span className="block">
          {rate.currency}
          <span className="block text-xs font-normal text-slate-600">
            <CurrencyName code={rate.currency} />
          </span>
        </span>
      ),
    },
    {
      id: 'rate',
      header: 'US dollars per unit',
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      cell: (rate) => displayRate(rate.usdPerUnit),
    },
    {
      id: 'posted',
      header: 'Posted',
      cell: (rate) => (
        <span className="block">
          {formatDateTime(rate.postedAt)}
          <span className="block text-xs text-slate-600">by {rate.postedBy ?? 'the bank'}</span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (rate) => <RateStatus rate={rate} /> },
    ...(canPost
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (rate: AdminFxRate) => (
              <RowAction onClick={() => edit(rate)} aria-label={`Update the ${rate.currency} rate`}>
                Update
              </RowAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <AdminPage
      title="FX rates"
      intro={`International transfers are converted at these rates, in US dollars for one unit of the currency. A rate is current for ${FX_RATE_MAX_AGE_DAYS} days; after that, transfers in that currency are refused until a new rate is posted.`}
    >
      {canPost ? (
        <Panel title="Post a rate">
          <form ref={formRef} noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Currency"
                placeholder="Choose a currency"
                error={form.formState.errors.currency?.message}
                {...form.register('currency')}
              >
                {currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} — {c.name}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="US dollars for 1 unit"
                hint="Up to 8 decimals, e.g. 1.0832 for the euro or 0.0067 for the yen."
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                error={form.formState.errors.usdPerUnit?.message}
                {...form.register('usdPerUnit')}
              />
            </div>
            <RatePreview currency={currency} usdPerUnit={usdPerUnit.trim()} />
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <Button type="submit" pending={post.isPending}>
              Post rate
            </Button>
          </form>
        </Panel>
      ) : null}
      <div>
        {wide ? (
          <DataTable
            caption="Posted rates"
            hideCaption
            columns={columns}
            rows={items}
            rowKey={(rate) => rate.currency}
            pending={rates.isPending}
            error={rates.isError ? rates.error.message : null}
            onRetry={() => void rates.refetch()}
            retrying={rates.isRefetching}
            empty="No rates have been posted yet."
            minWidthClass="min-w-[44rem]"
          />
        ) : rates.isPending ? (
          <SkeletonRows label="Loading rates…" rows={3} />
        ) : rates.isError ? (
          <ErrorState message={rates.error.message} onRetry={() => void rates.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-slate-700">No rates have been posted yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Posted rates">
            {items.map((rate) => (
              <li key={rate.currency} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-slate-900">{rate.currency}</h2>
                    <p className="text-sm text-slate-600">
                      <CurrencyName code={rate.currency} />
                    </p>
                  </div>
                  <p className="shrink-0 text-right font-semibold text-slate-900 tabular-nums">
                    {displayRate(rate.usdPerUnit)} USD
                  </p>
                </div>
                <p className="mt-2 text-sm text-slate-700">
                  Posted {formatDateTime(rate.postedAt)} by {rate.postedBy ?? 'the bank'}
                </p>
                <div className="mt-2 flex items-center justify-between gap-3">
                  <RateStatus rate={rate} />
                  {canPost ? (
                    <RowAction onClick={() => edit(rate)} aria-label={`Update the ${rate.currency} rate`}>
                      Update
                    </RowAction>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
