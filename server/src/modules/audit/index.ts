// The audit module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { AUDIT_REASON_LENGTH_MAX, createAuditLog, type AuditEntry, type AuditLog } from './audit-log';
