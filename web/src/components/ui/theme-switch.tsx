import type { ReactNode } from 'react';
import { setThemePreference, useThemePreference, type ThemePreference } from '@/lib/theme';
import { Icon } from './icon-base';

// The drawings live here rather than in ./icons, so the public header's chunk carries only these.
const glyphs: Record<ThemePreference, ReactNode> = {
  system: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />,
};

const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const order: readonly ThemePreference[] = ['system', 'light', 'dark'];

/**
 * `inverse`: on a deep panel (the signed-in sidebar, the transparent header over the home hero).
 */
export type ThemeSwitchTone = 'plain' | 'inverse';

const tones: Record<ThemeSwitchTone, { group: string; option: string; chosen: string }> = {
  plain: {
    group: 'bg-slate-100 ring-1 ring-inset ring-slate-200',
    option: 'text-slate-700 hover:bg-white hover:text-slate-900',
    chosen: 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-300',
  },
  inverse: {
    group: 'bg-white/10 ring-1 ring-inset ring-white/20',
    option: 'text-white/85 hover:bg-white/10 hover:text-white',
    chosen: 'bg-white/25 text-white',
  },
};

/**
 * System / Light / Dark (issue #14): three buttons, the chosen one pressed. System follows the
 * device's setting; the choice is remembered on this browser (lib/theme.ts).
 */
export function ThemeSwitch({
  tone = 'plain',
  className = '',
}: {
  tone?: ThemeSwitchTone;
  className?: string;
}) {
  const preference = useThemePreference();
  const colours = tones[tone];
  return (
    <div
      role="group"
      aria-label="Theme"
      className={`inline-flex gap-0.5 rounded-lg p-0.5 ${colours.group} ${className}`}
    >
      {order.map((option) => {
        const chosen = option === preference;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={chosen}
            title={`${labels[option]} theme`}
            onClick={() => setThemePreference(option)}
            className={`inline-flex min-h-9 min-w-9 items-center justify-center rounded-md px-2 ${chosen ? colours.chosen : colours.option}`}
          >
            <Icon className="size-5">{glyphs[option]}</Icon>
            <span className="sr-only">{labels[option]}</span>
          </button>
        );
      })}
    </div>
  );
}
