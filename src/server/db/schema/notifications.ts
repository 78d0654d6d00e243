/** Notification mails (features/notifications/): the last mail of each kind, for the throttling. */
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The last notification mail of each kind an account received (src/server/features/notifications):
 * what the throttling rules read. `reference` is the conversation for chat mails ('' for the
 * account-wide kinds); `messageId` the newest message a chat mail told of, so the next one waits
 * until the member has read up to it.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // The timed mails (jobs): 'away' once per absence, 'time_bonus' once, 'news' once a month.
    kind: text('kind', {
      enum: ['chat', 'like', 'unread_reminder', 'weekly', 'away', 'time_bonus', 'news'],
    }).notNull(),
    reference: text('reference').notNull().default(''),
    messageId: bigint('message_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.reference] })],
);
