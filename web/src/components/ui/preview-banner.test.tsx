import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_DISCONNECTED_TEXT, PREVIEW_RUNNING_TEXT, PreviewBanner } from './preview-banner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A health endpoint whose answer the test switches: up (200), down (503) or unreachable. */
function stubHealth(initial: 'up' | 'down' | 'unreachable') {
  let state = initial;
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toBe('/api/health');
    if (state === 'unreachable') throw new TypeError('Failed to fetch');
    return new Response('{}', { status: state === 'up' ? 200 : 503 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { set: (next: typeof state) => (state = next), fetchMock };
}

describe('PreviewBanner', () => {
  it('says the backend runs while /api/health answers', async () => {
    stubHealth('up');
    render(<PreviewBanner />);
    expect(await screen.findByRole('status')).toHaveTextContent(PREVIEW_RUNNING_TEXT);
    expect(PREVIEW_RUNNING_TEXT).toBe('Preview backend running in this workspace.');
  });

  it('says it is disconnected when /api/health fails or cannot be reached', async () => {
    stubHealth('down');
    render(<PreviewBanner />);
    expect(await screen.findByRole('status')).toHaveTextContent(PREVIEW_DISCONNECTED_TEXT);
    expect(PREVIEW_DISCONNECTED_TEXT).toBe('Preview backend disconnected.');
  });

  it('follows the backend going away and coming back, polling on its interval', async () => {
    const health = stubHealth('up');
    render(<PreviewBanner pollIntervalMs={20} />);
    expect(await screen.findByText(PREVIEW_RUNNING_TEXT)).toBeInTheDocument();
    act(() => void health.set('unreachable'));
    expect(await screen.findByText(PREVIEW_DISCONNECTED_TEXT)).toBeInTheDocument();
    act(() => void health.set('up'));
    expect(await screen.findByText(PREVIEW_RUNNING_TEXT)).toBeInTheDocument();
    expect(health.fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});
