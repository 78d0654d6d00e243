/**
 * The calls of likes, the swipe game, the match finder and the like modal (contract
 * src/contract/likes.ts): all for logged-in members of the request's site.
 */
import type { Context, Hono } from 'hono';
import type { SiteConfig } from '#sites-config';
import {
  deleteLike,
  getAutoLike,
  getLikes,
  getMatchFinder,
  getSwipe,
  postLike,
  postSwipe,
} from '#src/contract/likes.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { mailLike } from '#src/server/features/notifications/index.ts';
import { pushContext, pushLike } from '#src/server/features/push/index.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { autoLike } from './auto-like.ts';
import type { LikesContext } from './candidates.ts';
import { announceNewLike, badgeCountOf, likeProfile, loadLikes, unlikeProfile } from './likes.ts';
import { findMatches } from './match-finder.ts';
import { loadSwipeGame, swipeProfile } from './swipe.ts';

/** The viewer (403 authentication_required for none), the clock and the site's card settings. */
async function likesContext(c: Context<AppEnv>, site: SiteConfig | null): Promise<LikesContext> {
  const ctx = requestContext(c, site);
  const viewer = await requireViewer(c);
  const loaded = await loadSite(ctx.db, ctx.site);
  return {
    db: ctx.db,
    viewer,
    now: ctx.now,
    visibleFields: loaded.settings.visible_profile_fields,
    cdnPrefix: loaded.row.cdnPrefix,
  };
}

/** A new like (a like or a swipe) reaches the liked member: by mail, on their open pages and by push. */
async function tellLiked(c: Context<AppEnv>, ctx: LikesContext, liked: number): Promise<void> {
  mailLike(c.get('deps'), ctx.viewer.profileId, liked);
  await Promise.all([
    announceNewLike(ctx.db, c.get('deps').events, liked),
    pushLike(
      pushContext(c.get('deps'), (id) => badgeCountOf(ctx.db, id)),
      ctx.viewer.profileId,
      liked,
    ),
  ]);
}

export function registerLikeRoutes(app: Hono<AppEnv>): void {
  route(app, getLikes, async ({ c, site }) => loadLikes(await likesContext(c, site)));

  route(app, postLike, async ({ c, body, site }) => {
    const ctx = await likesContext(c, site);
    return likeProfile(ctx, body.profile, (liked) => tellLiked(c, ctx, liked));
  });

  route(app, deleteLike, async ({ c, body, site }) => ({
    ok: true as const,
    ...(await unlikeProfile(await likesContext(c, site), body.profile)),
  }));

  route(app, getSwipe, async ({ c, site }) => loadSwipeGame(await likesContext(c, site)));

  route(app, postSwipe, async ({ c, body, site }) => {
    const ctx = await likesContext(c, site);
    return swipeProfile(ctx, body.profile, body.decision, (liked) => tellLiked(c, ctx, liked));
  });

  route(app, getMatchFinder, async ({ c, query, site }) => ({
    profiles: await findMatches(await likesContext(c, site), query),
  }));

  route(app, getAutoLike, async ({ c, site }) => ({ profile: await autoLike(await likesContext(c, site)) }));
}
