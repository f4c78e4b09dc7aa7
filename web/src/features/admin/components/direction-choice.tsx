/** Money in or money out. */
export type Direction = 'credit' | 'debit';

/**
 * "Direction": credit or debit as two large radio cards, the same for an admin's money helper and
 * a record made by hand.
 */
export function DirectionChoice({
  name,
  value,
  onChange,
  labelOf,
}: {
  name: string;
  value: Direction;
  onChange: (direction: Direction) => void;
  labelOf: (direction: Direction) => string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Direction</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2">
        {(['credit', 'debit'] as const).map((option) => (
          <label
            key={option}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
              value === option
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-slate-300 text-slate-800'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-brand-700"
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
