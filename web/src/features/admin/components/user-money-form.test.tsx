import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@larkspur/contract';
import { UserMoneyForm } from './user-money-form';

afterEach(() => {
  cleanup();
  document.getElementById('root')?.remove();
  vi.unstubAllGlobals();
});

const profile: Profile = {
  uid: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
  firstName: 'Dana',
  surname: 'Whitfield',
  email: 'dana@example.com',
  phone: '+1 415 555 0100',
  address: '1 Main St',
  zipCode: '94105',
  country: 'United States',
  maritalStatus: 'Single',
  occupation: 'Engineer',
  ssnLast4: '6789',
  dob: '1990-01-01',
  accountNumber: '40912345678',
  balance: '100.10',
  availableBalance: '100.10',
  currency: 'USD',
  status: 'active',
  role: 'user',
  avatar: '/api/avatars/DW.svg',
  accountLimit: '50000.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

function renderForm() {
  // The dialog makes #root inert while open, as in the app.
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* The "sent for approval" note links to the Requests queue. */}
      <MemoryRouter>
        <UserMoneyForm profile={profile} />
      </MemoryRouter>
    </QueryClientProvider>,
    { container: root },
  );
}

describe('<UserMoneyForm> (credit and debit with a confirmation)', () => {
  it('shows the balance after a credit, in exact cents, before anything is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Amount (USD)'), '0.20');
    await user.type(screen.getByLabelText('Reason'), 'Branch cash deposit');
    await user.click(screen.getByRole('button', { name: 'Review credit' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm credit' });
    const summary = within(dialog);
    expect(summary.getByText('Balance now').nextElementSibling).toHaveTextContent('$100.10');
    expect(summary.getByText('Balance after').nextElementSibling).toHaveTextContent('$100.30');
    expect(summary.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(summary.getByRole('button', { name: 'Credit $0.20' })).toBeEnabled();
    // Only the approval threshold may have been read; nothing was sent.
    const sent = (fetch.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
      ([, init]) => init?.method === 'POST',
    );
    expect(sent).toEqual([]);
  });

  it('refuses a debit beyond the balance with the spec message, without asking to confirm', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: 'Debit (withdrawal)' }));
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '100.11');
    await user.type(screen.getByLabelText('Reason'), 'Fee correction');
    await user.click(screen.getByRole('button', { name: 'Review debit' }));
    expect(amount).toHaveAccessibleDescription('Insufficient funds for this debit.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the spec message for an unreadable amount and asks for a reason', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Amount (USD)'), '1e3');
    await user.click(screen.getByRole('button', { name: 'Review credit' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Invalid deposit amount.');
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(/Give a reason/);
  });

  it('sends one idempotency key per confirmation and the amount as the wire’s two-decimal string', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'NETWORK', message: 'offline' } }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Amount (USD)'), '5');
    await user.type(screen.getByLabelText('Reason'), 'Goodwill credit');
    await user.click(screen.getByRole('button', { name: 'Review credit' }));
    const confirm = screen.getByRole('button', { name: 'Credit $5.00' });
    await user.click(confirm);
    await screen.findByText('offline', { selector: '[role="alert"] *' });
    await user.click(confirm);
    const posts = () =>
      (fetch.mock.calls as unknown as [string, RequestInit][]).filter(([, init]) => init.method === 'POST');
    await vi.waitFor(() => expect(posts()).toHaveLength(2));
    const calls = posts();
    const keys = calls.map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // A retry of the same confirmation reuses its key: the server moves the money once.
    expect(keys[1]).toBe(keys[0]);
    expect(calls[0]?.[0]).toBe(`/api/admin/users/${profile.uid}/credit`);
    expect(JSON.parse(String(calls[0]?.[1].body))).toEqual({ amount: '5.00', reason: 'Goodwill credit' });
  });

  it('at or above the threshold asks for approval instead, and shows the request it sent', async () => {
    const request = {
      id: '7d8e9f00-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      kind: 'credit',
      state: 'pending',
      amount: '20000.00',
      userId: profile.uid,
      customerName: 'Dana Whitfield',
      accountNumber: profile.accountNumber,
      payload: { amount: '20000.00', reason: 'Wire at branch' },
      recordId: null,
      transactionId: null,
      makerId: '1d8e9f00-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      makerName: 'Olive Operator',
      checkerId: null,
      checkerName: null,
      decisionReason: null,
      failureMessage: null,
      createdAt: '2026-11-24T10:00:00.000Z',
      decidedAt: null,
    };
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/admin/requests')
        ? json({
            items: [],
            nextCursor: null,
            counts: { pending: 0, approved: 0, rejected: 0, failed: 0 },
            threshold: '10000.00',
          })
        : json({ request }, 202),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Amount (USD)'), '20000');
    await user.type(screen.getByLabelText('Reason'), 'Wire at branch');
    await user.click(screen.getByRole('button', { name: 'Review credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a credit' });
    expect(within(dialog).getByText('Needs a second approval.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request credit $20,000.00' }));
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Waiting for approval');
    expect(note).toHaveTextContent('Credit $20,000.00 to Dana Whitfield (40912345678)');
    expect(within(note).getByRole('link', { name: 'Follow my requests' })).toHaveAttribute(
      'href',
      '/admin/dashboard/requests?mine=true',
    );
  });
});
