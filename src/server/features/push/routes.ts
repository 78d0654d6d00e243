/**
 * POST and DELETE /api/user.php?push=1 (SPEC §7): the member's web push subscriptions (the
 * worker /sw-push.js is a file of every static root, docs/pwa.md). A
 * browser's endpoint belongs to one account at a time: subscribing again (another login on
 * the same browser) moves it and renews its keys.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { deletePushSubscription, postPushSubscription } from '#src/contract/push.ts';
import { pushSubscriptions } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { requireViewer } from '#src/server/features/members/index.ts';

export function registerPushRoutes(app: Hono<AppEnv>): void {
  route(app, postPushSubscription, async ({ c, body }) => {
    const { database, config, now } = c.get('deps');
    const viewer = await requireViewer(c);
    const { endpoint, keys } = body.subscription;
    // Push services are HTTPS; plain http only reaches the tests' local endpoint.
    if (config.production && !endpoint.startsWith('https://')) throw fail('invalid_input', { field: 'subscription' });
    await database.db
      .insert(pushSubscriptions)
      .values({ accountId: viewer.accountId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now() })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { accountId: viewer.accountId, p256dh: keys.p256dh, auth: keys.auth, failures: 0 },
      });
    return { ok: true as const };
  });

  route(app, deletePushSubscription, async ({ c, body }) => {
    const { database } = c.get('deps');
    const viewer = await requireViewer(c);
    await database.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.accountId, viewer.accountId), eq(pushSubscriptions.endpoint, body.endpoint)));
    return { ok: true as const };
  });
}
