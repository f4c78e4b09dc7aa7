/**
 * Plain-English names for the audit log's action codes (server: audit.record calls). An action not
 * listed here (a new one) shows its code, which is still exact.
 */
export const auditActionLabels: Record<string, string> = {
  'admin.create': 'Admin account created',
  'admin.staff_create': 'Staff member added',
  'admin.staff_update': 'Staff member’s set or status changed',
  'admin.credit': 'Credit (deposit helper)',
  'admin.debit': 'Debit (withdrawal helper)',
  'admin.record_create': 'Record created',
  // Issue 19: maker-checker (decision 0170). A refused try (own request, already decided) is 'denied'.
  'admin.money_request.create': 'Money request made',
  'admin.money_request.approve': 'Money request: approval',
  'admin.money_request.reject': 'Money request: rejection',
  'admin.record_edit': 'Record edited',
  'admin.user_update': 'Customer updated',
  'admin.loan_approve': 'Loan approved',
  'admin.loan_status': 'Loan status set',
  'admin.password_reset_sent': 'Password-reset code sent by staff',
  'admin.sign_in_unlock': 'Sign-in unlocked by staff',
  'admin.email_change.code_sent': 'Email change: code sent to the new address',
  'admin.email_change': 'Email address changed by staff',
  'admin.export_records': 'Records exported (CSV)',
  'admin.export_audit': 'Audit log exported (CSV)',
  'admin.fx_rate': 'Exchange rate posted',
  'auth.signup': 'Sign-up',
  'auth.signup.repeated': 'Sign-up answered again (its first answer was lost)',
  'auth.login': 'Customer login',
  'auth.logout': 'Logout',
  'auth.lockout': 'Account locked after failed logins',
  'auth.admin_login': 'Admin login',
  'auth.admin_login.code_sent': 'Admin sign-in code sent',
  'auth.admin_verify': 'Admin code checked',
  'auth.password_change': 'Password change',
  'auth.password_reset.requested': 'Password reset asked for',
  'auth.password_reset': 'Password reset with a code',
  'auth.account_number.requested': 'Account number reminder asked for',
  'card.freeze': 'Card frozen',
  'card.unfreeze': 'Card unfrozen',
  'loan.apply': 'Loan application',
  'loan.cancel': 'Loan cancelled by the customer',
  'profile.update': 'Contact details changed by the customer',
  'session.revoke': 'Device signed out by the customer',
  'session.revoke_others': 'All other devices signed out by the customer',
};

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? action;
}

/** The action filter's choices: groups by prefix first, then every known action. */
export const auditActionChoices: readonly { value: string; label: string }[] = [
  { value: 'prefix:admin.', label: 'All admin actions' },
  { value: 'prefix:auth.', label: 'All security events (sign-ins, lockouts, passwords)' },
  ...Object.entries(auditActionLabels).map(([action, label]) => ({ value: `action:${action}`, label })),
];
