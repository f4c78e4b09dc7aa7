import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { PreviewBanner } from '@/components/ui/preview-banner';
import { Toaster } from '@/components/ui/toaster';
import { useGlobalLoading } from '@/lib/global-loading';
import { takeSignOutNotice } from '@/lib/sign-out-notice';
import { toast } from '@/lib/toast';
import { NavigationEffects } from './navigation-effects';

/** Wraps every screen: scroll-to-top and error toasts cleared on every navigation, toasts (the logged-out notice too), the global loader, the preview banner. */
export function RootLayout() {
  const globalLoading = useGlobalLoading();
  // The page after Log Out says so (the logout ends with a full page load of the home page).
  useEffect(() => {
    const notice = takeSignOutNotice();
    if (notice) toast.info(notice);
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <NavigationEffects />
      <Outlet />
      <Toaster />
      {globalLoading ? <FullScreenLoader /> : null}
      {/* import.meta.env.DEV itself, so production builds drop the banner's code entirely. */}
      {import.meta.env.DEV ? <PreviewBanner /> : null}
    </>
  );
}
