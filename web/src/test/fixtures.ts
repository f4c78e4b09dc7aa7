import type { SessionResponse } from '@larkspur/contract';

/** What `GET /api/auth/session` answers for a guest. */
export const guestSession: SessionResponse = { user: null, idleExpiresAt: null };

/** What it answers for a signed-in customer (Dana Whitfield). */
export const danaSession: SessionResponse = {
  user: {
    id: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
    role: 'user',
    firstName: 'Dana',
    surname: 'Whitfield',
    email: 'dana@example.com',
    accountNumber: '40912345678',
    avatarUrl: '/api/avatars/DW.svg',
  },
  idleExpiresAt: '2030-01-01T10:15:00.000Z',
};

/** A JSON answer, as `fetch` resolves it, for tests that stub `fetch`. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
