/** The sites section's calls (contract src/contract/staff-sites.ts), bound with staffRoute(). */
import type { Hono } from 'hono';
import {
  getStaffSites,
  postStaffCompany,
  postStaffMessageCost,
  postStaffSiteSettings,
} from '#src/contract/staff-sites.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { staffRoute } from '#src/server/features/staff/index.ts';
import { changeCompany, changeMessageCost, changeSiteSettings, sitesOverview } from './settings.ts';

export function registerStaffSiteRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffSites, async ({ c }) => {
    const { database, sites } = c.get('deps');
    return sitesOverview(database.db, sites);
  });

  staffRoute(app, postStaffSiteSettings, async ({ c, body, session }) => ({
    site: await changeSiteSettings(c, session, body),
  }));

  staffRoute(app, postStaffCompany, async ({ c, body, session }) => ({
    company: await changeCompany(c, session, body),
  }));

  staffRoute(app, postStaffMessageCost, async ({ c, body, session }) => ({
    message_cost: await changeMessageCost(c, session, body),
  }));
}
