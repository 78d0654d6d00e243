/**
 * The dashboards' reads (docs/staff.md "Dashboards"): the daily aggregates of a date range
 * (and the chat pals' answer times), of one site or all, from the primary key's range (never the raw tables), and as CSV.
 */
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import {
  DAILY_COLUMNS,
  DASHBOARD_MAX_DAYS,
  type AnswerTimeRow,
  type DailyRow,
} from '#src/contract/staff-dashboards.ts';
import type { Db } from '#src/server/db/client.ts';
import { dailyAnswerTimes, dailyStats } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { csvField } from '#src/server/features/staff/index.ts';

/** The UTC days (both included) and the site (every site when absent) of a dashboards read. */
export interface StatsRange {
  from: string;
  to: string;
  siteId?: string | undefined;
}

/** 400 for a range that ends before it starts or spans more than DASHBOARD_MAX_DAYS. */
function checkRange(range: StatsRange): void {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000;
  if (days < 0) throw fail('invalid_input', { field: 'to' });
  if (days >= DASHBOARD_MAX_DAYS) throw fail('invalid_input', { field: 'from' });
}

export async function dailyRows(db: Db, range: StatsRange): Promise<DailyRow[]> {
  checkRange(range);
  const where: SQL[] = [gte(dailyStats.day, range.from), lte(dailyStats.day, range.to)];
  if (range.siteId) where.push(eq(dailyStats.siteId, range.siteId));
  const rows = await db
    .select()
    .from(dailyStats)
    .where(and(...where))
    .orderBy(asc(dailyStats.day), asc(dailyStats.siteId), asc(dailyStats.country));
  return rows.map((row) => ({
    day: row.day,
    site: row.siteId,
    country: row.country,
    signups: row.signups,
    activations: row.activations,
    first_purchases: row.firstPurchases,
    purchases: row.purchases,
    revenue_minor: row.revenueMinor,
    currency: row.currency,
    messages_sent: row.messagesSent,
    credits_spent: row.creditsSpent,
    moderation_backlog: row.moderationBacklog,
  }));
}

/** The chat pals' answer times of the range, per day and site (day, site order). */
export async function answerTimeRows(db: Db, range: StatsRange): Promise<AnswerTimeRow[]> {
  checkRange(range);
  const where: SQL[] = [gte(dailyAnswerTimes.day, range.from), lte(dailyAnswerTimes.day, range.to)];
  if (range.siteId) where.push(eq(dailyAnswerTimes.siteId, range.siteId));
  const rows = await db
    .select()
    .from(dailyAnswerTimes)
    .where(and(...where))
    .orderBy(asc(dailyAnswerTimes.day), asc(dailyAnswerTimes.siteId));
  return rows.map((row) => ({ day: row.day, site: row.siteId, answers: row.answers, buckets: row.buckets }));
}

export async function dailyCsv(db: Db, range: StatsRange): Promise<string> {
  const rows = await dailyRows(db, range);
  const lines = [DAILY_COLUMNS.join(','), ...rows.map((row) => DAILY_COLUMNS.map((c) => csvField(row[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
