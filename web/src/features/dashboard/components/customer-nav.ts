import { CardIcon, DepositIcon, ListIcon, LoanIcon, SendIcon } from '@/components/ui/banking-icons';
import { ClockIcon, HomeIcon, PayeesIcon, ShieldIcon, UserIcon } from '@/components/ui/icons';
import type { ShellNavItem } from '@/components/ui/app-shell';
import { paths } from '@/config/paths';

/**
 * The customer area's navigation, in order. A new screen adds one row here once its route exists —
 * never before. Send money and Deposit check are pages of their own (docs/decisions/0050), so they
 * sit here beside the screens that show money, and on the overview as quick actions.
 */
export const customerNav: readonly ShellNavItem[] = [
  { label: 'Overview', to: paths.userDashboard, icon: HomeIcon, end: true },
  { label: 'Send money', to: paths.userSendMoney, icon: SendIcon },
  { label: 'Payees', to: paths.userPayees, icon: PayeesIcon },
  { label: 'Scheduled', to: paths.userScheduled, icon: ClockIcon },
  { label: 'Deposit check', to: paths.userDepositCheck, icon: DepositIcon },
  { label: 'Transactions', to: paths.userTransactions, icon: ListIcon },
  { label: 'Cards', to: paths.userCards, icon: CardIcon },
  { label: 'Loans', to: paths.userLoans, icon: LoanIcon },
  { label: 'Profile', to: paths.userProfile, icon: UserIcon },
  { label: 'Security', to: paths.userSecurity, icon: ShieldIcon },
];
