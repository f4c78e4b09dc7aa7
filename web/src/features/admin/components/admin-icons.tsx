import { Icon, type IconProps } from '@/components/ui/icon-base';

// The console's own nav icons, on the shared line-icon drawing.
export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.6a3.5 3.5 0 010 6.8M18 14.3c2.1.7 3.5 2.9 3.5 5.7" />
  </Icon>
);

export const LedgerIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 7h13M7 12h13M7 17h13" />
    <path d="M3.5 7h.01M3.5 12h.01M3.5 17h.01" />
  </Icon>
);

export const LoanIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6.5 9.5v.01M17.5 14.5v.01" />
  </Icon>
);

export const AuditIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M15 3v4h4M9 12h6M9 16h4" />
  </Icon>
);

export const CheckHoldIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="6" width="19" height="12" rx="1.5" />
    <path d="M6 10h6M6 14h4" />
    <circle cx="17" cy="13" r="2.5" />
    <path d="M17 11.8V13l.8.6" />
  </Icon>
);

/** Staff: a badge on a lanyard (decision 0168). */
export const StaffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 3l3 4 3-4" />
    <rect x="5" y="7" width="14" height="14" rx="2" />
    <circle cx="12" cy="12.5" r="2" />
    <path d="M8.5 18c.7-1.5 2-2.2 3.5-2.2s2.8.7 3.5 2.2" />
  </Icon>
);

/** Requests: a clipboard with a tick (maker-checker, decision 0170). */
export const RequestsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 3h8v3H8z" />
    <path d="M16 4.5h2.5V21h-13V4.5H8" />
    <path d="M9 12.5l2 2 4-4" />
  </Icon>
);

/** Two arrows exchanging: the FX rates screen (issue 18). */
export const FxRateIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8h13l-3.5-3.5M20 16H7l3.5 3.5" />
  </Icon>
);
