/**
 * The webcam provider's calls under /api/livecams/ and the reseller partner redirect
 * (contract src/contract/cams.ts). The search and both redirects are for logged-in members
 * of the request's site; the demo snapshots are plain placeholder images anyone may load.
 */
import type { Context, Hono } from 'hono';
import type { SiteConfig } from '#sites-config';
import { getCamRedirect, getCamSearch, getCamSnapshot, getResellPartner } from '#src/contract/cams.ts';
import type { WebcamEligibility } from '#src/lib/webcam.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { loadEligibility, resellPartnerTarget, searchCams } from './service.ts';

/** Snapshots change rarely; browsers and proxies may keep them a day. */
const SNAPSHOT_CACHE_CONTROL = 'public, max-age=86400';

/** What the logged-in member of the site may see (403 authentication_required for none). */
async function eligibilityOf(
  c: Context<AppEnv>,
  site: SiteConfig | null,
): Promise<WebcamEligibility & { siteId: string }> {
  const ctx = requestContext(c, site);
  const viewer = await requireViewer(c);
  return { ...(await loadEligibility(ctx.db, viewer.accountId, ctx.site, ctx.now)), siteId: ctx.site.id };
}

export function registerCamRoutes(app: Hono<AppEnv>): void {
  route(app, getCamSearch, async ({ c, query, site }) => {
    const eligibility = await eligibilityOf(c, site);
    return { cams: await searchCams(c.get('deps').cams, eligibility, query, c.req.raw.signal) };
  });

  route(app, getCamRedirect, async ({ c, query, site, fail }) => {
    if (!(await eligibilityOf(c, site)).cams) throw fail('forbidden');
    const target = await c.get('deps').cams.redirectUrl(query.account);
    if (!target) throw fail('not_found');
    return c.redirect(target, 302);
  });

  route(app, getCamSnapshot, async ({ c, query, fail }) => {
    const image = await c.get('deps').cams.snapshot?.(query.account);
    if (!image) throw fail('not_found');
    return new Response(new Uint8Array(image.body), {
      headers: {
        'Content-Type': image.contentType,
        'Cache-Control': SNAPSHOT_CACHE_CONTROL,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  route(app, getResellPartner, async ({ c, query, site, fail }) => {
    const { camads, siteId } = await eligibilityOf(c, site);
    if (!camads) throw fail('forbidden');
    return c.redirect(resellPartnerTarget(c.get('deps').config.resellPartnerUrl, query.flow, siteId), 302);
  });
}
