/**
 * The back office (features/staff/, docs/staff.md): staff accounts, separate from members'
 * accounts, their second factor and sessions, and the append-only audit log of every staff
 * action. The migration adds what Drizzle cannot declare: the trigger that refuses UPDATE,
 * DELETE and TRUNCATE on staff_audit_log, and the prefix-search indexes of the members
 * section on accounts.email and profiles.name.
 */
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** A person who runs the sites: an e-mail address, a password and a second factor, roles. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Several per person: admin, finance, moderator, operator, marketing (src/contract/staff.ts). */
    roles: text('roles').array().notNull().default([]),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** The TOTP secret (base32); null until the second factor is enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last TOTP code accepted: a code of it or before is refused (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_accounts_email').on(t.email)],
);

/** Ten single-use recovery codes per staff account; only their SHA-256 is stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_code').on(t.staffId, t.codeHash)],
);

/**
 * Staff sessions (only the token's SHA-256 is stored). `stage` is 'second_factor' after the
 * password (good for the second step only, for a few minutes) and 'active' after it; an
 * active session ends 12 hours after login or 30 minutes after its last use.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage', { enum: ['second_factor', 'active'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** When the second factor was last given (login or re-authentication): money actions need it recent. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_sessions_token').on(t.tokenHash), index('staff_sessions_staff').on(t.staffId)],
);

/**
 * Every staff action, login and failed login (who, with which roles, what, on what, before
 * and after, why, when, from which IP hash). Append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so neither the application nor SQL through its connection can change history.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a failed login of an unknown address. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id),
    /** The address as given (kept when the account is renamed; the attempt's for failed logins). */
    staffEmail: text('staff_email').notNull(),
    /** The staff member's roles at the time. */
    roles: text('roles').array().notNull().default([]),
    /** What happened, e.g. 'login', 'login_failed', 'totp_failed', 'member.ban'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'member', 'staff'; with its id. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    /** A keyed hash of the client's IP address (never the address). */
    ipHash: text('ip_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_audit_log_created').on(t.createdAt, t.id),
    index('staff_audit_log_staff').on(t.staffId, t.id),
    index('staff_audit_log_action').on(t.action, t.id),
    index('staff_audit_log_target').on(t.targetType, t.targetId, t.id),
  ],
);

/**
 * A staff member's passkeys (WebAuthn credentials, docs/staff.md "Passkeys"): the better
 * second factor. The public key is the COSE key as base64url; `counter` is the authenticator's
 * signature counter, which must grow with every assertion when the authenticator keeps one.
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reaches the authenticator ('internal', 'usb', 'hybrid'…). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The name the staff member gave it ("Work laptop"). */
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_passkeys_credential').on(t.credentialId), index('staff_passkeys_staff').on(t.staffId)],
);

/**
 * WebAuthn challenges handed out and not answered yet: single-use (answering deletes the row)
 * and good until `expires_at`, bound to the staff session that asked and to what for.
 */
export const staffWebauthnChallenges = pgTable(
  'staff_webauthn_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'login', 'reauth'] }).notNull(),
    /** base64url, as the client data carries it. */
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_webauthn_challenges_challenge').on(t.challenge),
    index('staff_webauthn_challenges_session').on(t.sessionId),
  ],
);
