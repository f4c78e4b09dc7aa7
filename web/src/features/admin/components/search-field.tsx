import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '@/components/ui/icons';

/** How long typing must pause before the search runs: one request per thought, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose value lives in the URL, written a moment after typing stops. If the URL
 * changes underneath it (Back, a link), the box follows.
 */
export function SearchField({
  label,
  hint,
  value,
  onSearch,
  maxLength,
  placeholder,
  type = 'search',
  inputMode,
  error,
}: {
  label: string;
  hint?: string;
  /** The search as the URL has it. */
  value: string;
  onSearch: (text: string) => void;
  maxLength: number;
  placeholder?: string;
  /** `search` shows the magnifier; `text` is a plain debounced filter (an account number, an amount). */
  type?: 'search' | 'text';
  inputMode?: 'numeric' | 'decimal' | 'text';
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // React's "adjust state when a prop changes": Back to another search puts its text in the box.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="relative mt-1.5">
        {type === 'search' ? (
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        ) : null}
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
          }
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            // Enter searches at once.
            if (event.key === 'Enter') {
              window.clearTimeout(timer.current);
              onSearch(text.trim());
            }
          }}
          className={`block w-full rounded-lg border bg-white py-2.5 pr-3 text-base ${type === 'search' ? 'pl-10' : 'pl-3'} ${error ? 'border-red-600' : 'border-slate-400'} text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600`}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
