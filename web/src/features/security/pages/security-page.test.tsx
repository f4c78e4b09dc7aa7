import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityEvent, SessionItem } from '@larkspur/contract';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse as json } from '@/test/fixtures';
import { SecurityPage } from './security-page';

const thisDevice: SessionItem = {
  id: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
  device: { browser: 'Chrome', os: 'macOS', type: 'desktop', label: 'Chrome on macOS' },
  place: { kind: 'local' },
  signedInAt: '2026-11-24T09:00:00.000Z',
  lastActiveAt: '2026-11-24T09:30:00.000Z',
  current: true,
};
const phone: SessionItem = {
  id: '0d7e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
  device: { browser: 'Safari', os: 'iOS', type: 'mobile', label: 'Safari on iOS' },
  place: { kind: 'country', code: 'GB', name: 'United Kingdom' },
  signedInAt: '2026-11-23T18:00:00.000Z',
  lastActiveAt: '2026-11-23T18:10:00.000Z',
  current: false,
};
const failed: SecurityEvent = {
  id: '41',
  kind: 'sign-in-failed',
  title: 'Failed sign-in attempt',
  detail: null,
  outcome: 'failure',
  place: { kind: 'country', code: 'GB', name: 'United Kingdom' },
  createdAt: '2026-11-23T17:00:00.000Z',
  created_at: '2026-11-23T17:00:00.000Z',
};

interface Call {
  url: string;
  method: string;
}

function renderWith(sessions: SessionItem[], events: SecurityEvent[]) {
  const calls: Call[] = [];
  let listed = sessions;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url: input, method });
      if (method === 'DELETE') {
        listed = listed.filter((item) => !input.endsWith(item.id));
        return json(200, { ok: true, signedOut: false });
      }
      if (input.startsWith('/api/me/sessions')) return json(200, { items: listed, nextCursor: null });
      return json(200, { items: events, nextCursor: null });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SecurityPage />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the security page', () => {
  it('marks this device, offers no sign-out for it, and shows the activity in words with its place', async () => {
    renderWith([thisDevice, phone], [failed]);
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [own, other] = within(devices).getAllByRole('listitem');
    expect(own).toHaveTextContent('Chrome on macOS');
    expect(own).toHaveTextContent('This device');
    expect(own).toHaveTextContent('Local network');
    expect(within(own!).queryByRole('button')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('United Kingdom');
    expect(within(other!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeInTheDocument();

    const activity = await screen.findByRole('list', { name: 'Security activity, newest first' });
    expect(activity).toHaveTextContent('Failed sign-in attempt');
    expect(activity).toHaveTextContent('Failed');
    expect(activity).toHaveTextContent('United Kingdom');
  });

  it('signs the other device out only after the confirmation, by its id', async () => {
    const user = userEvent.setup();
    const calls = renderWith([thisDevice, phone], []);
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = screen.getByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out device' }));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/me/sessions/${phone.id}`,
    ]);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument();
  });

  it('says so when there is no other device and no activity', async () => {
    renderWith([thisDevice], []);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(await screen.findByText('No security activity yet.')).toBeInTheDocument();
  });
});
