/**
 * The moderation calls (contract src/contract/moderation.ts): the queue of photos being
 * inspected and the moderator's decision. Moderators and admins only (403 forbidden for
 * other accounts, 403 authentication_required without a session).
 */
import type { Hono } from 'hono';
import { getModerationQueue, postModerationDecision } from '#src/contract/moderation.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { authenticationRequired, invalidInput } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { decidePhoto, isKnownSite, loadQueue, requireModerator } from './service.ts';

export function registerModerationRoutes(app: Hono<AppEnv>): void {
  route(app, getModerationQueue, async ({ c, query, session, site }) => {
    if (!session) throw authenticationRequired();
    const { database, now, sites } = c.get('deps');
    await requireModerator(database.db, session.accountId, site?.id ?? null);
    if (query.site !== undefined && query.site !== '' && !isKnownSite(sites, query.site)) throw invalidInput('site');
    return await loadQueue(database.db, now(), {
      siteId: query.site || undefined,
      order: query.order,
      member: query.member,
    });
  });

  route(app, postModerationDecision, async ({ c, body, session, site }) => {
    if (!session) throw authenticationRequired();
    const { database, now, events } = c.get('deps');
    const moderatorId = await requireModerator(database.db, session.accountId, site?.id ?? null);
    const decision =
      body.decision === 'approve' ? { decision: body.decision } : { decision: body.decision, reason: body.reason };
    const { remaining } = await decidePhoto(database.db, moderatorId, body.photo, decision, now(), events);
    return { ok: true as const, remaining };
  });
}
