import { z } from 'zod';
import { staffCapabilitySchema, staffRoleSchema } from './staff';
import { commonPasswords } from './common-passwords';

/**
 * Identity: sign-up, login, sessions and the profile. One schema per form, used by the browser as
 * the person types and by the server on every request, with the limits named here.
 */
export const NAME_LENGTH_MAX = 50;
export const EMAIL_LENGTH_MAX = 254;
export const PHONE_LENGTH_MIN = 7;
export const PHONE_LENGTH_MAX = 20;
export const ADDRESS_LENGTH_MAX = 200;
export const ZIP_LENGTH_MIN = 3;
export const ZIP_LENGTH_MAX = 10;
export const COUNTRY_LENGTH_MAX = 56;
export const OCCUPATION_LENGTH_MAX = 100;
export const PASSWORD_LENGTH_MIN = 12;
export const PASSWORD_LENGTH_MAX = 128;
/** Login fields are checked loosely (the password rules applied when it was set), but bounded. */
export const LOGIN_FIELD_LENGTH_MAX = 256;
export const SIGNUP_AGE_MIN_YEARS = 18;
export const AGE_MAX_YEARS = 120;
export const OTP_CODE_LENGTH = 6;

export const ACCOUNT_NUMBER_PREFIX = '409';
export const ACCOUNT_NUMBER_PATTERN = /^409\d{8}$/;
/** product §3: accountLimit 50000 at creation (dollars), kept in cents like all money. */
export const DEFAULT_ACCOUNT_LIMIT_CENTS = 5_000_000n;

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const userStatusSchema = z.enum(['active', 'suspended', 'closed']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const maritalStatuses = [
  'Single',
  'Married',
  'Domestic partnership',
  'Separated',
  'Divorced',
  'Widowed',
] as const;
export const maritalStatusSchema = z.enum(maritalStatuses);

const trimmed = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? `Enter your ${label}` : `${capitalise(label)} must be at least ${min} characters`)
    .max(max, `${capitalise(label)} must be at most ${max} characters`);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_LENGTH_MAX, `Email must be at most ${EMAIL_LENGTH_MAX} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const phoneSchema = z
  .string()
  .trim()
  .min(PHONE_LENGTH_MIN, 'Enter a phone number with at least 7 digits')
  .max(PHONE_LENGTH_MAX, `Phone number must be at most ${PHONE_LENGTH_MAX} characters`)
  .regex(/^\+?[0-9 ()-]+$/, 'Use digits, spaces, brackets, hyphens and an optional leading +')
  .refine(
    (p) => p.replace(/\D/g, '').length >= PHONE_LENGTH_MIN,
    'Enter a phone number with at least 7 digits',
  );

export const zipCodeSchema = z
  .string()
  .trim()
  .min(ZIP_LENGTH_MIN, 'Enter your ZIP or postal code')
  .max(ZIP_LENGTH_MAX, `ZIP code must be at most ${ZIP_LENGTH_MAX} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and hyphens');

export const ssnSchema = z
  .string()
  .trim()
  .regex(/^\d{3}-\d{2}-\d{4}$/, 'Enter the SSN as ###-##-####')
  .refine((ssn) => {
    const [area, group, serial] = ssn.split('-');
    return area !== '000' && area !== '666' && !area?.startsWith('9') && group !== '00' && serial !== '0000';
  }, 'This is not a valid Social Security number');

export const passwordSchema = z
  .string()
  .min(PASSWORD_LENGTH_MIN, `Use at least ${PASSWORD_LENGTH_MIN} characters`)
  .max(PASSWORD_LENGTH_MAX, `Use at most ${PASSWORD_LENGTH_MAX} characters`)
  .refine((p) => !commonPasswords.has(p.toLowerCase()), 'This password is too common. Choose another.')
  .refine((p) => new Set(p).size > 2, 'This password is too easy to guess. Choose another.');

/** Whole years between a YYYY-MM-DD birth date and `today` (its local calendar date). */
export function ageInYears(dob: string, today: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const dobSchema = (today: () => Date) =>
  z.iso
    .date('Enter your date of birth')
    .refine(
      (dob) => ageInYears(dob, today()) >= SIGNUP_AGE_MIN_YEARS,
      `You must be at least ${SIGNUP_AGE_MIN_YEARS} to open an account`,
    )
    .refine((dob) => ageInYears(dob, today()) <= AGE_MAX_YEARS, 'Enter a real date of birth');

/** The contact fields a customer may change themselves (PATCH /api/me); nothing else. */
export const contactFieldsSchema = z.strictObject({
  phone: phoneSchema,
  address: trimmed('address', ADDRESS_LENGTH_MAX),
  zipCode: zipCodeSchema,
  country: trimmed('country', COUNTRY_LENGTH_MAX),
  maritalStatus: maritalStatusSchema,
  occupation: trimmed('occupation', OCCUPATION_LENGTH_MAX),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

export const updateContactSchema = contactFieldsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

const signupFields = (today: () => Date) =>
  z.strictObject({
    firstName: trimmed('first name', NAME_LENGTH_MAX),
    surname: trimmed('surname', NAME_LENGTH_MAX),
    email: emailSchema,
    ...contactFieldsSchema.shape,
    ssn: ssnSchema,
    dob: dobSchema(today),
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_LENGTH_MAX),
  });

/** POST /api/auth/signup/start: the whole application, checked before a code is sent. */
export const makeSignupSchema = (today: () => Date = () => new Date()) =>
  signupFields(today).refine((v) => v.password === v.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type SignupInput = z.input<ReturnType<typeof makeSignupSchema>>;
export type Signup = z.output<ReturnType<typeof makeSignupSchema>>;

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), `Enter the ${OTP_CODE_LENGTH}-digit code from the email`);

/** POST /api/auth/signup/verify: the same application plus the emailed code. */
export const makeSignupVerifySchema = (today: () => Date = () => new Date()) =>
  signupFields(today)
    .extend({ code: otpCodeSchema })
    .refine((v) => v.password === v.confirmPassword, {
      message: 'The passwords do not match',
      path: ['confirmPassword'],
    });

export const signupStartResponseSchema = z.object({ ok: z.literal(true), email: z.string() });

export const loginSchema = z.strictObject({
  accountNumber: z.string().trim().min(1, 'Enter your account number').max(LOGIN_FIELD_LENGTH_MAX),
  password: z.string().min(1, 'Enter your password').max(LOGIN_FIELD_LENGTH_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const adminLoginSchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email').max(LOGIN_FIELD_LENGTH_MAX),
  password: z.string().min(1, 'Enter your password').max(LOGIN_FIELD_LENGTH_MAX),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

export const adminVerifySchema = z.strictObject({
  email: z.string().trim().min(1).max(LOGIN_FIELD_LENGTH_MAX),
  code: otpCodeSchema,
});

export const adminLoginStartResponseSchema = z.object({ ok: z.literal(true), email: z.string() });

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, 'Enter your current password').max(LOGIN_FIELD_LENGTH_MAX),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_LENGTH_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  });

/** Who is signed in, as the session endpoint reports it. An allow-list: nothing secret fits here. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  accountNumber: z.string().nullable(),
  avatarUrl: z.string(),
  /** Staff only (decision 0167): the permission set and what it may do; null and [] for customers. */
  staffRole: staffRoleSchema.nullable(),
  capabilities: z.array(staffCapabilitySchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** When the session ends if nothing else happens (idle timeout), ISO 8601; null for guests. */
  idleExpiresAt: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signupVerifyResponseSchema = sessionResponseSchema.extend({ accountNumber: z.string() });

/** The customer's profile (product §3) as GET /api/me returns it: the SSN only as its last four. */
export const profileSchema = z.object({
  uid: z.uuid(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  zipCode: z.string(),
  country: z.string(),
  maritalStatus: z.string(),
  occupation: z.string(),
  ssnLast4: z.string(),
  dob: z.string(),
  accountNumber: z.string(),
  balance: z.string(),
  /** The balance less active check-deposit holds: what the customer can spend now. */
  availableBalance: z.string(),
  currency: z.string(),
  status: userStatusSchema,
  role: roleSchema,
  avatar: z.string(),
  accountLimit: z.string(),
  createdAt: z.string(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The header every authenticated response carries: when the session will idle out. */
export const SESSION_IDLE_HEADER = 'x-session-idle-expires-at';
