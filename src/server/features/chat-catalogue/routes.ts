/**
 * The chat's catalogues (contracts src/contract/chat.ts getGifts, getGifs and
 * src/contract/chat-catalogue.ts): the gift list at the site's gift_credits and the GIF
 * search, both for the logged-in member of the site, in the request's language; the gift
 * pictures and the bundled GIF files, which are the same for everyone and cached publicly.
 */
import type { Hono } from 'hono';
import { getGifs, getGifts } from '#src/contract/chat.ts';
import { getGifFile, getGiftImage } from '#src/contract/chat-catalogue.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { GIF_SEARCH_LIMIT } from '#src/server/providers/gifs/types.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { siteSettings } from '#src/server/features/site/index.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { giftSvg, listGifts } from './catalogue.ts';

/** The files never change under their URL within a release; a day keeps edits reachable. */
const FILE_CACHE_CONTROL = 'public, max-age=86400';

export function registerChatCatalogueRoutes(app: Hono<AppEnv>): void {
  route(app, getGifts, async ({ c, site }) => {
    const ctx = requestContext(c, site);
    await requireViewer(c);
    const settings = await siteSettings(ctx);
    return { gifts: listGifts(c.get('locale'), settings.gift_credits) };
  });

  route(app, getGifs, async ({ c, query, site }) => {
    requestContext(c, site);
    await requireViewer(c);
    const gifs = await c.get('deps').gifs.search(query.q ?? '', c.get('locale'), GIF_SEARCH_LIMIT, c.req.raw.signal);
    return { gifs };
  });

  route(app, getGiftImage, async ({ query, fail }) => {
    const svg = await giftSvg(query.key);
    if (!svg) throw fail('not_found');
    return new Response(svg, {
      headers: {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': FILE_CACHE_CONTROL,
        // Opened on its own, the picture may run nothing and load nothing.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  route(app, getGifFile, async ({ c, query, fail }) => {
    const file = await c.get('deps').gifs.file?.(query.id, query.v);
    if (!file) throw fail('not_found');
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Content-Type': file.contentType,
        'Cache-Control': FILE_CACHE_CONTROL,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
