/**
 * The moderation calls (contract src/contract/moderation.ts, roles moderator and admin): the
 * queue of photos being inspected and the moderator's decision.
 */
import type { Hono } from 'hono';
import { getModerationQueue, postModerationDecision } from '#src/contract/moderation.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { decidePhoto, loadQueue } from './service.ts';

export function registerModerationRoutes(app: Hono<AppEnv>): void {
  route(app, getModerationQueue, async ({ c, query }) => {
    const { database, now, sites } = c.get('deps');
    return await loadQueue(database.db, now(), {
      siteId: siteFilter(sites, query.site),
      order: query.order,
      member: query.member,
    });
  });

  route(app, postModerationDecision, async ({ c, body, session }) => {
    const { database, now, events } = c.get('deps');
    const decision =
      body.decision === 'approve' ? { decision: body.decision } : { decision: body.decision, reason: body.reason };
    const { remaining } = await decidePhoto(database.db, session.accountId, body.photo, decision, now(), events);
    return { ok: true as const, remaining };
  });
}
