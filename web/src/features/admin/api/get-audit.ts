import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

export interface AuditFilter {
  actorId?: string;
  action?: string;
  actionPrefix?: string;
  subjectId?: string;
  /** A name, email or account number: the server finds the people (decision 0169). */
  actor?: string;
  subject?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit: admin actions and security events, newest first, keyset pages. */
export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filter),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/admin/audit${toQueryString({ ...filter, cursor: pageParam, limit: AUDIT_PAGE_SIZE })}`, {
        schema: auditPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}

/** GET /api/admin/audit.csv with the log's filter: a plain link, so the browser downloads it. */
export function auditCsvUrl(filter: AuditFilter): string {
  return `/api/admin/audit.csv${toQueryString({ ...filter })}`;
}
