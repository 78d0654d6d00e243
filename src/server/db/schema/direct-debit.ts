/** Direct debit (features/direct-debit/): sessions, SMS codes, mandates, blocks. */
import { bigint, bigserial, index, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { orders } from './billing.ts';

/**
 * A SEPA direct debit in progress (src/server/features/direct-debit): the form's data from
 * 'start' until the SMS code is entered or the session expires. The IBAN is kept masked,
 * as a keyed hash (returned-debit blocks by IBAN) and, until the mandate is signed, sealed
 * (AES-GCM with a key in app_keys) for the payment service; `iban_sealed` is erased then.
 */
export const directDebitSessions = pgTable(
  'direct_debit_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 64 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    holder: text('holder').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    ibanHash: text('iban_hash').notNull(),
    ibanSealed: text('iban_sealed'),
    /** The IBAN's country (the bank's). */
    ibanCountry: varchar('iban_country', { length: 2 }).notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    /** E.164, where the codes go. */
    phone: text('phone').notNull(),
    /** The member's language when starting (the SMS text). */
    locale: varchar('locale', { length: 5 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_sessions_account').on(t.accountId, t.id)],
);

/**
 * One-time codes sent by SMS (SPEC §5 'SMS one-time code'). Only a keyed hash of the code is
 * kept; a new code of the same subject replaces the older ones (`used_at` set). `purpose`
 * and `subject` name what it confirms ('direct_debit', the session's public id).
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose', { enum: ['direct_debit'] }).notNull(),
    subject: text('subject').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Entered correctly, or replaced by a newer code. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_subject').on(t.purpose, t.subject, t.id),
    index('sms_codes_account_time').on(t.accountId, t.createdAt),
  ],
);

/**
 * Signed one-time SEPA mandates, one per direct-debit order. `reference` is the mandate
 * reference on the debtor's statement; `provider_token` the payment service's handle of the
 * mandate (the service keeps the IBAN; we keep it masked and hashed only).
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: varchar('reference', { length: 35 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => orders.id),
    holder: text('holder').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    ibanHash: text('iban_hash').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    phoneMasked: text('phone_masked').notNull(),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_mandates_account').on(t.accountId), index('direct_debit_mandates_iban').on(t.ibanHash)],
);

/**
 * Direct debit refused for an account, or for an IBAN on any account (after a returned
 * debit, or set by support). A block is lifted by setting `lifted_at`; at most one block
 * per returned order.
 */
export const directDebitBlocks = pgTable(
  'direct_debit_blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ibanHash: text('iban_hash'),
    orderId: bigint('order_id', { mode: 'number' })
      .unique()
      .references(() => orders.id),
    reason: text('reason', { enum: ['returned_debit', 'support'] }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_blocks_account').on(t.accountId), index('direct_debit_blocks_iban').on(t.ibanHash)],
);
