import { useState } from 'react';
import { DownloadIcon } from '@/components/ui/banking-icons';
import { buttonClasses } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { useMe } from '@/lib/me';
import { statementMonthLabel, statementMonthOptions, statementPdfUrl } from '../api/download-documents';

/**
 * The monthly statement as PDF: pick a month (from the one the account opened to this one), then
 * download. The link is a real link: it works without script once rendered, and the browser keeps
 * the file.
 */
export function StatementDownload() {
  const me = useMe();
  const months = me.data ? statementMonthOptions(me.data.createdAt, new Date()) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen !== null && months.includes(chosen) ? chosen : (months[0] ?? null);
  if (!month) return null;
  return (
    <section
      aria-labelledby="statement-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="statement-heading" className="text-base font-semibold text-slate-900">
        Monthly statement
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Opening and closing balance, every transaction with the balance after it, as a PDF.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Statement month"
          value={month}
          onChange={(event) => setChosen(event.target.value)}
          className="min-w-0 sm:w-64"
        >
          {months.map((value, index) => (
            <option key={value} value={value}>
              {statementMonthLabel(value, index === 0)}
            </option>
          ))}
        </SelectField>
        <a href={statementPdfUrl(month)} download className={buttonClasses('primary')}>
          <DownloadIcon className="size-5" />
          Download statement (PDF)
        </a>
      </div>
    </section>
  );
}
