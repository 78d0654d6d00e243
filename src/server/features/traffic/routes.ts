/**
 * POST /api/page-hidden.php (contract src/contract/traffic.ts): the bounce beacon. No login,
 * no error a visitor could see: 204 in every case the body is acceptable, counted only for
 * a known site, a lander page and within the per-IP limit.
 */
import type { Hono } from 'hono';
import { postPageHidden } from '#src/contract/traffic.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { clientIp, hit, ipKey } from '#src/server/http/rate-limit.ts';
import { route } from '#src/server/http/route.ts';
import { bouncedPage, countBounce } from './service.ts';

/**
 * Beacons counted per IP address and hour. A visitor bounces from one page view at a time;
 * 60 leaves room for a household or office behind one address, while a script that loops
 * cannot inflate the counters by much.
 */
export const PAGE_HIDDEN_LIMIT = { max: 60, windowMs: 3_600_000 };

export function registerTrafficRoutes(app: Hono<AppEnv>): void {
  route(app, postPageHidden, async ({ c, site }) => {
    if (site) {
      const { db } = c.get('deps').database;
      const now = c.get('deps').now();
      // Over the limit, or from a page that is no lander, the beacon is answered like any
      // other but not counted.
      const page = bouncedPage(c.req.header('referer'), c.req.header('host'));
      if (page && (await hit(db, await ipKey(db, 'page-hidden', clientIp(c)), PAGE_HIDDEN_LIMIT, now))) {
        await countBounce(db, site.id, page, now);
      }
    }
    return c.body(null, 204);
  });
}
