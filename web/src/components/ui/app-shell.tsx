import { useId, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link, NavLink } from 'react-router';
import { Spinner } from './button';
import { CloseIcon, LogOutIcon, MenuIcon } from './icons';
import { ThemeSwitch } from './theme-switch';

export interface ShellNavItem {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on this exact path (the area's index page). */
  end?: boolean;
  /** A count shown beside the label when above zero, e.g. requests waiting; `label` is read out. */
  count?: { value: number; label: string };
}

export interface ShellPerson {
  name: string;
  /** A second line under the name: the account number, or the admin's email. */
  detail: string;
  avatarUrl?: string;
}

type Tone = 'customer' | 'admin';

const tones: Record<Tone, { panel: string; badge: string; link: string; active: string; muted: string }> = {
  customer: {
    panel: 'bg-brand-900 text-white',
    badge: 'bg-brand-700 text-white',
    link: 'text-brand-100 hover:bg-white/10 hover:text-white',
    active: 'bg-white/15 text-white',
    muted: 'text-brand-200',
  },
  admin: {
    panel: 'bg-slate-900 text-white',
    badge: 'bg-amber-300 text-slate-950',
    link: 'text-slate-200 hover:bg-white/10 hover:text-white',
    active: 'bg-white/15 text-white',
    muted: 'text-slate-300',
  },
};

interface AppShellProps {
  /** Which part of the bank this is, shown beside the logo ("Online Banking", "Admin"). */
  areaLabel: string;
  navLabel: string;
  nav: readonly ShellNavItem[];
  person: ShellPerson;
  onLogout: () => void;
  loggingOut: boolean;
  tone: Tone;
  children: ReactNode;
}

/**
 * The frame of a signed-in area: a sidebar from the large breakpoint up, a top bar with a menu
 * button below it. The page inside renders its own `<main id="main">` and `<h1>`.
 */
export function AppShell({
  areaLabel,
  navLabel,
  nav,
  person,
  onLogout,
  loggingOut,
  tone,
  children,
}: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const colours = tones[tone];

  const navList = (onNavigate?: () => void) => (
    <ul className="space-y-1">
      {nav.map(({ label, to, icon: Icon, end, count }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${isActive ? colours.active : colours.link}`
            }
          >
            <Icon className="size-5 shrink-0" />
            {label}
            {count && count.value > 0 ? (
              <span
                className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${colours.badge}`}
              >
                {count.value.toLocaleString('en-US')}
                <span className="sr-only"> {count.label}</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  const personBlock = (
    <div className="flex min-w-0 items-center gap-3">
      {person.avatarUrl ? (
        <img src={person.avatarUrl} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full" />
      ) : null}
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{person.name}</p>
        <p className={`truncate text-xs ${colours.muted}`}>{person.detail}</p>
      </div>
    </div>
  );

  const logoutButton = (
    <button
      type="button"
      onClick={onLogout}
      disabled={loggingOut}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium disabled:opacity-70 ${colours.link}`}
    >
      {loggingOut ? <Spinner className="size-5" /> : <LogOutIcon className="size-5" />}
      Log Out
    </button>
  );

  // The user menu's theme choice (issue #14); the panels are deep in both themes.
  const themeSwitch = <ThemeSwitch tone="inverse" className="mx-2" />;

  const brand = (
    <Link to="/" className="flex flex-col rounded-md leading-tight">
      <span className="text-lg font-semibold tracking-tight whitespace-nowrap">Larkspur Bank</span>
      <span
        className={`mt-0.5 self-start rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${colours.badge}`}
      >
        {areaLabel}
      </span>
    </Link>
  );

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Phones and tablets: a top bar and a menu that opens beneath it. */}
      <header className={`sticky top-0 z-30 lg:hidden ${colours.panel}`}>
        <div className="flex h-16 items-center justify-between gap-3 px-4">
          {brand}
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-white/10"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            Menu
          </button>
        </div>
        {menuOpen ? (
          <div
            id={menuId}
            className="space-y-4 border-t border-white/15 px-4 pt-3 pb-4"
            onKeyDown={(event) => {
              if (event.key === 'Escape') setMenuOpen(false);
            }}
          >
            <nav aria-label={navLabel}>{navList(() => setMenuOpen(false))}</nav>
            <div className="space-y-2 border-t border-white/15 pt-4">
              {personBlock}
              {themeSwitch}
              {logoutButton}
            </div>
          </div>
        ) : null}
      </header>

      {/* Large screens: a fixed sidebar. */}
      <aside
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-30 hidden w-64 flex-col justify-between p-4 lg:flex ${colours.panel}`}
      >
        <div className="space-y-8">
          <div className="px-2 pt-2">{brand}</div>
          <nav aria-label={navLabel}>{navList()}</nav>
        </div>
        <div className="space-y-3 border-t border-white/15 pt-4">
          <div className="px-2">{personBlock}</div>
          {themeSwitch}
          {logoutButton}
        </div>
      </aside>

      <div className="lg:pl-64">{children}</div>
    </div>
  );
}
