import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import {
  THEME_STORAGE_KEY,
  currentTheme,
  getThemePreference,
  setThemePreference,
  startThemeSync,
} from './theme';

/** A prefers-color-scheme query whose answer the test switches, telling its listeners as a browser does. */
function stubSystemTheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    set(next: 'light' | 'dark') {
      dark = next === 'dark';
      for (const listener of [...listeners]) listener();
    },
  };
}

const htmlTheme = () => document.documentElement.getAttribute('data-theme');
let stop: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  stop?.();
  stop = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

describe('theme store', () => {
  it('follows the system by default: dark system, dark theme; nothing stored', () => {
    stubSystemTheme('dark');
    stop = startThemeSync();
    expect(getThemePreference()).toBe('system');
    expect(currentTheme()).toBe('dark');
    expect(htmlTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('keeps an explicit choice in localStorage and applies it over the system setting', () => {
    const system = stubSystemTheme('dark');
    stop = startThemeSync();
    setThemePreference('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(htmlTheme()).toBe('light');
    // A system change does not override an explicit choice.
    system.set('light');
    system.set('dark');
    expect(htmlTheme()).toBe('light');
    // Back to System: the stored choice goes and the system setting rules again.
    setThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(htmlTheme()).toBe('dark');
  });

  it('follows a change of the system setting while on System', () => {
    const system = stubSystemTheme('light');
    stop = startThemeSync();
    expect(htmlTheme()).toBe('light');
    system.set('dark');
    expect(htmlTheme()).toBe('dark');
    system.set('light');
    expect(htmlTheme()).toBe('light');
  });

  it('ignores a stored value it does not know (System)', () => {
    stubSystemTheme('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(getThemePreference()).toBe('system');
    expect(currentTheme()).toBe('light');
  });

  it('falls back to System when storage is unavailable', () => {
    stubSystemTheme('dark');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      expect(getThemePreference()).toBe('system');
      expect(currentTheme()).toBe('dark');
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('theme-init.js (the script that runs before first paint)', () => {
  const script = fs.readFileSync(path.resolve(__dirname, '../../public/theme-init.js'), 'utf8');
  const run = () => new Function(script)();

  it('reads the same key as the store and applies the same rule', () => {
    const system = stubSystemTheme('dark');
    run();
    expect(htmlTheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    run();
    expect(htmlTheme()).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    system.set('light');
    expect(htmlTheme()).toBe('dark');
    localStorage.removeItem(THEME_STORAGE_KEY);
    system.set('light');
    expect(htmlTheme()).toBe('light');
  });
});

describe('ThemeSwitch', () => {
  it('shows the choice pressed and changes theme on a click', () => {
    stubSystemTheme('light');
    stop = startThemeSync();
    render(<ThemeSwitch />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Dark' })));
    expect(screen.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'false');
    expect(htmlTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });
});
