import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MovementResponse } from '@larkspur/contract';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { TransferReview, UNCERTAIN_OUTCOME_MESSAGE } from './transfer-review';
import { emptyTransfer, validateTransfer, type TransferRequestOut } from './transfer-validation';
import { robinProfile } from '@/test/fixtures';

const profile = robinProfile;

const request: TransferRequestOut = {
  type: 'Local Transfer',
  recipientAccount: '40922222222',
  recipientName: 'Jane Doe',
  bankName: 'Larkspur Bank',
  routingNumber: null,
  amount: '250.10',
  purpose: 'Rent',
};

const sent: MovementResponse = {
  balance: '750.20',
  availableBalance: '750.20',
  transaction: {
    id: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
    transactionId: 'TRF1767225600000AB12',
    userId: profile.uid,
    type: 'Local Transfer',
    direction: 'debit',
    amount: '250.10',
    currency: 'USD',
    recipientName: 'Jane Doe',
    recipientAccount: '40922222222',
    bankName: 'Larkspur Bank',
    routingNumber: null,
    senderName: 'Robin Tester',
    senderAccount: '40911111111',
    purpose: 'Rent',
    status: 'Successful',
    internationalDetails: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    hold: null,
    payeeCheck: null,
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
/** What the review's step-up question gets (decision 0137): by default, no step-up needed. */
let stepUpAnswer: (call: { url: string; body: unknown }) => Response = () => json(200, { required: false });
beforeEach(() => {
  fetchMock.mockReset();
  stepUpAnswer = () => json(200, { required: false });
  // Every test's own fetch, with the step-up endpoints answered first.
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
    url.startsWith('/api/transfers/step-up')
      ? stepUpAnswer({ url, body: JSON.parse(String(init?.body)) as unknown })
      : fetchMock(url, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The transfer POSTs the review made, with their idempotency keys (the payee look-up is a GET). */
function transferCalls(): { key: string | undefined; body: unknown }[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/transfers')
    .map(([, init]) => ({
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
      body: JSON.parse(String(init?.body)) as unknown,
    }));
}

function renderReview(idempotencyKey = 'key-1', reviewed: TransferRequestOut = request) {
  const onSent = vi.fn();
  const onRefused = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TransferReview
        request={reviewed}
        profile={profile}
        idempotencyKey={idempotencyKey}
        onEdit={vi.fn()}
        onSent={onSent}
        onRefused={onRefused}
      />
    </QueryClientProvider>,
  );
  return { onSent, onRefused, user: userEvent.setup() };
}

describe('TransferReview', () => {
  it('shows what will happen before anything moves, with the balance after in exact cents', () => {
    fetchMock.mockImplementation(async () =>
      json(200, { accountNumber: '40922222222', maskedName: 'Jane D.' }),
    );
    renderReview();
    expect(screen.getAllByText('$250.10').length).toBeGreaterThan(0);
    expect(screen.getByText('Balance now').nextElementSibling).toHaveTextContent('$1,000.30');
    expect(screen.getByText('Balance after').nextElementSibling).toHaveTextContent('$750.20');
    expect(transferCalls()).toHaveLength(0);
  });

  it.each(['5', '120'])('shows an amount typed without cents (%j) as money, not a dash', (amount) => {
    fetchMock.mockImplementation(async () =>
      json(200, { accountNumber: '40922222222', maskedName: 'Jane D.' }),
    );
    const result = validateTransfer(
      {
        ...emptyTransfer,
        recipientAccount: '40922222222',
        recipientName: 'Jane Doe',
        amount,
        purpose: 'Rent',
      },
      { balance: profile.balance, ownAccountNumber: profile.accountNumber, recipientUnknown: false },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    renderReview('key-whole', result.request);
    const sending = screen.getByText('You are sending').nextElementSibling;
    expect(sending).toHaveTextContent(`$${amount}.00`);
    expect(sending).not.toHaveTextContent('—');
  });

  it('sends once on a double click, with the key made when the review opened', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (url) =>
      url === '/api/transfers'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json(404, {
            error: { code: 'RECIPIENT_NOT_FOUND', message: 'Recipient account number not found.' },
          }),
    );
    const { onSent } = renderReview('key-double');
    const confirm = screen.getByRole('button', { name: 'Confirm and send' });
    // Enabled once the server said no step-up is needed.
    await waitFor(() => expect(confirm).toBeEnabled());
    // Two clicks in the same tick: the second arrives before React re-renders the button disabled.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    fireEvent.click(confirm);
    answer(json(201, sent));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(transferCalls()).toEqual([{ key: 'key-double', body: request }]);
  });

  it('retries with the same key after a network failure, and never a new one', async () => {
    let attempts = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url !== '/api/transfers') return json(200, { accountNumber: '40922222222', maskedName: 'Jane D.' });
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return json(201, sent);
    });
    const { onSent, onRefused, user } = renderReview('key-retry');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and send' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByText(UNCERTAIN_OUTCOME_MESSAGE)).toBeInTheDocument();
    expect(onRefused).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm again' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(transferCalls().map((call) => call.key)).toEqual(['key-retry', 'key-retry']);
    expect(NETWORK_ERROR_MESSAGE).not.toBe(UNCERTAIN_OUTCOME_MESSAGE);
  });

  it('hands a refusal back to the form with the field it concerns', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/transfers'
        ? json(422, {
            error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds.', field: 'amount' },
          })
        : json(200, { accountNumber: '40922222222', maskedName: 'Jane D.' }),
    );
    const { onRefused, onSent, user } = renderReview();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and send' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    await waitFor(() =>
      expect(onRefused).toHaveBeenCalledWith({ field: 'amount', message: 'Insufficient funds.' }),
    );
    expect(onSent).not.toHaveBeenCalled();
  });

  it('asks for the emailed code when the server wants a step-up, and sends the proof with the transfer', async () => {
    const asked: unknown[] = [];
    stepUpAnswer = ({ url, body }: { url: string; body: unknown }) => {
      asked.push(body);
      return url === '/api/transfers/step-up'
        ? json(200, {
            required: true,
            reasons: ['new_payee'],
            challengeId: '7d4c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09',
            method: 'email',
            sentTo: 'r•••@example.com',
            expiresAt: '2026-01-01T00:05:00.000Z',
          })
        : json(200, { token: 'proof-token', expiresAt: '2026-01-01T00:05:00.000Z' });
    };
    fetchMock.mockImplementation(async (url) =>
      url === '/api/transfers'
        ? json(201, sent)
        : json(200, { accountNumber: '40922222222', maskedName: 'Jane D.' }),
    );
    const { onSent, user } = renderReview('key-step-up');
    expect(await screen.findByText('Enter the code we emailed you.')).toBeInTheDocument();
    expect(screen.getByText(/you have not paid this recipient before/)).toBeInTheDocument();
    // Without the code nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    expect(transferCalls()).toHaveLength(0);
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(asked).toEqual([
      { transfer: request, idempotencyKey: 'key-step-up' },
      { challengeId: '7d4c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09', code: '123456' },
    ]);
    const headers = fetchMock.mock.calls.find(([url]) => url === '/api/transfers')?.[1]?.headers as Record<
      string,
      string
    >;
    expect(headers['step-up-token']).toBe('proof-token');
    expect(headers['Idempotency-Key']).toBe('key-step-up');
  });

  it('words the rule the server says fired: a payee saved or changed lately is not "never paid" (issue 28 item 9)', async () => {
    for (const [reason, words] of [
      ['payee_added', /you saved this payee in the last 24 hours/],
      ['payee_changed', /this payee’s details were changed in the last 24 hours/],
    ] as const) {
      stepUpAnswer = () =>
        json(200, {
          required: true,
          reasons: [reason],
          challengeId: '7d4c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09',
          method: 'email',
          sentTo: 'r•••@example.com',
          expiresAt: '2026-01-01T00:05:00.000Z',
        });
      fetchMock.mockImplementation(async () =>
        json(200, { accountNumber: '40922222222', maskedName: 'Jane D.' }),
      );
      renderReview(`key-${reason}`);
      expect(await screen.findByText(words)).toBeInTheDocument();
      expect(screen.queryByText(/you have not paid this recipient before/)).toBeNull();
      cleanup();
    }
  });
});
