// The email module's public surface: later modules import from here, not from its files.
export { createEmailModule, type EmailModule } from './email-module';
export type { Outbox } from './outbox';
export { OUTBOX_ATTEMPTS_MAX, type OutboxRunResult, type OutboxWorker } from './outbox-worker';
export {
  OTP_ATTEMPTS_MAX,
  OTP_RESEND_INTERVAL_MS,
  OTP_TTL_MS,
  normaliseEmail,
  otpError,
  type OtpPurpose,
  type OtpService,
  type OtpVerifyResult,
} from './otp-service';
export {
  ACCOUNT_STATUS_TEMPLATE,
  FAILED_SIGN_INS_TEMPLATE,
  PASSWORD_RECHECK_TEMPLATE,
  PASSKEY_ADDED_TEMPLATE,
  PASSKEY_REMOVED_TEMPLATE,
  renderAccountStatusNotice,
  renderPasskeyAddedNotice,
  renderPasskeyRemovedNotice,
  renderFailedSignInsNotice,
  renderNewDeviceNotice,
  NEW_DEVICE_TEMPLATE,
  renderPasswordRecheckNotice,
  renderReturnedCheckNotice,
  RECORD_CORRECTION_TEMPLATE,
  renderRecordCorrectionNotice,
} from './notice-templates';
export { renderMoneyAlert, renderStoredEmail, type MoneyAlertInput } from './money-alert-template';
export { renderSignupAttemptNotice, renderVerificationCode } from './code-templates';
export { type EmailBrand } from './email-layout';
export type { EmailLogger, EmailTransport, OutgoingEmail, RenderedEmail, SendResult } from './transport';
export { mailboxApiRoutes, mailboxPageRoutes } from './mailbox-routes';
export {
  ACCOUNT_NUMBER_REMINDER_TEMPLATE,
  CONTACT_CHANGED_TEMPLATE,
  EMAIL_CHANGE_PENDING_TEMPLATE,
  EMAIL_CHANGE_STOPPED_TEMPLATE,
  PASSWORD_CHANGED_TEMPLATE,
  STAFF_INVITATION_TEMPLATE,
  WELCOME_TEMPLATE,
  maskEmail,
  maskPhone,
  renderAccountNumberReminder,
  renderContactChangedAlert,
  renderEmailChangeCode,
  renderEmailChangePendingNotice,
  renderEmailChangeStoppedNotice,
  emailChangeStopUrl,
  renderPasswordChangedAlert,
  renderPasswordResetCode,
  renderStaffInvitation,
  renderWelcome,
  type ContactField,
  type PasswordChangedHow,
} from './account-templates';
export type { OtpThrottleMode } from './otp-service';
export { createSecurityAlerts, type SecurityAlerts } from './security-alerts';
export { DEBIT_COLOR, bodies, formatAlertDate, formatMoney, oneLine, type Row } from './email-layout';
export type { EmailTemplateName } from './transport';
