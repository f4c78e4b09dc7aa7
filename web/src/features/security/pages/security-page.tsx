import { Page } from '@/components/ui/page';
import { usePageMeta } from '@/lib/page-meta';
import { PasskeysSection } from '../components/passkeys-section';
import { SecurityEventsSection } from '../components/security-events-section';
import { SessionsSection } from '../components/sessions-section';

/**
 * /user/dashboard/security (issue 17): a plain composition of sections — devices and sessions,
 * passkeys, recent security activity. Each section loads on its own.
 */
export function SecurityPage() {
  usePageMeta({
    title: 'Security',
    description: 'Where you are signed in to Larkspur Bank, your passkeys and your recent security activity.',
  });
  return (
    <Page
      title="Security"
      intro="Where you are signed in, how you sign in and confirm payments, and what happened on your account lately."
    >
      <div className="mt-6 space-y-6">
        <SessionsSection />
        <PasskeysSection />
        <SecurityEventsSection />
      </div>
    </Page>
  );
}
