import { GaugeIcon } from '@/components/ui/icons';
import type { ShellNavItem } from '@/components/ui/app-shell';
import { paths } from '@/config/paths';
import type { StaffCapability } from '@larkspur/contract';
import {
  AuditIcon,
  CheckHoldIcon,
  FxRateIcon,
  LedgerIcon,
  LoanIcon,
  RequestsIcon,
  StaffIcon,
  UsersIcon,
} from './admin-icons';

/** The admin console's navigation, in order: the overview, then one row per screen of issue #8. */
export const adminNav: readonly ShellNavItem[] = [
  { label: 'Overview', to: paths.adminDashboard, icon: GaugeIcon, end: true },
  { label: 'Users', to: paths.adminUsers, icon: UsersIcon },
  { label: 'Transactions', to: paths.adminTransactions, icon: LedgerIcon },
  { label: 'Loans', to: paths.adminLoans, icon: LoanIcon },
  // Issue 13: deposited checks held until they clear.
  { label: 'Check holds', to: paths.adminHolds, icon: CheckHoldIcon },
  // Issue 19: manual money waiting for a second approval (the shell adds the pending count).
  { label: 'Requests', to: paths.adminRequests, icon: RequestsIcon },
  // Issue 18: the posted rates international transfers are converted at.
  { label: 'FX rates', to: paths.adminFxRates, icon: FxRateIcon },
  { label: 'Audit log', to: paths.adminAudit, icon: AuditIcon },
  // Issue 19: administrators manage staff and their permission sets.
  { label: 'Staff', to: paths.adminStaff, icon: StaffIcon },
];

/** The capability a screen needs to be listed (decision 0167); the others need `backoffice.read`. */
const NAV_CAPABILITY: Partial<Record<string, StaffCapability>> = {
  [paths.adminStaff]: 'staff.manage',
};

/** The navigation a staff member with these capabilities sees. */
export function adminNavFor(capabilities: readonly StaffCapability[]): readonly ShellNavItem[] {
  return adminNav.filter((item) => capabilities.includes(NAV_CAPABILITY[item.to] ?? 'backoffice.read'));
}
