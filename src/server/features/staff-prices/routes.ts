/** The back office's prices calls (contract src/contract/staff-prices.ts), bound with staffRoute(). */
import type { Hono } from 'hono';
import { getStaffPrices, postStaffBundleCredits, postStaffPrices } from '#src/contract/staff-prices.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { requireRecentSecondFactor, staffRoute } from '#src/server/features/staff/index.ts';
import { changeCredits, changePrices, pricesOverview } from './prices.ts';

export function registerStaffPriceRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffPrices, async ({ c }) => pricesOverview(c.get('deps').database.db));

  staffRoute(app, postStaffPrices, async ({ c, body, session }) => {
    requireRecentSecondFactor(session, c.get('deps').now());
    return { country: await changePrices(c, session, body) };
  });

  staffRoute(app, postStaffBundleCredits, async ({ c, body, session }) => {
    requireRecentSecondFactor(session, c.get('deps').now());
    return { bundles: await changeCredits(c, session, body) };
  });
}
