import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fixtures';
import { createQueryClient } from '@/lib/query-client';
import { PASSKEY_PROMPT_FAILED, PasskeysSection } from './passkeys-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const laptop = {
  id: '3f2d1c0b-9a8e-4d7c-b6a5-4e3d2c1b0a98',
  name: 'Work laptop',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

const fetchMock = stubFetch();

const CHALLENGE_ID = '6b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
/** The extra check (decision 0185): the server emails a code; 123456 is right, anything else is not. */
async function stepUp(url: unknown, init: RequestInit | undefined): Promise<Response | null> {
  if (url === '/api/me/step-up') {
    return json(200, {
      required: true,
      reasons: ['account_change'],
      challengeId: CHALLENGE_ID,
      method: 'email',
      sentTo: 'p•••@example.com',
      expiresAt: '2026-11-27T12:05:00.000Z',
    });
  }
  if (url === '/api/me/step-up/verify') {
    const body = JSON.parse(String(init?.body)) as { code: string };
    return body.code === '123456'
      ? json(200, { token: 'proof-token', expiresAt: '2026-11-27T12:05:00.000Z' })
      : json(400, { error: { code: 'OTP_INVALID', message: 'Invalid or expired code.', field: 'code' } });
  }
  return null;
}
const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);
const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url);

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PasskeysSection />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('PasskeysSection', () => {
  it('lists passkeys with name, when added and when last used', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [laptop] }));
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/not used yet · synced to your devices/)).toBeInTheDocument();
  });

  it('says so when there are none, and offers to add one', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [] }));
    renderSection();
    expect(await screen.findByText(/You have no passkeys yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('removes a passkey only after the confirmation', async () => {
    let items = [laptop];
    fetchMock.mockImplementation(async (url, init) => {
      const answer = await stepUp(url, init);
      if (answer) return answer;
      if (init?.method === 'DELETE') {
        items = [];
        return json(200, { ok: true });
      }
      return json(200, { items });
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    // The extra check is in the dialog: without the code, nothing is removed.
    const code = await within(screen.getByRole('dialog')).findByLabelText('6-digit code');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.type(code, '123456');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.getByText(/You have no passkeys yet/)).toBeInTheDocument());
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(removal?.[0]).toBe(`/api/me/passkeys/${laptop.id}`);
    expect(headerOf(removal?.[1], 'step-up-token')).toBe('proof-token');
    expect(JSON.parse(String(calls('/api/me/step-up')[0]?.[1]?.body))).toEqual({ action: 'passkey.remove' });
  });

  it('asks for a name and the password, shows a wrong password beside its field, and a failed prompt plainly', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      const answer = await stepUp(url, init);
      if (answer) return answer;
      if (url === '/api/me/passkeys/options') {
        if (headerOf(init, 'step-up-token') !== 'proof-token')
          return json(403, {
            error: { code: 'SECOND_FACTOR_REQUIRED', message: 'This change needs an extra check.' },
          });
        const body = JSON.parse(String(init?.body)) as { password: string };
        return body.password === 'right password'
          ? json(200, { options: { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Larkspur Bank' } } })
          : json(400, {
              error: {
                code: 'CURRENT_PASSWORD_INCORRECT',
                message: 'Your current password is not correct.',
                field: 'password',
              },
            });
      }
      return json(200, { items: [] });
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await screen.findByLabelText('6-digit code');
    await user.click(screen.getByRole('button', { name: 'Continue to your device' }));
    expect(await screen.findByText('Enter a name for this passkey')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name for this passkey'), 'Phone');
    await user.type(screen.getByLabelText('Your password'), 'wrong password');
    // The emailed code is asked in the same form (the customer has no passkey old enough).
    await user.type(screen.getByLabelText('6-digit code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Continue to your device' }));
    expect(await screen.findByText('Invalid or expired code.')).toBeInTheDocument();
    expect(calls('/api/me/passkeys/options')).toHaveLength(0);
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue to your device' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Continue to your device' }));
    // jsdom has no WebAuthn: the browser's prompt fails, and nothing is registered.
    expect(await screen.findByText(PASSKEY_PROMPT_FAILED)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/me/passkeys' && init?.method === 'POST'),
    ).toBe(false);
    // The proof from the right code served both tries of the password: one code, checked once more.
    expect(calls('/api/me/step-up/verify')).toHaveLength(2);
    expect(calls('/api/me/step-up')).toHaveLength(1);
  });
});
