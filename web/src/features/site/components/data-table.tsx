import { useId, type ReactNode } from 'react';

/** A small comparison table with a caption; scrolls sideways on narrow screens instead of overflowing. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  const captionId = useId();
  return (
    // Focusable and named, so a keyboard can scroll it on a screen too narrow for the table.
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full text-left text-sm">
        <caption
          id={captionId}
          className="px-3 pt-4 pb-2 text-left text-base font-semibold text-slate-900 sm:px-5"
        >
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-semibold sm:px-5">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-3 py-3 font-medium text-slate-900 sm:px-5">
                    {cell}
                  </th>
                ) : (
                  <td key={c} className="px-3 py-3 text-slate-700 sm:px-5">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
