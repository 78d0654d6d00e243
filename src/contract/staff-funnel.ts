/**
 * The back office's marketing funnel (docs/staff.md "Marketing funnel"): visits (and bounces)
 * → signups → activations → first purchases → revenue, per lander, lander variant, traffic
 * network, sub-id, or site and locale, for any date range, from the funnel's daily aggregates
 * (the hourly job rolls them up from first-party data only: the landers' visit and bounce
 * counters and the traffic source stored at signup). Landers converting far below their site's median are
 * flagged; each lander experiment gets a plain significance note. Marketing and admins.
 */
import * as z from 'zod/mini';
import { defineEndpoint, noInput, type StaffRole } from './define.ts';
import { DASHBOARD_MAX_DAYS } from './staff-dashboards.ts';

export const FUNNEL_READERS = ['admin', 'marketing'] as const satisfies readonly StaffRole[];

/** How the funnel's rows are grouped. */
export const FUNNEL_BREAKDOWNS = ['lander', 'variant', 'network', 'sub1', 'site'] as const;
export type FunnelBreakdown = (typeof FUNNEL_BREAKDOWNS)[number];

/** The most rows one answer holds (the biggest by visits, then signups, first). */
export const FUNNEL_MAX_ROWS = 500;
export { DASHBOARD_MAX_DAYS as FUNNEL_MAX_DAYS };

const day = z.iso.date();

export const funnelQuery = z.looseObject({
  from: day,
  /** Inclusive. */
  to: day,
  by: z.enum(FUNNEL_BREAKDOWNS),
  site: z.optional(z.string().check(z.maxLength(40))),
  locale: z.optional(z.string().check(z.maxLength(5))),
});

/** The range and breakdown every funnel question names (the screen's form and the server's read). */
export type FunnelRange = Pick<z.infer<typeof funnelQuery>, 'from' | 'to' | 'by'>;

const count = z.number().check(z.int());
/** A share in percent with one decimal, or null when its base is zero. */
const percent = z.nullable(z.number());

export const funnelRow = z.object({
  /** The group's keys: those of the breakdown are filled, the others ''. */
  site: z.string(),
  locale: z.string(),
  /** '' in a lander breakdown: members who signed up without a marketing lander. */
  lander: z.string(),
  variant: z.string(),
  network: z.string(),
  sub1: z.string(),
  visits: count,
  /**
   * Visitors who left the lander without going on (the bounce beacon's counters, SPEC §4
   * "Page bounce logging"; only with `lb` in the lander's address). Null per sub-id, which
   * the counters do not know.
   */
  bounces: z.nullable(count),
  /** Bounces per visit. */
  bounce_rate: percent,
  signups: count,
  activations: count,
  first_purchases: count,
  /** Paid orders of the members who came this way, per currency, in minor units. */
  revenue: z.array(z.object({ currency: z.string(), minor: count })),
  /** Signups per visit. */
  signup_rate: percent,
  /** First purchases per signup. */
  purchase_rate: percent,
  /** A lander whose signups per visit are far below its site's median (docs/staff.md). */
  flagged: z.boolean(),
});
export type FunnelRow = z.infer<typeof funnelRow>;

export const experimentNote = z.object({
  site: z.string(),
  locale: z.string(),
  lander: z.string(),
  variants: z.array(
    z.object({
      variant: z.string(),
      visits: count,
      signups: count,
      signup_rate: percent,
      p_value: z.nullable(z.number()),
    }),
  ),
  verdict: z.enum(['not_enough_data', 'no_clear_difference', 'likely_difference']),
  /** The comparison in plain words. */
  note: z.string(),
});
export type ExperimentNote = z.infer<typeof experimentNote>;

export const funnelAnswer = z.object({
  rows: z.array(funnelRow),
  /** More groups than FUNNEL_MAX_ROWS: the smallest were left out. */
  truncated: z.boolean(),
  experiments: z.array(experimentNote),
});

/** GET /api/staff/funnel?from=&to=&by=&site=&locale=: the funnel per group of the breakdown. */
export const getStaffFunnel = defineEndpoint({
  method: 'GET',
  path: '/api/staff/funnel',
  query: funnelQuery,
  response: funnelAnswer,
  roles: FUNNEL_READERS,
});

/** GET /api/staff/funnel.csv?from=&to=&by=&site=&locale=: the same rows as CSV. */
export const getStaffFunnelCsv = defineEndpoint({
  method: 'GET',
  path: '/api/staff/funnel.csv',
  query: funnelQuery,
  response: z.string(),
  roles: FUNNEL_READERS,
});

/**
 * POST /api/staff/funnel/rollup: rolls today's and yesterday's figures up now, as the hourly
 * job does (a marketer checking a campaign that started minutes ago need not wait the hour).
 */
export const postStaffFunnelRollup = defineEndpoint({
  method: 'POST',
  path: '/api/staff/funnel/rollup',
  body: noInput,
  response: z.object({ computed_at: z.string() }),
  roles: FUNNEL_READERS,
});
