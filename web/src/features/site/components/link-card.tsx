import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/ui/icons';

/** A card that is one big link: title, a sentence, and where it goes. */
export function LinkCard({
  to,
  title,
  body,
  icon: Icon,
  cta = 'Learn more',
}: {
  to: string;
  title: string;
  body: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  cta?: string;
}) {
  return (
    <Link
      to={to}
      className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md"
    >
      {Icon ? (
        <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-6" />
        </span>
      ) : null}
      <span className={`${Icon ? 'mt-4' : ''} text-lg font-semibold text-slate-900`}>{title}</span>
      <span className="mt-2 flex-1 leading-7 text-slate-700">{body}</span>
      <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
        {cta}
        <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}
