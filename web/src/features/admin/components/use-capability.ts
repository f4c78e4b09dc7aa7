import type { StaffCapability } from '@larkspur/contract';
import { useSession } from '@/lib/session';

/**
 * Whether the signed-in staff member's permission set holds `cap` (decision 0167), as the session
 * reply says. The console hides what they cannot do; the server is the gate either way.
 */
export function useCapability(cap: StaffCapability): boolean {
  const user = useSession().data?.user;
  return user?.role === 'admin' && user.capabilities.includes(cap);
}
