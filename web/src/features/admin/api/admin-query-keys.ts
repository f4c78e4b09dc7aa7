/**
 * Every admin query key starts with `admin`, so one invalidation after a change (a credit, an
 * edit, an approval) refreshes every list and file that might show the money or status it moved.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  users: (filter: object) => ['admin', 'users', filter] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  transactions: (filter: object) => ['admin', 'transactions', filter] as const,
  transactionHistory: (id: string) => ['admin', 'transaction-history', id] as const,
  loans: (filter: object) => ['admin', 'loans', filter] as const,
  loan: (id: string) => ['admin', 'loan', id] as const,
  caseNotes: (userId: string) => ['admin', 'case-notes', userId] as const,
  audit: (filter: object) => ['admin', 'audit', filter] as const,
  holds: (filter: object) => ['admin', 'holds', filter] as const,
  staff: () => ['admin', 'staff'] as const,
  securityEvents: (userId: string) => ['admin', 'security-events', userId] as const,
  moneyRequests: (filter: object) => ['admin', 'money-requests', filter] as const,
};

/** Builds a query string from the filters that are set (empty strings and undefined are left out). */
export function toQueryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
