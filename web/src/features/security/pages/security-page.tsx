import { Page } from '@/components/ui/page';
import { usePageMeta } from '@/lib/page-meta';
import { PasskeysSection } from '../components/passkeys-section';

/**
 * /user/dashboard/security: the customer's own security, one section per concern. A plain
 * composition of section components (devices and sessions, security events and passkeys come
 * from separate branches and are merged here side by side).
 */
export function SecurityPage() {
  usePageMeta({
    title: 'Security',
    description: 'Your passkeys and the security of your Larkspur Bank account.',
  });
  return (
    <Page title="Security" intro="How you log in and confirm payments.">
      <div className="mt-6 space-y-6">
        <PasskeysSection />
      </div>
    </Page>
  );
}
