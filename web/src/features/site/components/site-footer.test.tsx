import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

const footerRouter = () =>
  createMemoryRouter([{ path: '/', element: <SiteFooter /> }], { initialEntries: ['/'] });

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('SiteFooter', () => {
  it('adopts a page prerendered last year without a mismatch, then shows this year', async () => {
    const html = renderToString(<RouterProvider router={footerRouter()} />);
    expect(html.replaceAll('<!-- -->', '')).toContain(`© ${__LARKSPUR_BUILD_YEAR__} Larkspur Bank`);

    // The visitor opens it on 2 January of the next year.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(__LARKSPUR_BUILD_YEAR__ + 1, 0, 2, 9, 0, 0));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={footerRouter()} />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(container.textContent).toContain(`© ${__LARKSPUR_BUILD_YEAR__ + 1} Larkspur Bank`);
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
