import { useEffect, useRef, useState } from 'react';
import { SearchBox } from '@/components/ui/form-field';

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
    <SearchBox
      label={label}
      hint={hint}
      error={error}
      type={type}
      inputMode={inputMode}
      value={text}
      maxLength={maxLength}
      placeholder={placeholder}
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
    />
  );
}
