import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { env } from '@/config/env';

/**
 * product §2: the generic fallback titled "Unexpected Application Error", showing the status and its
 * text, or the error message. The stack only in development builds: production must not leak it.
 */
export function ErrorFallback() {
  const error = useRouteError();
  let summary: string;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    summary = `${error.status} ${error.statusText}`.trim();
  } else if (error instanceof Error) {
    summary = error.message;
    stack = error.stack;
  } else {
    summary = 'An unknown error occurred.';
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Unexpected Application Error</h1>
      <p className="mt-4 text-lg text-slate-700" data-testid="error-summary">
        {summary}
      </p>
      {env.isDevelopment && stack ? (
        <pre className="mt-6 max-h-80 overflow-auto rounded-lg bg-slate-100 p-4 text-xs text-slate-800">
          {stack}
        </pre>
      ) : null}
      <p className="mt-8 text-slate-700">
        Please try again in a moment. If it keeps happening, contact us through{' '}
        <a className="font-medium text-brand-700 underline" href={paths.contact}>
          Support
        </a>
        .
      </p>
      <div className="mt-6 flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          Reload the page
        </button>
        <Link
          to={paths.home}
          reloadDocument
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium"
        >
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
