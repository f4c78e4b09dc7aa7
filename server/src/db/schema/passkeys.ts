import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { identities } from './identity';

/**
 * A customer's passkey (WebAuthn credential, issue 17, decision 0135). A credential id belongs to
 * exactly one customer (unique index); the public key is the COSE key, base64url.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identities.id),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (uint32; 0 for authenticators that do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony in progress: registration (bound to the session that asked) or passkey
 * sign-in (bound to the browser by a cookie). Single use, short-lived (decision 0135).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['register', 'sign_in'] }).notNull(),
    /** base64url, as sent to the browser. */
    challenge: text('challenge').notNull(),
    /** SHA-256 of the session id (register) or of the browser's challenge cookie (sign-in). */
    bindingHash: text('binding_hash').notNull(),
    userId: uuid('user_id').references(() => identities.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
  },
  (t) => [
    index('webauthn_challenges_binding_idx').on(t.bindingHash, t.purpose),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A step-up for one risky transfer (decision 0137): the challenge (a passkey assertion or an
 * emailed code), then, once answered, the proof (a token, stored hashed) that the transfer route
 * accepts once, for exactly that transfer (`fingerprint`), from that session.
 */
export const stepUps = pgTable(
  'step_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identities.id),
    sessionHash: text('session_hash').notNull(),
    /** SHA-256 over sender, type, recipient, amount in cents, international details, idempotency key. */
    fingerprint: text('fingerprint').notNull(),
    method: text('method', { enum: ['passkey', 'email'] }).notNull(),
    /** base64url WebAuthn challenge (passkey method only). */
    challenge: text('challenge'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    /** The challenge must be answered before this. */
    expiresAt: instant('expires_at').notNull(),
    /** A later step-up of the same session replaced this one before it was answered. */
    supersededAt: instant('superseded_at'),
    verifiedAt: instant('verified_at'),
    /** SHA-256 of the proof token; set when the challenge is answered. */
    tokenHash: text('token_hash'),
    proofExpiresAt: instant('proof_expires_at'),
    consumedAt: instant('consumed_at'),
  },
  (t) => [
    uniqueIndex('step_ups_token_hash_key').on(t.tokenHash),
    index('step_ups_user_idx').on(t.userId, t.createdAt),
  ],
);
