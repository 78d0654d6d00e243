/** The funnel's calls (contract src/contract/staff-funnel.ts), bound with staffRoute(). */
import type { Hono } from 'hono';
import { getStaffFunnel, getStaffFunnelCsv, postStaffFunnelRollup } from '#src/contract/staff-funnel.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { staffRoute } from '#src/server/features/staff/index.ts';
import { funnelAnswer, funnelCsv } from './read.ts';
import { rollUpFunnel } from './rollup.ts';

export function registerStaffFunnelRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffFunnel, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    return funnelAnswer(database.db, { ...query, siteId: siteFilter(sites, query.site) });
  });

  staffRoute(app, getStaffFunnelCsv, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    const csv = await funnelCsv(database.db, { ...query, siteId: siteFilter(sites, query.site) });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="funnel-${query.by}-${query.from}-${query.to}.csv"`,
    });
  });

  staffRoute(app, postStaffFunnelRollup, async ({ c }) => {
    const { database, now } = c.get('deps');
    const at = now();
    await rollUpFunnel(database.db, at);
    return { computed_at: at.toISOString() };
  });
}
