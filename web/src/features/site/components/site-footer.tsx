import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { footerNavigation } from '../content/navigation';
import { Logo } from './logo';
import { SocialLinks } from './social-links';

const unchanging = () => () => undefined;
const currentYear = () => new Date().getFullYear();

/**
 * The year of the copyright line. A prerendered page carries its build's year, and hydration must
 * render what the HTML says; right after it, React renders again with this year (the two
 * snapshots differ), so a page built last December says this year.
 */
function useCopyrightYear(): number {
  return useSyncExternalStore(unchanging, currentYear, () => __LARKSPUR_BUILD_YEAR__);
}

export function SiteFooter() {
  const year = useCopyrightYear();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_2fr]">
          <div className="max-w-sm">
            <Link to={paths.home} className="inline-flex rounded text-white">
              <Logo inverse />
            </Link>
            <p className="mt-4 text-sm leading-6 text-brand-100">
              Everyday banking, savings, loans and investing — secure, simple and smart. Here when you need
              us, online and in our branches.
            </p>
            <div className="mt-6">
              <SocialLinks />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {footerNavigation.map((group) => (
              <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
                <h2 id={`footer-${group.title}`} className="text-sm font-semibold text-white">
                  {group.title}
                </h2>
                <ul className="mt-3 space-y-1">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="inline-block py-1.5 text-sm text-brand-100 underline-offset-4 hover:text-white hover:underline"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="mt-12 border-t border-white/15 pt-6 text-xs leading-5 text-brand-200">
          <p className="text-sm text-brand-100">© {year} Larkspur Bank. All rights reserved.</p>
          <p className="mt-2 max-w-4xl">
            Larkspur Bank is open-source banking software. Unless the organisation running this site says
            otherwise, it is not a chartered bank and deposits are not FDIC-insured. Rates, fees and limits on
            these pages are illustrative examples, not offers. See our{' '}
            <Link to={paths.disclosures} className="underline underline-offset-2 hover:text-white">
              disclosures
            </Link>
            .
          </p>
        </div>
      </div>
    </footer>
  );
}
