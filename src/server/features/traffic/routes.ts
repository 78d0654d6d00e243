/**
 * POST /api/page-hidden.php (contract src/contract/traffic.ts): the bounce beacon. No login,
 * no error a visitor could see: 204 in every case the body is acceptable, counted only for
 * a known site, a lander page and within the per-IP limit. GET /api/lander-visit.php: the
 * landers' visit counter, an image; counted likewise, and it keeps the lander in a cookie.
 */
import type { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { getLanderVisit, postPageHidden } from '#src/contract/traffic.ts';
import { LANDER_COOKIE_MAX_AGE_S, LANDING_COOKIE, VARIANT_COOKIE } from '#src/landers/experiments.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { clientIp, hit, ipKey } from '#src/server/http/rate-limit.ts';
import { route } from '#src/server/http/route.ts';
import { bouncedPage, bouncedVariant, countBounce } from './service.ts';
import { PIXEL_GIF, countLanderVisit, isShownVariant } from './visits.ts';

/**
 * Beacons counted per IP address and hour. A visitor bounces from one page view at a time;
 * 60 leaves room for a household or office behind one address, while a script that loops
 * cannot inflate the counters by much.
 */
export const PAGE_HIDDEN_LIMIT = { max: 60, windowMs: 3_600_000 };

/** Lander visits counted per IP address and hour: a visitor reloads and goes back and forth. */
export const LANDER_VISIT_LIMIT = { max: 120, windowMs: 3_600_000 };

export function registerTrafficRoutes(app: Hono<AppEnv>): void {
  route(app, postPageHidden, async ({ c, site }) => {
    if (site) {
      const { db } = c.get('deps').database;
      const now = c.get('deps').now();
      // Over the limit, or from a page that is no lander, the beacon is answered like any
      // other but not counted.
      const page = bouncedPage(c.req.header('referer'), c.req.header('host'));
      if (page && (await hit(db, await ipKey(db, 'page-hidden', clientIp(c)), PAGE_HIDDEN_LIMIT, now))) {
        const locale = c.get('locale');
        const variant = bouncedVariant(page.path, site.id, locale, getCookie(c, VARIANT_COOKIE));
        await countBounce(db, { siteId: site.id, locale, variant }, page, now);
      }
    }
    return c.body(null, 204);
  });

  route(app, getLanderVisit, async ({ c, site, query }) => {
    const locale = c.get('locale');
    if (site && isShownVariant(site.id, locale, query.lander, query.variant)) {
      const { db } = c.get('deps').database;
      const now = c.get('deps').now();
      if (await hit(db, await ipKey(db, 'lander-visit', clientIp(c)), LANDER_VISIT_LIMIT, now)) {
        const visit = {
          siteId: site.id,
          locale,
          ...query,
          referer: c.req.header('referer'),
          host: c.req.header('host'),
        };
        await countLanderVisit(db, visit, now);
      }
      setCookie(c, LANDING_COOKIE, `${query.lander}.${query.variant}`, {
        path: '/',
        maxAge: LANDER_COOKIE_MAX_AGE_S,
        sameSite: 'Lax',
        httpOnly: true,
      });
    }
    return c.body(PIXEL_GIF, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
  });
}
