import type { LoanStatus, UserStatus } from '@larkspur/contract';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { userStatusLabels } from './format';

const userTones: Record<UserStatus, BadgeTone> = {
  active: 'success',
  suspended: 'warning',
  closed: 'neutral',
};

const loanTones: Record<LoanStatus, BadgeTone> = {
  Pending: 'info',
  'Under Review': 'info',
  Approved: 'success',
  Rejected: 'danger',
  Cancelled: 'neutral',
};

const outcomeTones = { success: 'success', failure: 'danger', denied: 'warning' } as const satisfies Record<
  string,
  BadgeTone
>;

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <StatusBadge tone={userTones[status]}>{userStatusLabels[status]}</StatusBadge>;
}

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <StatusBadge tone={loanTones[status]}>{status}</StatusBadge>;
}

export function OutcomeBadge({ outcome }: { outcome: keyof typeof outcomeTones }) {
  return (
    <StatusBadge tone={outcomeTones[outcome]}>
      {outcome.charAt(0).toUpperCase() + outcome.slice(1)}
    </StatusBadge>
  );
}
