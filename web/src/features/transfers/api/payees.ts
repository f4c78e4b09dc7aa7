import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PAGE_SIZE_DEFAULT,
  PAYEES_PER_CUSTOMER_MAX,
  payeePageSchema,
  payeeSchema,
  type PayeeInput,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';

/**
 * The payee book (issue 18, decision 0156): GET/POST /api/me/payees, PATCH/DELETE
 * /api/me/payees/:id. One file for the four, as the security feature keeps its passkeys: they
 * share the cache key and each mutation refreshes the list.
 */
export const payeesQueryKey = ['me', 'payees'] as const;
const okSchema = z.object({ ok: z.literal(true) });

/** GET /api/me/payees?limit=…: the first page by name (the picker asks for all: at most the cap). */
export function getPayees(cursor: string | null, limit: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return api(`/api/me/payees?${query.toString()}`, { schema: payeePageSchema, signal });
}

/** Every saved payee (one page of PAYEES_PER_CUSTOMER_MAX holds them all), for Send money's picker. */
export function usePayees() {
  return useQuery({
    queryKey: [...payeesQueryKey, 'all'],
    queryFn: ({ signal }) => getPayees(null, PAYEES_PER_CUSTOMER_MAX, signal),
  });
}

/** The payees page: the book by name, PAGE_SIZE_DEFAULT at a time (keyset pages). */
export function usePayeePages() {
  return useInfiniteQuery({
    queryKey: [...payeesQueryKey, 'pages'],
    queryFn: ({ pageParam, signal }) => getPayees(pageParam, PAGE_SIZE_DEFAULT, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** POST /api/me/payees */
export function savePayee(input: PayeeInput) {
  return api('/api/me/payees', { method: 'POST', body: input, schema: payeeSchema });
}

/** PATCH /api/me/payees/:id */
export function updatePayee({ id, input }: { id: string; input: PayeeInput }) {
  return api(`/api/me/payees/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    schema: payeeSchema,
  });
}

/** DELETE /api/me/payees/:id */
export function deletePayee(id: string) {
  return api(`/api/me/payees/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema });
}

function usePayeeMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payeesQueryKey }),
  });
}

export const useSavePayee = () => usePayeeMutation(savePayee);
export const useUpdatePayee = () => usePayeeMutation(updatePayee);
export const useDeletePayee = () => usePayeeMutation(deletePayee);
