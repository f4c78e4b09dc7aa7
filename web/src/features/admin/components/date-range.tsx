import { TextField } from '@/components/ui/form-field';
import { useUrlParams } from './url-state';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The `from` and `to` dates of a filtered admin list, as the URL has them: a value that is not a
 * date reads as unset, and dates out of order are reported (beside "From") and not sent.
 */
export function urlDateRange(get: (key: string) => string) {
  const date = (key: 'from' | 'to') => (ISO_DATE.test(get(key)) ? get(key) : undefined);
  const from = date('from');
  const to = date('to');
  const error = from && to && from > to ? 'The “From” date must be on or before the “To” date.' : undefined;
  return { from: error ? undefined : from, to: error ? undefined : to, error };
}

/** The two date fields of a filter bar, written to the URL as they change. */
export function DateRangeFields({ error, zone = '' }: { error: string | undefined; zone?: string }) {
  const { get, update } = useUrlParams();
  return (
    <>
      <TextField
        label={`From date${zone}`}
        type="date"
        value={get('from')}
        onChange={(event) => update({ from: event.target.value })}
        error={error}
      />
      <TextField
        label={`To date${zone}`}
        type="date"
        value={get('to')}
        onChange={(event) => update({ to: event.target.value })}
      />
    </>
  );
}
