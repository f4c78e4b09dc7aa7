import { useSyncExternalStore } from 'react';

/**
 * The colour theme (issue #14, docs/decisions/0110-theming.md). The person chooses System (the
 * default: follow the operating system's light or dark setting), Light or Dark; the choice is kept
 * in localStorage on this browser. The theme in force is the `data-theme` attribute on <html>,
 * which styles.css keys its dark palette on. web/public/theme-init.js sets it before first paint
 * with the same key and rule; this module keeps it right while the app runs.
 */
export type ThemePreference = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
/** The localStorage key; theme-init.js reads the same one. */
export const THEME_STORAGE_KEY = 'larkspur-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

function parsePreference(value: string | null): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The stored choice; System when none is stored or storage is unavailable (private mode, blocked). */
export function getThemePreference(): ThemePreference {
  try {
    return parsePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** The theme in force now: the choice, or the system's setting under System. */
export function currentTheme(): Theme {
  return resolveTheme(getThemePreference(), darkQuery()?.matches ?? false);
}

function applyTheme(): void {
  document.documentElement.setAttribute('data-theme', currentTheme());
}

function notify(): void {
  applyTheme();
  for (const listener of listeners) listener();
}

/** Records the choice (System removes it, so a later change of default reaches this browser) and applies it. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable: the choice still holds for this page.
    document.documentElement.setAttribute(
      'data-theme',
      resolveTheme(preference, darkQuery()?.matches ?? false),
    );
    for (const listener of listeners) listener();
    return;
  }
  notify();
}

/**
 * Keeps <html> in step while the app runs: a change of the system setting (followed under System)
 * and a choice made in another tab (the storage event). Returns the function that stops it.
 */
export function startThemeSync(): () => void {
  applyTheme();
  const query = darkQuery();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
  };
  query?.addEventListener('change', notify);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', notify);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice, for the switch. Prerendering (no browser) and hydration see System. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, getThemePreference, () => 'system');
}
