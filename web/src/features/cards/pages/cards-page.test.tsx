import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@larkspur/contract';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse as json } from '@/test/fixtures';
import { CardsPage } from './cards-page';

const issued: Card = {
  id: '5b0f3c9e-2d4a-4c1e-9f7a-1e2d3c4b5a69',
  brand: 'Larkspur Debit',
  last4: '4242',
  maskedNumber: '•••• •••• •••• 4242',
  holderName: 'ROBIN TESTER',
  expiryMonth: 11,
  expiryYear: 2030,
  status: 'active',
  updatedAt: '2026-08-01T09:00:00.000Z',
  statusChangedAt: null,
  recentActivity: [],
};

function renderWith(card: Card) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { items: [card] })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CardsPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cards page', () => {
  it('shows no "Status changed" for a card never frozen, and says what freezing does', async () => {
    renderWith(issued);
    expect(await screen.findByRole('heading', { name: 'Recent card activity' })).toBeInTheDocument();
    expect(screen.queryByText('Status changed')).not.toBeInTheDocument();
    expect(screen.getByText(/has not been frozen since it was issued/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What freezing does' })).toBeInTheDocument();
  });

  it('lists the card’s freezes and unfreezes, and when a frozen card was frozen', async () => {
    renderWith({
      ...issued,
      status: 'frozen',
      statusChangedAt: '2026-09-02T10:00:00.000Z',
      recentActivity: [
        { kind: 'frozen', at: '2026-09-02T10:00:00.000Z' },
        { kind: 'unfreeze-refused', at: '2026-09-01T10:00:00.000Z' },
      ],
    });
    expect(await screen.findByText('Frozen since')).toBeInTheDocument();
    expect(screen.getByText('Card frozen')).toBeInTheDocument();
    expect(screen.getByText('Unfreeze refused: wrong password')).toBeInTheDocument();
  });
});
