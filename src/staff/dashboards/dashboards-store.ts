/**
 * The dashboards' state (docs/staff.md "Dashboards"): the date range and site asked, the
 * daily rows the server answered (from the daily aggregates), and the sums the screen shows:
 * per day (the charts and the daily table) and per site and country (conversion, revenue),
 * and the chat pals' answer times per day and per site (median and p90 of the summed buckets).
 */
import { atom } from 'nanostores';
import {
  answerTimePercentile,
  getStaffDashboards,
  getStaffDashboardsCsv,
  postStaffDashboardsRollup,
  sumBuckets,
  type AnswerTimeRow,
  type DailyRow,
} from '#src/contract/staff-dashboards.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export interface DashboardRange {
  from: string;
  to: string;
  site: string;
}

/** When the figures were last rolled up from this screen (ISO), or null. */
export const $dashboardRolledUpAt = atom<string | null>(null);

export const $dashboard = atom<{ range: DashboardRange; rows: DailyRow[]; answerTimes: AnswerTimeRow[] } | null>(null);

onSessionEnd(() => {
  $dashboard.set(null);
  $dashboardRolledUpAt.set(null);
});

const DAY = 86_400_000;

/** The last `days` days up to today (UTC), all sites. */
export function lastDays(days: number, now = new Date()): DashboardRange {
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: day(now.getTime() - (days - 1) * DAY), to: day(now.getTime()), site: '' };
}

function queryOf(range: DashboardRange) {
  return { from: range.from, to: range.to, ...(range.site ? { site: range.site } : {}) };
}

export function dashboardCsvUrl(range: DashboardRange): string {
  return `${getStaffDashboardsCsv.path}?${new URLSearchParams(queryOf(range)).toString()}`;
}

export const dashboardForm = createForm(
  async (range: DashboardRange) => {
    const answer = await environment().api.call(getStaffDashboards, { query: queryOf(range) });
    $dashboard.set({ range, rows: answer.rows, answerTimes: answer.answer_times });
  },
  { repeatable: true },
);

/** Rolls today's and yesterday's figures up now, then reads the shown range again. */
export const dashboardRollUpForm = createForm(
  async () => {
    const { computed_at } = await environment().api.call(postStaffDashboardsRollup, { body: {} });
    $dashboardRolledUpAt.set(computed_at);
    const shown = $dashboard.get();
    if (shown) await dashboardForm.submit(shown.range);
  },
  { repeatable: true },
);

export interface DayTotals {
  day: string;
  signups: number;
  activations: number;
  first_purchases: number;
  messages_sent: number;
  credits_spent: number;
  moderation_backlog: number;
}

/** Every day of the range once (days without rows count zero), summed over sites and countries. */
export function totalsByDay(range: DashboardRange, rows: readonly DailyRow[]): DayTotals[] {
  const byDay = new Map<string, DayTotals>();
  for (let at = Date.parse(range.from); at <= Date.parse(range.to); at += DAY) {
    const day = new Date(at).toISOString().slice(0, 10);
    byDay.set(day, {
      day,
      signups: 0,
      activations: 0,
      first_purchases: 0,
      messages_sent: 0,
      credits_spent: 0,
      moderation_backlog: 0,
    });
  }
  for (const row of rows) {
    const totals = byDay.get(row.day);
    if (!totals) continue;
    totals.signups += row.signups;
    totals.activations += row.activations;
    totals.first_purchases += row.first_purchases;
    totals.messages_sent += row.messages_sent;
    totals.credits_spent += row.credits_spent;
    totals.moderation_backlog += row.moderation_backlog;
  }
  return [...byDay.values()];
}

export interface SiteCountryTotals {
  site: string;
  country: string;
  currency: string;
  signups: number;
  activations: number;
  first_purchases: number;
  /** First purchases per signup, percent (null without signups). */
  conversion: number | null;
  revenue_minor: number;
  messages_sent: number;
  credits_spent: number;
}

/** The range summed per site and country (the site-wide backlog rows left out). */
export function totalsBySiteCountry(rows: readonly DailyRow[]): SiteCountryTotals[] {
  const byKey = new Map<string, SiteCountryTotals>();
  for (const row of rows) {
    if (row.country === '' && row.signups + row.purchases + row.messages_sent + row.credits_spent === 0) continue;
    const key = `${row.site}:${row.country}`;
    const totals = byKey.get(key) ?? {
      site: row.site,
      country: row.country,
      currency: '',
      signups: 0,
      activations: 0,
      first_purchases: 0,
      conversion: null,
      revenue_minor: 0,
      messages_sent: 0,
      credits_spent: 0,
    };
    totals.currency ||= row.currency;
    totals.signups += row.signups;
    totals.activations += row.activations;
    totals.first_purchases += row.first_purchases;
    totals.revenue_minor += row.revenue_minor;
    totals.messages_sent += row.messages_sent;
    totals.credits_spent += row.credits_spent;
    byKey.set(key, totals);
  }
  return [...byKey.values()].map((totals) => ({
    ...totals,
    conversion: totals.signups ? Math.round((totals.first_purchases / totals.signups) * 1000) / 10 : null,
  }));
}

export interface AnswerTimes {
  answers: number;
  /** Seconds a member waited for half (median) and nine in ten (p90) of the answers; null without answers. */
  answer_median_s: number | null;
  answer_p90_s: number | null;
}

/** The answer times of rows taken together (the whole range and sites asked, one day, one site). */
export function answerTimesOf(rows: readonly AnswerTimeRow[]): AnswerTimes {
  const buckets = sumBuckets(rows);
  return {
    answers: rows.reduce((sum, row) => sum + row.answers, 0),
    answer_median_s: answerTimePercentile(buckets, 0.5),
    answer_p90_s: answerTimePercentile(buckets, 0.9),
  };
}

/** The answer times of every day of the range (over the sites asked), in the range's order. */
export function answerTimesByDay(
  range: DashboardRange,
  rows: readonly AnswerTimeRow[],
): (AnswerTimes & { day: string })[] {
  return totalsByDay(range, []).map(({ day }) => ({ day, ...answerTimesOf(rows.filter((row) => row.day === day)) }));
}

/** The answer times of the whole range per site (sites with answers only). */
export function answerTimesBySite(rows: readonly AnswerTimeRow[]): (AnswerTimes & { site: string })[] {
  const sites = [...new Set(rows.map((row) => row.site))].sort();
  return sites.map((site) => ({ site, ...answerTimesOf(rows.filter((row) => row.site === site)) }));
}

/** A waiting time for people: '45 s', '12.5 min', '2 h 05 min', '–' for none. */
export function waitText(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 6) / 10} min`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Rows as CSV text (quoted fields; text that a spreadsheet would run as a formula defused). */
export function csvOf(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const field = (value: unknown) => {
    let text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((column) => field(row[column])).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
}
