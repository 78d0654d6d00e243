/** Complaints (features/complaints/). */
import { bigint, bigserial, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { sites } from './site.ts';

/**
 * Complaints sent with the /complaints form (src/server/features/complaints), by visitors
 * (account_id null) and members. `public_id` is the reference the sender gets; `email` is
 * where staff answer. A deleted account's complaints stay for staff, detached from it.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    topic: text('topic', {
      enum: ['billing', 'refund', 'member_behaviour', 'fictional_profiles', 'privacy', 'technical', 'other'],
    }).notNull(),
    /** The payment id and the profile public id the sender named, as given. */
    orderRef: text('order_ref'),
    memberRef: text('member_ref'),
    description: text('description').notNull(),
    email: text('email').notNull(),
    /** The sender's language (the confirmation mail's). */
    locale: varchar('locale', { length: 5 }).notNull(),
    status: text('status', { enum: ['open', 'handled'] })
      .notNull()
      .default('open'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('complaints_status').on(t.status, t.createdAt)],
);
