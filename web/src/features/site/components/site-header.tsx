import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon-base';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { paths } from '@/config/paths';
import { useLogout, useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { mainNavigation } from '../content/navigation';
import { Logo } from './logo';

const HeaderSlideshow = lazy(() =>
  import('./hero-slideshow').then((m) => ({ default: () => <m.HeroSlideshow priority="low" /> })),
);

// Only the tiny shared drawing, not components/ui/icons: that module would then ship, whole, in
// the code every page downloads (a module is never split between chunks).
function MenuGlyph({ open }: { open: boolean }) {
  return (
    <Icon>
      <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
    </Icon>
  );
}

/** Scrolled further than this, the home page's transparent header turns solid. */
export const HEADER_SOLID_AFTER_PX = 24;

function useScrolledPast(thresholdPx: number, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setPast(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx, enabled]);
  return enabled && past;
}

/**
 * The fixed public header (product §2): logo, five links, and Log In / Get Started for guests or Log Out
 * for a signed-in person. Below the `lg` breakpoint the links fold into a disclosure menu that
 * closes on Escape (focus back on its button), on navigation, on a click outside the header and
 * when focus leaves the header.
 *
 * `overlay`: the header floats transparent over the home page's hero until the page scrolls.
 */
export function SiteHeader({ overlay = false }: { overlay?: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const session = useSession();
  const logout = useLogout();
  const signedIn = Boolean(session.data?.user);
  const scrolled = useScrolledPast(HEADER_SOLID_AFTER_PX, overlay);
  const transparent = overlay && !scrolled && !open;
  // product §1: the public header has the rotating background on every public page. Over the home
  // page's hero it is the hero's own slideshow; elsewhere (and once the home page scrolls) the bar
  // carries it itself. With the mobile menu open the bar is plain white, like the menu below it.
  const pictured = !transparent && !open;
  const inverse = transparent || pictured;
  // Not in the prerendered HTML: a lazy part there would need an inline script (the CSP refuses it).
  const hydrated = useHydrated();

  // Any navigation closes the menu (including one to the page already shown).
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Tabbing out of the header closes the menu; a click on empty space (no new target) does not.
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  const tone = transparent
    ? 'border-transparent bg-transparent text-white'
    : pictured
      ? 'border-transparent bg-brand-950 text-white shadow-sm'
      : 'border-slate-200 bg-white/95 text-slate-900 shadow-sm backdrop-blur';
  const linkTone = inverse
    ? 'text-white hover:bg-white/10'
    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900';
  const activeTone = inverse ? 'bg-white/15' : 'text-brand-800 bg-brand-50';

  return (
    <header
      ref={headerRef}
      onBlur={onBlur}
      className={`fixed inset-x-0 top-0 z-30 isolate h-16 border-b transition-colors duration-200 ${tone}`}
      data-pictured={pictured}
    >
      {pictured && hydrated ? (
        <div className="absolute inset-0 -z-10 overflow-hidden" data-testid="header-slideshow">
          {/* Its own chunk, after the page: the first chunk stays small (decision 0011). */}
          <Suspense fallback={null}>
            <HeaderSlideshow />
          </Suspense>
        </div>
      ) : null}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="rounded-md">
          <Logo inverse={inverse} />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${linkTone} ${isActive ? activeTone : ''}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <ThemeSwitch tone={inverse ? 'inverse' : 'plain'} />
          {signedIn ? (
            <Button
              variant={inverse ? 'outline-inverse' : 'secondary'}
              onClick={logout.run}
              disabled={logout.isPending}
            >
              Log Out
            </Button>
          ) : (
            <>
              <ButtonLink to={paths.login} variant={inverse ? 'outline-inverse' : 'ghost'}>
                Log In
              </ButtonLink>
              <ButtonLink to={paths.signup} variant={inverse ? 'inverse' : 'primary'}>
                Get Started
              </ButtonLink>
            </>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className={`-mr-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold lg:hidden ${linkTone}`}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuGlyph open={open} />
          Menu
        </button>
      </div>

      <div
        id={menuId}
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white text-slate-900 shadow-lg lg:hidden"
      >
        <nav aria-label="Main" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <ul>
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `flex min-h-12 items-center rounded-lg px-3 text-base font-medium ${
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <span className="text-sm font-medium text-slate-700">Theme</span>
            <ThemeSwitch />
          </div>
          <div className="mt-3 grid gap-2 border-t border-slate-200 pt-4 pb-2 sm:grid-cols-2">
            {signedIn ? (
              <Button variant="secondary" size="lg" onClick={logout.run} disabled={logout.isPending}>
                Log Out
              </Button>
            ) : (
              <>
                <ButtonLink to={paths.login} variant="secondary" size="lg">
                  Log In
                </ButtonLink>
                <ButtonLink to={paths.signup} variant="primary" size="lg">
                  Get Started
                </ButtonLink>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
