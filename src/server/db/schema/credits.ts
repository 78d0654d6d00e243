/** Credits (features/credits/): the ledger every credit moves through. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/**
 * Append-only credits ledger (ARCHITECTURE "Money is a ledger"). Rows survive account purge
 * pseudonymously: account_id stays, the account's personal data does not.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', {
      enum: [
        'signup_bonus',
        'purchase',
        'message',
        'photo',
        'gift',
        'icebreaker',
        'refund',
        'correction',
        // Billing: unused credits of an order given back for money; credits a chargeback takes back.
        'purchase_refund',
        'chargeback',
      ],
    }).notNull(),
    /** What it pays for or comes from (order id, message id...); unique per reason. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_reason_reference').on(t.reason, t.reference),
    index('credit_ledger_account').on(t.accountId, t.id),
    // The back office's daily reconciliation: purchase credits per day.
    index('credit_ledger_purchase_created')
      .on(t.createdAt)
      .where(sql`${t.reason} = 'purchase'`),
    check('credit_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);
