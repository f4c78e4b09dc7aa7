import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@larkspur/contract';
import { setSession } from '@/lib/session';
import { danaSession as signedIn, guestSession as guest } from '@/test/fixtures';
import { SiteHeader } from './site-header';

// Testing Library cleans up by itself only with vitest globals, which this project does not use.
afterEach(cleanup);

function renderHeader(session: SessionResponse = guest) {
  setSession(session);
  const page = (title: string) => (
    <>
      <SiteHeader />
      <main>
        <h1>{title}</h1>
        <button type="button">Elsewhere</button>
      </main>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Home') },
      { path: '/business-banking', element: page('Business') },
      { path: '*', element: page('Other') },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const menu = () => document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
  return { router, toggle, menu };
}

describe('SiteHeader', () => {
  it('carries the rotating background on an inner page (product §1), plain white with the menu open', async () => {
    const { toggle } = renderHeader();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-pictured', 'true');
    expect(await screen.findByTestId('header-slides')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.setup().click(toggle);
    expect(header).toHaveAttribute('data-pictured', 'false');
    expect(screen.queryByTestId('header-slideshow')).not.toBeInTheDocument();
  });

  it('offers guests Log In and Get Started, and a closed menu tied to its button', () => {
    const { toggle, menu } = renderHeader();
    expect(screen.getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
  });

  it('opens the menu with the five links, Log In and Get Started', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderHeader();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toBeVisible();
    const names = within(menu())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Personal', 'Business', 'Borrow', 'Invest', 'Support', 'Log In', 'Get Started']);
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderHeader();
    await user.click(toggle);
    await user.tab();
    expect(within(menu()).getByRole('link', { name: 'Personal' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('closes on a click outside the header', async () => {
    const user = userEvent.setup();
    const { toggle } = renderHeader();
    await user.click(toggle);
    await user.click(screen.getByRole('heading', { name: 'Home' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when one of its links is followed', async () => {
    const user = userEvent.setup();
    const { toggle, menu, router } = renderHeader();
    await user.click(toggle);
    await user.click(within(menu()).getByRole('link', { name: 'Business' }));
    expect(router.state.location.pathname).toBe('/business-banking');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus moves out of the header', async () => {
    const user = userEvent.setup();
    const { toggle } = renderHeader();
    await user.click(toggle);
    // Tab through the menu's seven links and three theme buttons, then out of the header.
    for (let i = 0; i < 11; i += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Log Out instead of Log In and Get Started when a session exists', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderHeader(signedIn);
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    await user.click(toggle);
    expect(within(menu()).getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});
