/**
 * The back office's dashboards (docs/staff.md "Dashboards"): the daily aggregates the hourly
 * job rolls up (signups, activations, first purchases, revenue, messages sent, credits
 * spent, moderation backlog) per day, site and country, for any date range, and the same
 * rows as CSV. Admins, finance and marketing read them (the figures every one of them plans
 * with; no member's data in them).
 */
import * as z from 'zod/mini';
import { defineEndpoint, type StaffRole } from './define.ts';

export const DASHBOARD_READERS = ['admin', 'finance', 'marketing'] as const satisfies readonly StaffRole[];

/** The longest range one request reads (days). */
export const DASHBOARD_MAX_DAYS = 400;

const day = z.iso.date();

export const dashboardQuery = z.looseObject({
  from: day,
  /** Inclusive. */
  to: day,
  site: z.optional(z.string().check(z.maxLength(40))),
});

const count = z.number().check(z.int());

export const dailyRow = z.object({
  day: z.string(),
  site: z.string(),
  country: z.string(),
  signups: count,
  activations: count,
  first_purchases: count,
  purchases: count,
  revenue_minor: count,
  currency: z.string(),
  messages_sent: count,
  credits_spent: count,
  moderation_backlog: count,
});
export type DailyRow = z.infer<typeof dailyRow>;
export const DAILY_COLUMNS = Object.keys(dailyRow.shape) as (keyof DailyRow)[];

/** GET /api/staff/dashboards?from=&to=&site=: the daily rows of the range (day, site, country order). */
export const getStaffDashboards = defineEndpoint({
  method: 'GET',
  path: '/api/staff/dashboards',
  query: dashboardQuery,
  response: z.object({ rows: z.array(dailyRow) }),
  roles: DASHBOARD_READERS,
});

/** GET /api/staff/dashboards.csv?from=&to=&site=: the same rows as CSV. */
export const getStaffDashboardsCsv = defineEndpoint({
  method: 'GET',
  path: '/api/staff/dashboards.csv',
  query: dashboardQuery,
  response: z.string(),
  roles: DASHBOARD_READERS,
});
