/**
 * The database schema (PostgreSQL; the same migrations run on PGlite and a real server): one
 * file per feature in `schema/`, re-exported here. The rest of the code imports tables from
 * this index; `npm run db:generate` (drizzle.config.ts) reads it and writes
 * src/server/db/migrations.
 */
export * from './schema/site.ts';
export * from './schema/platform.ts';
export * from './schema/accounts.ts';
export * from './schema/profiles.ts';
export * from './schema/photos.ts';
export * from './schema/members.ts';
export * from './schema/likes.ts';
export * from './schema/search.ts';
export * from './schema/traffic.ts';
export * from './schema/chat.ts';
export * from './schema/events.ts';
export * from './schema/operator.ts';
export * from './schema/credits.ts';
export * from './schema/discounts.ts';
export * from './schema/billing.ts';
export * from './schema/direct-debit.ts';
export * from './schema/complaints.ts';
export * from './schema/push.ts';
export * from './schema/notifications.ts';
export * from './schema/geo.ts';
export * from './schema/reports.ts';
export * from './schema/data-exports.ts';
export * from './schema/staff.ts';
export * from './schema/dashboards.ts';
export * from './schema/funnel.ts';
