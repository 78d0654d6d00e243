/**
 * The back office's dashboards (docs/staff.md "Dashboards"): the daily aggregates the hourly
 * job rolls up (signups, activations, first purchases, revenue, messages sent, credits
 * spent, moderation backlog) per day, site and country, and how fast the chat pals answered
 * per day and site, for any date range, and the same rows as CSV. Admins, finance and marketing read them (the figures every one of them plans
 * with; no member's data in them).
 */
import * as z from 'zod/mini';
import { defineEndpoint, noInput, type StaffRole } from './define.ts';

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

/** from, from + step, … up to `to`. */
function steps(from: number, to: number, step: number): number[] {
  return Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);
}

/**
 * How long members waited for a chat pal's answer, in buckets (seconds): bucket i holds the
 * waits shorter than ANSWER_TIME_BOUNDS_S[i] (and at least the bound before it), the last
 * bucket the waits of the last bound or longer (two days). Buckets add up over days and sites,
 * so the median and p90 of any range come from the daily rows (answerTimePercentile), as
 * exact as the buckets are narrow.
 */
export const ANSWER_TIME_BOUNDS_S: readonly number[] = [
  ...steps(15, 120, 15), // a quarter of a minute up to 2 minutes
  ...steps(150, 300, 30),
  ...steps(360, 1800, 60), // a minute up to half an hour
  ...steps(2100, 7200, 300),
  ...steps(8100, 21_600, 900),
  ...steps(25_200, 172_800, 3600), // an hour up to two days
];

/** One day of one site's chat-pal answers (the chat pal's site). */
export const answerTimeRow = z.object({
  day: z.string(),
  site: z.string(),
  /** Chat-pal messages that answered a member (the first after the member's messages). */
  answers: count,
  /** Answers per waiting-time bucket (ANSWER_TIME_BOUNDS_S.length + 1 counts). */
  buckets: z.array(count),
});
export type AnswerTimeRow = z.infer<typeof answerTimeRow>;

/** The buckets of several rows added up. */
export function sumBuckets(rows: readonly { buckets: readonly number[] }[]): number[] {
  const sums = Array.from({ length: ANSWER_TIME_BOUNDS_S.length + 1 }, () => 0);
  for (const row of rows) row.buckets.forEach((n, i) => (sums[i] = (sums[i] ?? 0) + n));
  return sums;
}

/**
 * The waiting time (seconds) below which `share` of the answers came (0.5: the median, 0.9:
 * p90), read from buckets: linear within the bucket it falls in, so it is exact to the
 * bucket's width; in the open last bucket it is that bucket's lower bound (at least that
 * long). Null without answers.
 */
export function answerTimePercentile(buckets: readonly number[], share: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = share * total;
  let before = 0;
  for (const [index, n] of buckets.entries()) {
    const lower = index === 0 ? 0 : (ANSWER_TIME_BOUNDS_S[index - 1] ?? 0);
    const upper = ANSWER_TIME_BOUNDS_S[index];
    if (n > 0 && before + n >= rank) {
      return upper === undefined ? lower : Math.round(lower + ((upper - lower) * (rank - before)) / n);
    }
    before += n;
  }
  return ANSWER_TIME_BOUNDS_S.at(-1) ?? null;
}

/** GET /api/staff/dashboards?from=&to=&site=: the daily rows of the range (day, site, country order). */
export const getStaffDashboards = defineEndpoint({
  method: 'GET',
  path: '/api/staff/dashboards',
  query: dashboardQuery,
  response: z.object({
    rows: z.array(dailyRow),
    /** The chat pals' answer times per day and site (day, site order). */
    answer_times: z.array(answerTimeRow),
  }),
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

/**
 * POST /api/staff/dashboards/rollup: rolls today's and yesterday's figures up now, as the
 * hourly job does (whoever checks today's figures need not wait for the hour).
 */
export const postStaffDashboardsRollup = defineEndpoint({
  method: 'POST',
  path: '/api/staff/dashboards/rollup',
  body: noInput,
  response: z.object({ computed_at: z.string() }),
  roles: DASHBOARD_READERS,
});
