import { cleanup, act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { Toaster, TOAST_LIFETIME_MS } from './toaster';

// Testing Library cleans up by itself only with vitest globals, which this project does not use.
afterEach(cleanup);

describe('Toaster', () => {
  it('renders nothing until a toast is asked for, then shows it', async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();

    act(() => toast.success('Contact details saved.'));
    expect(await screen.findByText('Contact details saved.')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it('gives each toast the 5-second lifetime (the timer bar that closes it when it ends)', async () => {
    render(<Toaster />);
    act(() => toast.error('Insufficient funds.'));
    expect(await screen.findByText('Insufficient funds.')).toBeInTheDocument();
    // In a browser the bar's CSS animation closes the toast when it ends (the e2e test waits for
    // that); jsdom runs no CSS, so here we check the duration it is given.
    const bar = screen.getAllByRole('progressbar', { hidden: true }).at(-1);
    expect(bar?.style.animationDuration).toBe(`${TOAST_LIFETIME_MS}ms`);
  });

  it('collapses the same words into one toast, of every kind (issue 28)', async () => {
    render(<Toaster />);
    act(() => {
      toast.info('You have logged out.');
      toast.info('You have logged out.');
      toast.success('Payee saved.');
      toast.success('Payee saved.');
    });
    expect(await screen.findByText('Payee saved.')).toBeInTheDocument();
    expect(await screen.findAllByText('You have logged out.')).toHaveLength(1);
    expect(screen.getAllByText('Payee saved.')).toHaveLength(1);
  });
});
