import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError, type ResponseSchema } from '@/lib/api-client';
import { clearIdleDeadline, noteIdleDeadline, useIdleDeadline } from '@/lib/idle-deadline';
import { sessionResponseParser, setSession, useLogout, useSession } from '@/lib/session';
import { signOutExplainedHere } from '@/lib/sign-out-notice';
import { toast } from '@/lib/toast';
import { PendingButton } from './pending-button';
import { Dialog } from './dialog';

/** The warning opens this long before the server would end the session (DESIGN §3). */
export const IDLE_WARNING_BEFORE_MS = 60_000;
/**
 * The server's idle timeout (its SESSION_IDLE_TIMEOUT_MS default), for the words the person reads.
 * The timing itself always comes from the deadline the server reports, never from this number.
 */
export const SESSION_IDLE_TIMEOUT_MINUTES = 15;
/** How often the countdown in the open dialog updates. */
const COUNTDOWN_TICK_MS = 1_000;

export const IDLE_WARNING_TITLE = 'You will be signed out soon';
export const SIGNED_OUT_FOR_INACTIVITY = `You were signed out after ${SESSION_IDLE_TIMEOUT_MINUTES} minutes of inactivity.`;

/** Logging out answers `{ ok: true }`; here only the side effect matters, so any answer will do. */
const anyAnswer: ResponseSchema<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

type Phase = 'none' | 'active' | 'warning' | 'expired';

function phaseAt(nowMs: number, deadlineMs: number | null): Phase {
  if (deadlineMs === null) return 'none';
  if (nowMs >= deadlineMs) return 'expired';
  if (nowMs >= deadlineMs - IDLE_WARNING_BEFORE_MS) return 'warning';
  return 'active';
}

function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Mounted in both signed-in shells. A minute before the server's idle deadline it opens a modal
 * dialog: "Stay signed in" extends the session (Escape does the same: the safe choice for someone
 * who is clearly there), "Log out" ends it. If the deadline passes, the app forgets everything it
 * held about the person and goes to the sign-in page with a note saying why.
 */
export function IdleTimeoutWarning({ signInPath }: { signInPath: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const deadline = useIdleDeadline();
  const stayButtonRef = useRef<HTMLButtonElement>(null);

  // The session body carries the deadline too (the first page load has made no other request yet).
  const sessionDeadline = useSession().data?.idleExpiresAt;
  useEffect(() => noteIdleDeadline(sessionDeadline), [sessionDeadline]);

  // `now` advances only when something is due: the warning, each second of the countdown, the end.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    let timer: number | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const warnAt = deadline - IDLE_WARNING_BEFORE_MS;
      if (current < warnAt) timer = window.setTimeout(tick, warnAt - current);
      else if (current < deadline)
        timer = window.setTimeout(tick, Math.min(COUNTDOWN_TICK_MS, deadline - current));
    };
    timer = window.setTimeout(tick, 0);
    // A sleeping laptop or a background tab delays timers: look at the clock again on return.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      window.clearTimeout(timer);
      tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [deadline]);

  const signingOut = useRef(false);
  const signOutForInactivity = useCallback(async () => {
    if (signingOut.current) return;
    signingOut.current = true;
    clearIdleDeadline();
    // The server ends the session by itself at the deadline; asking it too covers a clock that
    // runs a little behind, so the sign-in page's guard cannot find the session still alive.
    await api('/api/auth/logout', { method: 'POST', schema: anyAnswer }).catch(() => undefined);
    queryClient.clear();
    signOutExplainedHere();
    setSession({ user: null, idleExpiresAt: null });
    toast.info(SIGNED_OUT_FOR_INACTIVITY);
    await navigate(signInPath, { replace: true });
  }, [navigate, queryClient, signInPath]);

  const phase = phaseAt(now, deadline);
  useEffect(() => {
    if (phase === 'expired') void signOutForInactivity();
  }, [phase, signOutForInactivity]);

  const stay = useMutation({
    mutationFn: () => api('/api/auth/session/refresh', { method: 'POST', schema: sessionResponseParser }),
    meta: { handlesErrors: true },
    onSuccess: (session) => {
      noteIdleDeadline(session.idleExpiresAt);
      setSession(session);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) void signOutForInactivity();
      else toast.error(error instanceof ApiError ? error.message : 'We could not keep you signed in.');
    },
  });

  if (phase !== 'warning' || deadline === null) return null;
  const keepSession = () => {
    if (!stay.isPending) stay.mutate();
  };
  return (
    <Dialog
      title={IDLE_WARNING_TITLE}
      onDismiss={keepSession}
      initialFocusRef={stayButtonRef}
      description={
        <>
          <p>
            For your security we sign you out after {SESSION_IDLE_TIMEOUT_MINUTES} minutes without activity.
          </p>
          <p className="mt-2">
            Time left:{' '}
            <span className="font-semibold tabular-nums text-slate-900">{countdown(deadline - now)}</span>
          </p>
        </>
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <PendingButton variant="secondary" onClick={logout.run} pending={logout.isPending}>
          Log out
        </PendingButton>
        <PendingButton ref={stayButtonRef} onClick={keepSession} pending={stay.isPending}>
          Stay signed in
        </PendingButton>
      </div>
    </Dialog>
  );
}
