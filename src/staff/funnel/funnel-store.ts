/**
 * The funnel's state (docs/staff.md "Marketing funnel"): the range, breakdown and filters
 * asked, the server's answer (groups from the daily funnel aggregates, experiment notes),
 * the sums the screen shows, and the 'roll up now' action.
 */
import { atom } from 'nanostores';
import {
  getStaffFunnel,
  getStaffFunnelCsv,
  postStaffFunnelRollup,
  type ExperimentNote,
  type FunnelRange,
  type FunnelRow,
} from '#src/contract/staff-funnel.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { lastDays as lastDashboardDays } from '../dashboards/dashboards-store.ts';
import { onSessionEnd } from '../session-store.ts';

/** The form's question: '' for all sites or locales. */
export interface FunnelQuery extends FunnelRange {
  site: string;
  locale: string;
}

export interface FunnelView {
  query: FunnelQuery;
  rows: FunnelRow[];
  truncated: boolean;
  experiments: ExperimentNote[];
}

export const $funnel = atom<FunnelView | null>(null);
/** When the figures were last rolled up from this screen (ISO), or null. */
export const $rolledUpAt = atom<string | null>(null);

onSessionEnd(() => {
  $funnel.set(null);
  $rolledUpAt.set(null);
});

/** The last `days` days up to today (UTC), all sites and locales, per lander. */
export function lastDays(days: number, now = new Date()): FunnelQuery {
  return { ...lastDashboardDays(days, now), by: 'lander', locale: '' };
}

function queryOf(query: FunnelQuery) {
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    ...(query.site ? { site: query.site } : {}),
    ...(query.locale ? { locale: query.locale } : {}),
  };
}

export function funnelCsvUrl(query: FunnelQuery): string {
  return `${getStaffFunnelCsv.path}?${new URLSearchParams(queryOf(query)).toString()}`;
}

export const funnelForm = createForm(
  async (query: FunnelQuery) => {
    const answer = await environment().api.call(getStaffFunnel, { query: queryOf(query) });
    $funnel.set({ query, ...answer });
  },
  { repeatable: true },
);

/** Rolls today's and yesterday's figures up now, then reads the shown range again. */
export const rollUpForm = createForm(
  async () => {
    const { computed_at } = await environment().api.call(postStaffFunnelRollup, { body: {} });
    $rolledUpAt.set(computed_at);
    const shown = $funnel.get();
    if (shown) await funnelForm.submit(shown.query);
  },
  { repeatable: true },
);

export interface FunnelTotals {
  visits: number;
  /** Null when the breakdown does not know them (per sub-id). */
  bounces: number | null;
  signups: number;
  activations: number;
  first_purchases: number;
}

export function totalsOf(rows: readonly FunnelRow[]): FunnelTotals {
  const totals: FunnelTotals = { visits: 0, bounces: 0, signups: 0, activations: 0, first_purchases: 0 };
  for (const row of rows) {
    totals.visits += row.visits;
    totals.bounces = totals.bounces === null || row.bounces === null ? null : totals.bounces + row.bounces;
    totals.signups += row.signups;
    totals.activations += row.activations;
    totals.first_purchases += row.first_purchases;
  }
  return totals;
}
