import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError, messageFor } from './api-client';
import { onSessionEvent } from './session';

/**
 * Queries retry once on network trouble, never on an answer the server meant. A failed mutation
 * shows its message as an error toast unless the mutation handles errors itself
 * (`meta: { handlesErrors: true }`), e.g. a form that shows the message beside a field.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 0,
        refetchOnWindowFocus: true,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.handlesErrors === true) return;
        toast.error(messageFor(error));
      },
    }),
  });
}

let shared: QueryClient | undefined;

/**
 * The tab's one query client, created on first use: by the signed-in areas (their shells provide
 * it, their guard prefetches into it), never by a public page
 * (docs/decisions/0019-public-pages-without-query-client.md). It follows the session store: on a
 * sign-in it forgets everything cached for whoever was signed in before, and on a sign-out it stops
 * what is in flight before the page is left.
 */
export function getQueryClient(): QueryClient {
  if (shared) return shared;
  const client = createQueryClient();
  onSessionEvent((event) => (event === 'signed-in' ? client.removeQueries() : client.cancelQueries()));
  shared = client;
  return client;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
  }
}
