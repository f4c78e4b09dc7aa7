import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';

/** Any path without a page (product §2). The server answers such paths with status 404 too. */
export function NotFoundPage() {
  usePageMeta({
    title: 'Page not found',
    description: 'The page you asked for does not exist at Larkspur Bank.',
  });
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Error 404</p>
      <h1 className="mt-3 text-3xl min-[375px]:text-4xl font-semibold tracking-tight text-slate-900">
        We can’t find that page
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        The address may be mistyped, or the page may have moved. Everything you need is a click away.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.home}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
        >
          Go to the home page
        </Link>
        <Link
          to={paths.help}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium text-slate-900"
        >
          Visit the Help Center
        </Link>
      </div>
    </main>
  );
}
