import { z } from 'zod';

/**
 * Staff permissions within the admin role (issue 19, decision 0167). The spec's roles stay `user`
 * and `admin`; every admin also holds one permission set, and each set is a list of capabilities.
 * This file is the one place that says who may do what: the server's `requireCapability` guard,
 * the session reply and the console's hidden buttons all read it.
 */

export const STAFF_CAPABILITIES = [
  /** Read everything in the back office: customers, records, loans, holds, audit, exports. */
  'backoffice.read',
  /** Customer service: case notes, reset codes, unlock, email change, profile edits. */
  'customers.serve',
  /** Approve (or reject) someone else's change of a customer's email address (decision 0182). */
  'customers.approve',
  /** Make manual money: credits, debits, record creation and edits (requests under maker-checker). */
  'money.request',
  /** Approve (or reject) someone else's money request. */
  'money.approve',
  /** Change a loan's status and approve loans (which pays them out). */
  'loans.approve',
  /** Release a held check deposit early or return it. */
  'holds.review',
  /** Create staff, change their permission set, disable and enable them. */
  'staff.manage',
  /** Bank-wide limits and settings, FX rates, a customer's daily limit. */
  'settings.manage',
] as const;
export const staffCapabilitySchema = z.enum(STAFF_CAPABILITIES);
export type StaffCapability = z.infer<typeof staffCapabilitySchema>;

/** The permission sets, least to most. */
export const STAFF_ROLES = ['operator', 'approver', 'administrator'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;
/** What `npm run admin:create` makes without a `--role`. */
export const STAFF_ROLE_DEFAULT: StaffRole = 'administrator';

const OPERATOR: readonly StaffCapability[] = ['backoffice.read', 'customers.serve', 'money.request'];
const APPROVER: readonly StaffCapability[] = [
  ...OPERATOR,
  'customers.approve',
  'money.approve',
  'loans.approve',
  'holds.review',
];

const CAPABILITIES_BY_ROLE: Record<StaffRole, readonly StaffCapability[]> = {
  operator: OPERATOR,
  approver: APPROVER,
  administrator: STAFF_CAPABILITIES,
};

/** Labels the console shows for each set. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  operator: 'Operator',
  approver: 'Approver',
  administrator: 'Administrator',
};

/** The capabilities of a permission set; none for a customer (no set) or an unknown value. */
export function capabilitiesOf(role: StaffRole | null | undefined): readonly StaffCapability[] {
  if (!role) return [];
  return Object.hasOwn(CAPABILITIES_BY_ROLE, role) ? CAPABILITIES_BY_ROLE[role] : [];
}

export function hasCapability(role: StaffRole | null | undefined, cap: StaffCapability): boolean {
  return capabilitiesOf(role).includes(cap);
}
