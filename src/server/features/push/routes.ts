/**
 * POST and DELETE /api/user.php?push=1 (SPEC §7): the member's web push subscriptions (the
 * worker /sw-push.js is a file of every static root, docs/pwa.md), kept by subscriptions.ts.
 */
import type { Hono } from 'hono';
import { deletePushSubscription, postPushSubscription } from '#src/contract/push.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { endpointProblem } from './destination.ts';
import { subscribe, unsubscribe } from './subscriptions.ts';

export function registerPushRoutes(app: Hono<AppEnv>): void {
  route(app, postPushSubscription, async ({ c, body }) => {
    const { database, config, now } = c.get('deps');
    const viewer = await requireViewer(c);
    // https on a public address only; the tests' local endpoint is a PUSH_TEST_HOSTS host
    // (destination.ts; checked again when sending).
    if (endpointProblem(body.subscription.endpoint, config.pushTestHosts)) {
      throw fail('invalid_input', { field: 'subscription' });
    }
    await subscribe(database.db, viewer.accountId, body.subscription, now());
    return { ok: true as const };
  });

  route(app, deletePushSubscription, async ({ c, body }) => {
    const { database } = c.get('deps');
    const viewer = await requireViewer(c);
    await unsubscribe(database.db, viewer.accountId, body.endpoint);
    return { ok: true as const };
  });
}
