import { Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Header, page and footer of every public and guest page (product §2 "Public layout"). The header is
 * fixed, so pages start below it — except the home page, whose hero runs underneath it.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const heroUnderHeader = pathname === paths.home;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader overlay={heroUnderHeader} />
      <div className={`flex flex-1 flex-col ${heroUnderHeader ? '' : 'pt-16'}`}>
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
