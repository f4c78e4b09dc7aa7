/**
 * Staff permissions within the admin role (issue 19). On this branch every admin holds every
 * capability: the staff slice replaces this file with real permission sets (operator, approver,
 * administrator). The names below are the ones both slices check on the server.
 */
export const STAFF_CAPABILITIES = [
  'backoffice.read',
  'customers.serve',
  'money.request',
  'money.approve',
  'loans.approve',
  'holds.review',
  'staff.manage',
  'settings.manage',
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

export const STAFF_ROLES = ['operator', 'approver', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const roleCapabilities: Record<StaffRole, readonly StaffCapability[]> = {
  operator: ['backoffice.read', 'customers.serve', 'money.request'],
  approver: [
    'backoffice.read',
    'customers.serve',
    'money.request',
    'money.approve',
    'loans.approve',
    'holds.review',
  ],
  administrator: STAFF_CAPABILITIES,
};

/** What a staff role may do. */
export function capabilitiesOf(role: StaffRole): readonly StaffCapability[] {
  return roleCapabilities[role];
}
