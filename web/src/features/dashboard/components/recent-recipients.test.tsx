import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse as json } from '@/test/fixtures';
import { RecentRecipients } from './recent-recipients';

// Issue 28 item 13 (decision 0207): the card lists whom the customer paid lately, read from their
// records, saved as payees or not (one was even deleted from the book). It is called what it is,
// and its link to the payee book does not read as the list's own title.
const recent = {
  items: [
    {
      type: 'Local Transfer',
      recipientAccount: '40912345678',
      recipientName: 'Marcus Reed',
      bankName: 'Larkspur Bank',
      routingNumber: null,
      internationalDetails: null,
      lastPaidAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, recent)),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the recent recipients card', () => {
  it('is titled "Recent recipients", says they need not be saved payees, and links to the payee book by that name', async () => {
    const router = createMemoryRouter([{ path: '/', element: <RecentRecipients /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Recent recipients' });
    expect(within(card).getByText(/saved as payees or not/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Pay Marcus Reed/ })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Payee book' })).toBeInTheDocument();
    expect(within(card).queryByText('Your payees')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pay again' })).toBeNull();
  });
});
