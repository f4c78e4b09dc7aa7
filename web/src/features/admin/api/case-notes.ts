import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { caseNotePageSchema, caseNoteSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

/** Notes shown per page in a customer's file; older ones load on request. */
export const CASE_NOTES_PAGE_SIZE = 10;

const notesUrl = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/notes`;

/** GET /api/admin/users/:id/notes: newest first, keyset pages. */
export const caseNotesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.caseNotes(userId),
    queryFn: ({ pageParam, signal }) =>
      api(`${notesUrl(userId)}${toQueryString({ cursor: pageParam, limit: CASE_NOTES_PAGE_SIZE })}`, {
        schema: caseNotePageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCaseNotes(userId: string) {
  return useInfiniteQuery(caseNotesQueryOptions(userId));
}

/** POST /api/admin/users/:id/notes; the notes and the audit log refetch after. */
export function useAddCaseNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api(notesUrl(userId), { method: 'POST', body: { text }, schema: caseNoteSchema }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
