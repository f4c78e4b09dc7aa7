import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Profile, SessionResponse } from '@larkspur/contract';

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
    staffRole: null,
    capabilities: [],
  },
  idleExpiresAt: '2030-01-01T10:15:00.000Z',
};

/** What it answers for Jane Doe, a customer, whose idle deadline is `idleExpiresAt`. */
export function janeSession(idleExpiresAt = '2030-01-01T10:15:00.000Z'): SessionResponse {
  return {
    user: {
      id: '0b9f3f0e-5a51-4c8e-9a7e-2f9b0f1c2d3e',
      role: 'user',
      firstName: 'Jane',
      surname: 'Doe',
      email: 'jane@example.com',
      accountNumber: '40912345678',
      avatarUrl: '/api/avatars/JD-0.svg',
      staffRole: null,
      capabilities: [],
    },
    idleExpiresAt,
  };
}

/**
 * A stand-in for `fetch` in every test of the calling file: reset before each, and after each the
 * real one back and the screen cleaned.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** A JSON answer, as `fetch` resolves it, for tests that stub `fetch`. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A customer's profile as `GET /api/me` answers it (Robin Tester, $1,000.30). */
export const robinProfile: Profile = {
  uid: '0b9f3f0e-5a51-4c8e-9a7e-2f9b0f1c2d3e',
  firstName: 'Robin',
  surname: 'Tester',
  email: 'robin@example.com',
  phone: '',
  address: '',
  zipCode: '',
  country: '',
  maritalStatus: 'Single',
  occupation: '',
  ssnLast4: '6789',
  dob: '1991-06-15',
  accountNumber: '40911111111',
  balance: '1000.30',
  availableBalance: '1000.30',
  currency: 'USD',
  status: 'active',
  role: 'user',
  avatar: '',
  accountLimit: '50000.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};
