// What a person is told after they stop being signed in (issue 28: log out and remote sign-out
// "say what happened"). Logging out ends with a full page load of the home page (product §2), so the
// words ride across it in sessionStorage (this tab only) and the root layout shows them once.

const KEY = 'larkspur.signed-out';

export const LOGGED_OUT_NOTICE = 'You have logged out.';
export const SIGNED_OUT_ELSEWHERE_NOTICE =
  'You were signed out: your session was ended from another device or by a password change. Log in again to continue.';

/** Remembers, for the next page of this tab, that the person has just logged out. */
export function noteLoggedOut(): void {
  try {
    window.sessionStorage.setItem(KEY, LOGGED_OUT_NOTICE);
  } catch {
    // Storage refused (a private window's quota): the home page just says nothing.
  }
}

/** The notice left by the page before, once: reading it forgets it. */
export function takeSignOutNotice(): string | null {
  try {
    const notice = window.sessionStorage.getItem(KEY);
    if (notice !== null) window.sessionStorage.removeItem(KEY);
    return notice === LOGGED_OUT_NOTICE ? notice : null;
  } catch {
    return null;
  }
}

// A sign-out this tab explains itself (the idle timeout's own notice): the customer area must not
// also call it one from elsewhere.
let explainedHere = false;

/** Called by a part of this tab that ends the session and tells the person why itself. */
export function signOutExplainedHere(): void {
  explainedHere = true;
}

/** Whether the sign-out just seen was explained by this tab; reading it forgets it. */
export function takeSignOutExplainedHere(): boolean {
  const explained = explainedHere;
  explainedHere = false;
  return explained;
}
