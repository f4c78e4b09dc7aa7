import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface Feature {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  body: ReactNode;
}

/** Cards of short points: one column on phones, up to three side by side. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-5 ${grid}`}>
      {items.map(({ icon: Icon, title, body }) => (
        <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {Icon ? (
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-6" />
            </span>
          ) : null}
          <h3 className={`${Icon ? 'mt-4' : ''} text-lg font-semibold text-slate-900`}>{title}</h3>
          <div className="mt-2 leading-7 text-slate-700">{body}</div>
        </li>
      ))}
    </ul>
  );
}
