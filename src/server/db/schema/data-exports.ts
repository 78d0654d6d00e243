/** Data exports (features/data-export/): the log of members' downloads of their own data. */
import { bigint, bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/**
 * One row per data export a member started (GDPR art. 15/20, docs/security.md 'Data
 * export'): when, and once the ZIP was written, how many files and bytes it had. The newest
 * row sets when the next export is allowed (one every 24 hours). Goes with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    files: integer('files'),
    bytes: bigint('bytes', { mode: 'number' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('data_exports_account').on(t.accountId, t.createdAt)],
);
