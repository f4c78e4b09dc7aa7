import { z } from 'zod';

/**
 * The security page (issue 17): the customer's signed-in devices and sessions, and their own recent
 * security events from the audit log. Decisions 0140–0144.
 */

/** Sessions shown on one page of "Devices and sessions" (besides this device, always first). */
export const SESSIONS_PAGE_SIZE_DEFAULT = 20;
export const SESSIONS_PAGE_SIZE_MAX = 50;
/** Security events shown on one page of "Recent security activity". */
export const SECURITY_EVENTS_PAGE_SIZE_DEFAULT = 20;
export const SECURITY_EVENTS_PAGE_SIZE_MAX = 50;
/** Longest page cursor we accept (ours are about 80 characters). */
export const SECURITY_CURSOR_LENGTH_MAX = 200;

/**
 * Where a sign-in came from, as coarsely as we can say offline (decision 0141): a country from the
 * bundled IP table, the local network (a private or loopback address), or nothing known.
 */
export const sessionPlaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('country'), code: z.string().regex(/^[A-Z]{2}$/), name: z.string() }),
  z.object({ kind: z.literal('local') }),
]);
export type SessionPlace = z.infer<typeof sessionPlaceSchema>;

/** The device a session or an event came from, from its user agent (decision 0140). */
export const deviceSchema = z.object({
  /** "Chrome", "Safari", … or null when the user agent names no browser we know. */
  browser: z.string().nullable(),
  /** "macOS", "iOS", "Windows", … or null. */
  os: z.string().nullable(),
  /** 'desktop' | 'mobile' | 'tablet' | … or null. */
  type: z.string().nullable(),
  /** The words to show: "Chrome on macOS", "Unknown browser". */
  label: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/** One signed-in session as its owner sees it: never its id, its IP address or its user agent. */
export const sessionItemSchema = z.object({
  /** A public id for signing it out; not the session's secret. */
  id: z.uuid(),
  device: deviceSchema,
  place: sessionPlaceSchema.nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request came with: "This device". */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessionsQuerySchema = z.strictObject({
  cursor: z.string().max(SECURITY_CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(SESSIONS_PAGE_SIZE_MAX).default(SESSIONS_PAGE_SIZE_DEFAULT),
});
export type SessionsQuery = z.input<typeof sessionsQuerySchema>;

/** The first page starts with this device's session; the pages list the others, newest sign-in first. */
export const sessionsResponseSchema = z.object({
  items: z.array(sessionItemSchema),
  nextCursor: z.string().nullable(),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

export const revokeSessionResponseSchema = z.object({
  ok: z.literal(true),
  /** True when the session signed out was the caller's own: the browser is now signed out. */
  signedOut: z.boolean(),
});
export type RevokeSessionResponse = z.infer<typeof revokeSessionResponseSchema>;

export const revokeOtherSessionsResponseSchema = z.object({
  ok: z.literal(true),
  /** How many other sessions were signed out. */
  count: z.number().int().min(0),
});
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;

/** What an event was, in a few fixed kinds; anything else security-related is 'other'. */
export const securityEventKinds = [
  'sign-in',
  'sign-in-failed',
  'sign-in-slowed',
  'sign-in-refused',
  'signed-out',
  'session-ended',
  'other-sessions-ended',
  'signed-up',
  'password-changed',
  'password-change-failed',
  'password-reset',
  'contact-changed',
  'email-changed',
  'passkey-added',
  'passkey-removed',
  'payee-added',
  'payee-changed',
  'payee-removed',
  'card-frozen',
  'card-unfrozen',
  'card-unfreeze-failed',
  'step-up',
  'other',
] as const;
export const securityEventKindSchema = z.enum(securityEventKinds);
export type SecurityEventKind = z.infer<typeof securityEventKindSchema>;

/** One security event, in plain words: never an IP address, a code, a secret or a staff reason. */
export const securityEventSchema = z.object({
  /** Opaque, for React keys. */
  id: z.string(),
  kind: securityEventKindSchema,
  /** "Signed in", "Failed sign-in attempt", … */
  title: z.string(),
  /** Extra words when there are any: "Chrome on macOS", "Card ending 4242". */
  detail: z.string().nullable(),
  outcome: z.enum(['success', 'failure', 'denied']),
  place: sessionPlaceSchema.nullable(),
  createdAt: z.string(),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsQuerySchema = z.strictObject({
  cursor: z.string().max(SECURITY_CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SECURITY_EVENTS_PAGE_SIZE_MAX)
    .default(SECURITY_EVENTS_PAGE_SIZE_DEFAULT),
});
export type SecurityEventsQuery = z.input<typeof securityEventsQuerySchema>;

export const securityEventsResponseSchema = z.object({
  items: z.array(securityEventSchema),
  nextCursor: z.string().nullable(),
});
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;
