/**
 * GET /api/geocode.php?lat=&lon= (contract src/contract/geo.ts): the country and region of
 * the logged-in member's browser position; the position is remembered snapped to the grid.
 */
import type { Hono } from 'hono';
import { getGeocode } from '#src/contract/geo.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { accountKey, enforce } from '#src/server/http/rate-limit.ts';
import { route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { reverseGeocode, storePosition } from './service.ts';

/**
 * Geocodes per account and hour. The browser keeps a position up to an hour
 * (GEOLOCATION_CACHE_MS), so a member normally asks once or twice an hour.
 */
export const GEOCODE_LIMIT = { max: 30, windowMs: 3_600_000 };

export function registerGeoRoutes(app: Hono<AppEnv>): void {
  route(app, getGeocode, async ({ c, query, site }) => {
    const ctx = requestContext(c, site);
    const viewer = await requireViewer(c);
    await enforce(ctx.db, accountKey('geocode', viewer.accountId), GEOCODE_LIMIT, ctx.now);
    const found = await reverseGeocode(ctx.db, query.lat, query.lon);
    await storePosition(ctx.db, viewer.profileId, query.lat, query.lon, ctx.now);
    return found;
  });
}
