import { Page } from '@/components/ui/page';
import { usePageMeta } from '@/lib/page-meta';
import { SecurityEventsSection } from '../components/security-events-section';
import { SessionsSection } from '../components/sessions-section';

/**
 * /user/dashboard/security (issue 17): a plain composition of sections — devices and sessions,
 * recent security activity (and, from the passkeys work, passkeys). Each section loads on its own.
 */
export function SecurityPage() {
  usePageMeta({
    title: 'Security',
    description: 'Where you are signed in to Larkspur Bank, and your recent security activity.',
  });
  return (
    <Page title="Security" intro="Where you are signed in, and what happened on your account lately.">
      <div className="mt-6 space-y-6">
        <SessionsSection />
        <SecurityEventsSection />
      </div>
    </Page>
  );
}
