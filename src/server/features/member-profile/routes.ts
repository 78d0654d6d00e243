/** The calls about other members (contract src/contract/members.ts): profile page and blocking. */
import type { Hono } from 'hono';
import { deleteBlock, getBlocks, getMember, postBlock } from '#src/contract/members.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { limitLookup, blockedResponse, requireViewer } from '#src/server/features/members/index.ts';
import { blockProfile, listBlocked, loadMemberPage, unblockProfile } from './service.ts';

export function registerMemberRoutes(app: Hono<AppEnv>): void {
  route(app, getMember, async ({ c, query, site }) => {
    const ctx = requestContext(c, site);
    const viewer = await requireViewer(c);
    await limitLookup(c, 'member', viewer.accountId);
    const loaded = await loadSite(ctx.db, ctx.site);
    try {
      return await loadMemberPage(
        {
          db: ctx.db,
          viewer,
          now: ctx.now,
          visibleFields: loaded.settings.visible_profile_fields,
          cdnPrefix: loaded.row.cdnPrefix,
        },
        query.id,
      );
    } catch (error) {
      const blocked = blockedResponse(c, error);
      if (blocked) return blocked;
      throw error;
    }
  });

  route(app, postBlock, async ({ c, body, site }) => {
    const ctx = requestContext(c, site);
    await blockProfile(ctx.db, await requireViewer(c), body.profile, ctx.now, ctx.deps);
    return { ok: true as const };
  });

  route(app, deleteBlock, async ({ c, body, site }) => {
    const ctx = requestContext(c, site);
    await unblockProfile(ctx.db, await requireViewer(c), body.profile);
    return { ok: true as const };
  });

  route(app, getBlocks, async ({ c, site }) => {
    const ctx = requestContext(c, site);
    return { profiles: await listBlocked(ctx.db, await requireViewer(c)) };
  });
}
