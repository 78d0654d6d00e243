/** Tables of the platform layer (src/server/platform/): app keys and rate limits. */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Server-side keys and secrets made on first use (the VAPID key pair for web push...).
 * Never sent to clients except where a feature publishes a public part.
 */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * Fixed-window rate limit counters shared by all API processes (src/server/http/rate-limit.ts).
 * Keys name the action and a subject (an account id or a hashed IP address).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window').on(t.windowStart)],
);
