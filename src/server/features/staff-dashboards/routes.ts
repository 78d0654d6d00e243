/** The dashboards' calls (contract src/contract/staff-dashboards.ts), bound with staffRoute(). */
import type { Hono } from 'hono';
import {
  getStaffDashboards,
  getStaffDashboardsCsv,
  postStaffDashboardsRollup,
} from '#src/contract/staff-dashboards.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { staffRoute } from '#src/server/features/staff/index.ts';
import { answerTimeRows, dailyCsv, dailyRows } from './read.ts';
import { rollUpDailyStats } from './rollup.ts';

export function registerStaffDashboardRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffDashboards, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    const range = { ...query, siteId: siteFilter(sites, query.site) };
    return { rows: await dailyRows(database.db, range), answer_times: await answerTimeRows(database.db, range) };
  });

  staffRoute(app, getStaffDashboardsCsv, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    const csv = await dailyCsv(database.db, { ...query, siteId: siteFilter(sites, query.site) });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="daily-${query.from}-${query.to}.csv"`,
    });
  });

  staffRoute(app, postStaffDashboardsRollup, async ({ c }) => {
    const { database, now } = c.get('deps');
    const at = now();
    await rollUpDailyStats(database.db, at);
    return { computed_at: at.toISOString() };
  });
}
