import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const clearErrorToasts = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ clearErrorToasts }));
const { NavigationEffects } = await import('./navigation-effects');

function setUp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavigationEffects />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/help', element: <p>help</p> },
          { path: '/user/dashboard/transactions', element: <p>list</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockReset();
  clearErrorToasts.mockReset();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('every navigation (product §2)', () => {
  it('scrolls to the top and clears error toasts, on a link and on Back and Forward', async () => {
    const router = setUp();
    scrollTo.mockReset();
    clearErrorToasts.mockReset();
    await act(() => router.navigate('/help'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenCalledTimes(3);
    expect(clearErrorToasts).toHaveBeenCalledTimes(3);
  });

  it('keeps the place when only the query changes (a filter, a record opened over the list)', async () => {
    const router = setUp();
    await act(() => router.navigate('/user/dashboard/transactions'));
    scrollTo.mockReset();
    await act(() => router.navigate('/user/dashboard/transactions?id=abc'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
