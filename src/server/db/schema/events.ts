/** Realtime events (features/events/): the per-account event log. */
import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/**
 * The realtime channel's log (ARCHITECTURE "Realtime with a fallback"): what each account's
 * open channels receive, in order, so a client that reconnects with its last event id gets
 * what it missed exactly once. Ephemeral events (typing) are not stored. Pruned after a day.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_account').on(t.accountId, t.id), index('account_events_time').on(t.createdAt)],
);
