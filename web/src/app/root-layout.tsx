import { Outlet } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { PreviewBanner } from '@/components/ui/preview-banner';
import { Toaster } from '@/components/ui/toaster';
import { useGlobalLoading } from '@/lib/global-loading';
import { NavigationEffects } from './navigation-effects';

/** Wraps every screen: scroll-to-top and error toasts cleared on every navigation, toasts, the global loader, the preview banner. */
export function RootLayout() {
  const globalLoading = useGlobalLoading();
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
