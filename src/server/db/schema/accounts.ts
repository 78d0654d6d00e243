/** Accounts (features/accounts/): login identities, sessions, e-mailed tokens, deletions. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { sites } from './site.ts';

/** A member's login identity. Personal data here is erased by the deletion purge. */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** Lower-cased; null once purged. */
    email: text('email'),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['not_confirmed', 'confirmed', 'banned', 'deleted', 'purged'] })
      .notNull()
      .default('not_confirmed'),
    role: text('role', { enum: ['member', 'moderator', 'operator', 'admin'] })
      .notNull()
      .default('member'),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    /** Cached balance; moves only with a credit_ledger row in the same transaction. */
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    emailPreferences: jsonb('email_preferences').$type<Record<string, boolean>>().notNull().default({}),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the e-mail address was first confirmed (reactivation restores the right status). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Soft login lock (SPEC §8): wrong passwords within the current window. */
    failedLogins: smallint('failed_logins').notNull().default(0),
    failedLoginsSince: timestamp('failed_logins_since', { withTimezone: true }),
    /** Logins are refused until then ('account blocked for {minutes} min.'). */
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A keyed hash of the IP address the member signed up from (the audit log's hash, never the
     * address), for the staff search by IP hash; null once purged.
     */
    signupIpHash: text('signup_ip_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_site_email').on(t.siteId, t.email),
    index('accounts_signup_ip_hash')
      .on(t.signupIpHash)
      .where(sql`${t.signupIpHash} is not null`),
    check('accounts_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

/** Login sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A keyed hash of the IP address the session began from (the staff search by IP hash). */
    ipHash: text('ip_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_account').on(t.accountId),
    index('sessions_ip_hash')
      .on(t.ipHash)
      .where(sql`${t.ipHash} is not null`),
  ],
);

/**
 * Single-use e-mailed links (activation, password reset, e-mail change, reactivation). Only
 * the SHA-256 of the token is stored; the token itself exists only in the mail.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['activation', 'password_reset', 'mail_change', 'mail_change_undo', 'reactivation'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The requested address of a mail_change token (the old one of a mail_change_undo token). */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_account').on(t.accountId, t.kind)],
);

/** Why members deleted their account; the remarks are erased by the purge. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    remarks: text('remarks'),
    createdAt: createdAt(),
  },
  (t) => [index('account_deletions_account').on(t.accountId)],
);
