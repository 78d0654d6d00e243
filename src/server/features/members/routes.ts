/** The calls about other members (contract src/contract/members.ts): profile page and blocking. */
import type { Context, Hono } from 'hono';
import { deleteBlock, getBlocks, getMember, postBlock, type blockedAnswer } from '#src/contract/members.ts';
import { translator } from '#src/i18n/index.ts';
import type { z } from 'zod';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { loadSite } from '../site/settings.ts';
import { limitLookup } from './lookup-limits.ts';
import { BlockedError, blockProfile, listBlocked, loadMemberPage, unblockProfile } from './service.ts';
import { requireViewer } from './visibility.ts';

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
      if (error instanceof BlockedError) return blockedResponse(c, error);
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

/** 403 with "You're blocked by {name}. …" in the viewer's language, and the name itself. */
function blockedResponse(c: Context<AppEnv>, error: BlockedError): Response {
  const t = translator(c.get('locale'));
  const body: z.infer<typeof blockedAnswer> = {
    error: { code: 'blocked', message: t(error.messageKey, error.params) },
    blocked_by: error.blockedBy,
  };
  return c.json(body, 403);
}
