import { afterEach, describe, expect, it } from 'vitest';
import { LOGGED_OUT_NOTICE, noteLoggedOut, takeSignOutNotice } from './sign-out-notice';

afterEach(() => window.sessionStorage.clear());

describe('the signed-out notice', () => {
  it('is said once on the page after logging out', () => {
    expect(takeSignOutNotice()).toBeNull();
    noteLoggedOut();
    expect(takeSignOutNotice()).toBe(LOGGED_OUT_NOTICE);
    expect(takeSignOutNotice()).toBeNull();
  });

  it('shows only its own words, never whatever a page put in storage', () => {
    window.sessionStorage.setItem('larkspur.signed-out', '<img src=x onerror=alert(1)>');
    expect(takeSignOutNotice()).toBeNull();
  });
});
