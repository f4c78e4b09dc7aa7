import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError } from './api-client';

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
        toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
      },
    }),
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
  }
}
