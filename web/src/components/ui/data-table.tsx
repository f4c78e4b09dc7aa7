import { useId, type ReactNode } from 'react';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { ErrorState } from './error-state';

export type SortDirection = 'ascending' | 'descending' | 'none';

export interface DataColumn<T> {
  /** Stable id of the column (React key). */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's name for screen readers: rendered as `<th scope="row">`. One column per table. */
  rowHeader?: boolean;
  align?: 'left' | 'right';
  /** Sortable columns: the current direction and what pressing the header does. */
  sort?: { direction: SortDirection; onToggle: () => void };
  /** Extra classes for the cells (a width, `whitespace-nowrap`). */
  className?: string;
}

const SKELETON_ROWS = 6;

function SortGlyph({ direction }: { direction: SortDirection }) {
  const path =
    direction === 'ascending'
      ? 'M6 15l6-6 6 6'
      : direction === 'descending'
        ? 'M6 9l6 6 6-6'
        : 'M8 10l4-4 4 4M8 14l4 4 4-4';
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The back office's table: a caption, column headers (sortable ones are buttons and carry
 * `aria-sort`), and the three states every server list has — skeleton rows while loading, the
 * error with Retry, and an empty message. On narrow screens it scrolls sideways inside a focusable
 * region, so keyboard users can scroll it too (axe: scrollable-region-focusable) — or, with
 * `stackOnPhones`, becomes one card a row below the medium breakpoint, each value under its
 * column's name (issue 28; the holds list and the customer's statement do the same).
 */
export function DataTable<T>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  pending,
  error,
  onRetry,
  retrying = false,
  empty,
  minWidthClass = 'min-w-[48rem]',
  stackOnPhones = false,
}: {
  caption: string;
  hideCaption?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  pending: boolean;
  /** The message of a failed first load; later pages report their own failures. */
  error?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidthClass?: string;
  /** Below the medium breakpoint, a card a row (a list of `dl`s) instead of the table. */
  stackOnPhones?: boolean;
}) {
  const captionId = useId();
  const wide = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const heading = (
    <h2 id={captionId} className={hideCaption ? 'sr-only' : 'mb-3 text-base font-semibold text-slate-900'}>
      {caption}
    </h2>
  );
  const loadingNote =
    pending && rows.length === 0 ? (
      <p role="status" className="sr-only">
        Loading {caption.toLowerCase()}…
      </p>
    ) : null;
  const alignClass = (column: DataColumn<T>) => (column.align === 'right' ? 'text-right' : 'text-left');

  if (error && rows.length === 0) {
    return (
      <section aria-labelledby={captionId}>
        {heading}
        <ErrorState message={error} onRetry={() => onRetry?.()} retrying={retrying} />
      </section>
    );
  }

  if (!pending && rows.length === 0) {
    // Said in a plain block, not a table cell: on a phone the cell would sit in the scrolled-away
    // middle of a wide table.
    return (
      <section
        aria-labelledby={captionId}
        className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center"
      >
        <h2 id={captionId} className="sr-only">
          {caption}
        </h2>
        <div className="text-slate-700">{empty}</div>
      </section>
    );
  }

  if (stackOnPhones && !wide)
    return (
      <section aria-labelledby={captionId} aria-busy={pending || undefined}>
        {heading}
        <ul className="space-y-3">
          {rows.map((row) => (
            <li
              key={rowKey(row)}
              className="rounded-2xl border border-slate-200 bg-white px-4 py-2 shadow-sm"
            >
              <dl className="divide-y divide-slate-100 text-sm">
                {columns.map((column) => (
                  <div key={column.id} className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 py-2">
                    <dt className="font-medium text-slate-700">{column.header}</dt>
                    <dd
                      className={`min-w-0 [overflow-wrap:anywhere] ${column.rowHeader ? 'font-medium text-slate-900' : 'text-slate-800'}`}
                    >
                      {column.cell(row)}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
          {pending && rows.length === 0
            ? Array.from({ length: SKELETON_ROWS / 2 }, (_, i) => (
                <li
                  key={`skeleton-${i}`}
                  aria-hidden="true"
                  className="rounded-2xl border border-slate-200 bg-white p-4"
                >
                  <span className="block h-24 animate-pulse rounded bg-slate-200" />
                </li>
              ))
            : null}
        </ul>
        {loadingNote}
      </section>
    );

  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // Focusable so that a keyboard can scroll it when it is wider than the screen.
      tabIndex={0}
      // `relative`: visually hidden text in the cells (position: absolute) stays inside the scroller
      // instead of widening the whole page.
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className={`w-full text-sm ${minWidthClass}`} aria-busy={pending || undefined}>
        <caption
          id={captionId}
          className={
            hideCaption ? 'sr-only' : 'px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900'
          }
        >
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={column.sort ? column.sort.direction : undefined}
                className={`px-3 py-2.5 font-semibold whitespace-nowrap sm:px-4 ${alignClass(column)}`}
              >
                {column.sort ? (
                  <button
                    type="button"
                    onClick={column.sort.onToggle}
                    className={`-mx-1.5 inline-flex min-h-9 items-center gap-1 rounded-md px-1.5 hover:bg-slate-200 ${column.align === 'right' ? 'flex-row-reverse' : ''}`}
                  >
                    {column.header}
                    <SortGlyph direction={column.sort.direction} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.id}
                    scope="row"
                    className={`px-3 py-2.5 font-medium text-slate-900 sm:px-4 ${alignClass(column)} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.id}
                    className={`px-3 py-2.5 text-slate-800 sm:px-4 ${alignClass(column)} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
          {pending && rows.length === 0
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={`skeleton-${i}`} aria-hidden="true">
                  {columns.map((column) => (
                    <td key={column.id} className="px-3 py-3 sm:px-4">
                      <span className="block h-4 animate-pulse rounded bg-slate-200" />
                    </td>
                  ))}
                </tr>
              ))
            : null}
        </tbody>
      </table>
      {loadingNote}
    </div>
  );
}
