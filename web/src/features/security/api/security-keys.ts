/** Query keys of the security page: both lists change when a session is signed out. */
export const securityKeys = {
  all: ['security'] as const,
  sessions: () => ['security', 'sessions'] as const,
  events: () => ['security', 'events'] as const,
};

export function pageQuery(cursor: string | undefined, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `?${params.toString()}`;
}
