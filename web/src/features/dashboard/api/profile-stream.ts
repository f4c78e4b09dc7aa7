import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey, profileParser } from '@/lib/me';
import { refreshSession } from '@/lib/session';

export const PROFILE_STREAM_URL = '/api/me/stream';
/** The server's event name for "here is the profile as it is now". */
export const PROFILE_EVENT = 'profile';

/**
 * GET /api/me/stream (Server-Sent Events): the server sends the profile when the stream opens and
 * again whenever it changes (an incoming transfer, an admin credit, an edit in another tab). Each
 * one replaces the `['me']` cache entry, so every screen showing the balance updates in place.
 * EventSource reconnects by itself after a dropped connection (the server asks for 3 s).
 */
export function useProfileStream(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(PROFILE_STREAM_URL);
    const onProfile = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = profileParser.safeParse(data);
      if (parsed.success) queryClient.setQueryData(meQueryKey, parsed.data);
    };
    // EventSource gives up (CLOSED) only when the server refuses the stream, e.g. 401 after this
    // session was signed out from another device: ask who is signed in, and the area's guard takes
    // the person to the login page at once rather than at their next click (issue 17).
    const onError = () => {
      if (source.readyState === EventSource.CLOSED) refreshSession().catch(() => undefined);
    };
    source.addEventListener(PROFILE_EVENT, onProfile);
    source.addEventListener('error', onError);
    return () => {
      source.removeEventListener(PROFILE_EVENT, onProfile);
      source.removeEventListener('error', onError);
      source.close();
    };
  }, [enabled, queryClient]);
}
