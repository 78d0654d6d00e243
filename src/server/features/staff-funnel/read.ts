/**
 * The funnel's reads (docs/staff.md "Marketing funnel"): the daily funnel aggregates of a
 * date range summed per group of the chosen breakdown (from the primary key's day range,
 * never the raw tables), the landers far below their site's median flagged, the lander
 * experiments compared with their control, and the rows as CSV.
 */
import { and, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  FUNNEL_MAX_DAYS,
  FUNNEL_MAX_ROWS,
  type ExperimentNote,
  type FunnelBreakdown,
  type FunnelRange,
  type FunnelRow,
} from '#src/contract/staff-funnel.ts';
import { CONTROL } from '#src/landers/experiments.ts';
import { toMajor } from '#src/lib/money.ts';
import type { Db } from '#src/server/db/client.ts';
import { dailyFunnel } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { csvField } from '#src/server/features/staff/index.ts';
import { MIN_VISITS, compareInWords, ratePercent, type Verdict } from './significance.ts';

export interface FunnelQuery extends FunnelRange {
  siteId?: string | undefined;
  locale?: string | undefined;
}

/** A lander is flagged when its signups per visit are at most this share of its site's median… */
export const FLAG_SHARE = 0.5;
/** …among at least this many of the site's landers with MIN_VISITS visits in the range. */
export const FLAG_MIN_LANDERS = 3;

type Key = 'site' | 'locale' | 'lander' | 'variant' | 'network' | 'sub1';
const KEYS: readonly Key[] = ['site', 'locale', 'lander', 'variant', 'network', 'sub1'];
/** The group keys of each breakdown. */
const GROUPS: Record<FunnelBreakdown, readonly Key[]> = {
  lander: ['site', 'locale', 'lander'],
  variant: ['site', 'locale', 'lander', 'variant'],
  network: ['site', 'network'],
  sub1: ['site', 'network', 'sub1'],
  site: ['site', 'locale'],
};

/** 400 for a range that ends before it starts or spans more than FUNNEL_MAX_DAYS. */
function checkRange(query: FunnelQuery): void {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) throw fail('invalid_input', { field: 'to' });
  if (days >= FUNNEL_MAX_DAYS) throw fail('invalid_input', { field: 'from' });
}

interface GroupSums {
  keys: Record<Key, string>;
  visits: number;
  bounces: number;
  signups: number;
  activations: number;
  first_purchases: number;
  revenue: { currency: string; minor: number }[];
}

const KEY_COLUMNS = {
  site: dailyFunnel.siteId,
  locale: dailyFunnel.locale,
  lander: dailyFunnel.lander,
  variant: dailyFunnel.variant,
  network: dailyFunnel.network,
  sub1: dailyFunnel.sub1,
} as const;

/**
 * The range's sums per group of `keys` (summed per group and currency by the database from
 * the day range of the primary key, then the currencies of a group joined), the biggest
 * groups first, at most `limit`.
 */
async function groupSums(db: Db, query: FunnelQuery, keys: readonly Key[], limit: number): Promise<GroupSums[]> {
  const where: SQL[] = [gte(dailyFunnel.day, query.from), lte(dailyFunnel.day, query.to)];
  if (query.siteId) where.push(eq(dailyFunnel.siteId, query.siteId));
  if (query.locale) where.push(eq(dailyFunnel.locale, query.locale));
  if (keys.includes('variant')) where.push(ne(dailyFunnel.lander, ''));
  const columns = keys.map((key) => KEY_COLUMNS[key]);
  const rows = await db
    .select({
      ...Object.fromEntries(keys.map((key) => [key, KEY_COLUMNS[key]])),
      currency: dailyFunnel.currency,
      visits: sql<number>`sum(${dailyFunnel.visits})::int`,
      bounces: sql<number>`sum(${dailyFunnel.bounces})::int`,
      signups: sql<number>`sum(${dailyFunnel.signups})::int`,
      activations: sql<number>`sum(${dailyFunnel.activations})::int`,
      firstPurchases: sql<number>`sum(${dailyFunnel.firstPurchases})::int`,
      revenue: sql<string>`sum(${dailyFunnel.revenueMinor})::text`,
    })
    .from(dailyFunnel)
    .where(and(...where))
    .groupBy(...columns, dailyFunnel.currency);
  const groups = new Map<string, GroupSums>();
  for (const row of rows as unknown as (Record<Key, string> & {
    currency: string;
    visits: number;
    bounces: number;
    signups: number;
    activations: number;
    firstPurchases: number;
    revenue: string;
  })[]) {
    const id = keys.map((key) => row[key]).join('\0');
    let group = groups.get(id);
    if (!group) {
      const groupKeys = Object.fromEntries(KEYS.map((key) => [key, keys.includes(key) ? row[key] : ''])) as Record<
        Key,
        string
      >;
      group = { keys: groupKeys, visits: 0, bounces: 0, signups: 0, activations: 0, first_purchases: 0, revenue: [] };
      groups.set(id, group);
    }
    group.visits += row.visits;
    group.bounces += row.bounces;
    group.signups += row.signups;
    group.activations += row.activations;
    group.first_purchases += row.firstPurchases;
    const minor = Number(row.revenue);
    if (minor !== 0) group.revenue.push({ currency: row.currency, minor });
  }
  const order = (g: GroupSums) => keys.map((key) => g.keys[key]).join('\0');
  return [...groups.values()]
    .map((g) => ({ ...g, revenue: g.revenue.sort((a, b) => a.currency.localeCompare(b.currency)) }))
    .sort((a, b) => b.visits - a.visits || b.signups - a.signups || order(a).localeCompare(order(b)))
    .slice(0, limit);
}

/** The median of some numbers (they are not empty). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The landers (lander breakdown rows) whose signups per visit are at most FLAG_SHARE of the
 * median of their site's landers, counting only landers with MIN_VISITS visits, and only on
 * sites with FLAG_MIN_LANDERS of them.
 */
function flaggedLanders(groups: readonly GroupSums[]): Set<GroupSums> {
  const bySite = new Map<string, GroupSums[]>();
  for (const group of groups) {
    if (group.keys.lander === '' || group.visits < MIN_VISITS) continue;
    bySite.set(group.keys.site, [...(bySite.get(group.keys.site) ?? []), group]);
  }
  const flagged = new Set<GroupSums>();
  for (const landers of bySite.values()) {
    if (landers.length < FLAG_MIN_LANDERS) continue;
    const middle = median(landers.map((g) => g.signups / g.visits));
    for (const lander of landers) if (lander.signups / lander.visits <= middle * FLAG_SHARE) flagged.add(lander);
  }
  return flagged;
}

/** Each lander with variants in the range: every variant against its control, in words. */
async function experimentNotes(db: Db, query: FunnelQuery): Promise<ExperimentNote[]> {
  const arms = await groupSums(db, query, GROUPS.variant, 10_000);
  const byLander = new Map<string, GroupSums[]>();
  for (const arm of arms) {
    const key = `${arm.keys.site}/${arm.keys.locale}/${arm.keys.lander}`;
    byLander.set(key, [...(byLander.get(key) ?? []), arm]);
  }
  const notes: ExperimentNote[] = [];
  for (const group of byLander.values()) {
    const control = group.find((arm) => arm.keys.variant === CONTROL);
    const variants = group
      .filter((arm) => arm.keys.variant !== CONTROL)
      .sort((a, b) => a.keys.variant.localeCompare(b.keys.variant));
    const first = group[0];
    if (!control || variants.length === 0 || !first) continue;
    const compared = variants.map((arm) => ({ arm, ...compareInWords(arm.keys.variant, control, arm) }));
    const verdicts = compared.map((c) => c.verdict);
    const verdict: Verdict = verdicts.includes('likely_difference')
      ? 'likely_difference'
      : verdicts.includes('not_enough_data')
        ? 'not_enough_data'
        : 'no_clear_difference';
    notes.push({
      site: first.keys.site,
      locale: first.keys.locale,
      lander: first.keys.lander,
      variants: [
        {
          variant: CONTROL,
          visits: control.visits,
          signups: control.signups,
          signup_rate: ratePercent(control.signups, control.visits),
          p_value: null,
        },
        ...compared.map(({ arm, pValue }) => ({
          variant: arm.keys.variant,
          visits: arm.visits,
          signups: arm.signups,
          signup_rate: ratePercent(arm.signups, arm.visits),
          p_value: pValue === null ? null : Math.round(pValue * 10_000) / 10_000,
        })),
      ],
      verdict,
      note: compared.map((c) => c.note).join(' '),
    });
  }
  return notes.sort((a, b) => `${a.site}/${a.locale}/${a.lander}`.localeCompare(`${b.site}/${b.locale}/${b.lander}`));
}

export async function funnelRows(db: Db, query: FunnelQuery): Promise<{ rows: FunnelRow[]; truncated: boolean }> {
  checkRange(query);
  const groups = await groupSums(db, query, GROUPS[query.by], FUNNEL_MAX_ROWS + 1);
  const truncated = groups.length > FUNNEL_MAX_ROWS;
  const shown = groups.slice(0, FUNNEL_MAX_ROWS);
  const flagged = query.by === 'lander' ? flaggedLanders(shown) : new Set<GroupSums>();
  // The bounce counters know no sub-id: per sub-id they are not known.
  const bounces = (group: GroupSums) => (query.by === 'sub1' ? null : group.bounces);
  const rows = shown.map((group) => ({
    ...group.keys,
    visits: group.visits,
    bounces: bounces(group),
    bounce_rate: query.by === 'sub1' ? null : ratePercent(group.bounces, group.visits),
    signups: group.signups,
    activations: group.activations,
    first_purchases: group.first_purchases,
    revenue: group.revenue,
    signup_rate: ratePercent(group.signups, group.visits),
    purchase_rate: ratePercent(group.first_purchases, group.signups),
    flagged: flagged.has(group),
  }));
  return { rows, truncated };
}

export async function funnelAnswer(
  db: Db,
  query: FunnelQuery,
): Promise<{ rows: FunnelRow[]; truncated: boolean; experiments: ExperimentNote[] }> {
  const { rows, truncated } = await funnelRows(db, query);
  return { rows, truncated, experiments: await experimentNotes(db, query) };
}

const CSV_COLUMNS = [
  'site',
  'locale',
  'lander',
  'variant',
  'network',
  'sub1',
  'visits',
  'bounces',
  'bounce_rate',
  'signups',
  'activations',
  'first_purchases',
  'revenue',
  'signup_rate',
  'purchase_rate',
  'flagged',
] as const;

/** The rows as CSV: revenue as 'EUR 12.50; PLN 40.00' (major units), rates in percent. */
export async function funnelCsv(db: Db, query: FunnelQuery): Promise<string> {
  const { rows } = await funnelRows(db, query);
  const text = (row: FunnelRow, column: (typeof CSV_COLUMNS)[number]) =>
    column === 'revenue'
      ? row.revenue.map((r) => `${r.currency} ${toMajor(r.minor, r.currency)}`).join('; ')
      : row[column];
  const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((c) => csvField(text(row, c))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
