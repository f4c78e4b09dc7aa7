import { GaugeIcon } from '@/components/ui/icons';
import type { ShellNavItem } from '@/components/ui/app-shell';
import { paths } from '@/config/paths';
import { AuditIcon, CheckHoldIcon, FxRateIcon, LedgerIcon, LoanIcon, UsersIcon } from './admin-icons';

/** The admin console's navigation, in order: the overview, then one row per screen of issue #8. */
export const adminNav: readonly ShellNavItem[] = [
  { label: 'Overview', to: paths.adminDashboard, icon: GaugeIcon, end: true },
  { label: 'Users', to: paths.adminUsers, icon: UsersIcon },
  { label: 'Transactions', to: paths.adminTransactions, icon: LedgerIcon },
  { label: 'Loans', to: paths.adminLoans, icon: LoanIcon },
  // Issue 13: deposited checks held until they clear.
  { label: 'Check holds', to: paths.adminHolds, icon: CheckHoldIcon },
  // Issue 18: the posted rates international transfers are converted at.
  { label: 'FX rates', to: paths.adminFxRates, icon: FxRateIcon },
  { label: 'Audit log', to: paths.adminAudit, icon: AuditIcon },
];
