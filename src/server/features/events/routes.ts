/**
 * GET /api/events.php: the realtime channel of the logged-in member (server-sent events;
 * what it sends and in which order: channel.ts; the protocol: src/contract/events.ts).
 */
import type { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { getEvents } from '#src/contract/events.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { clientIp } from '#src/server/http/client-ip.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { findSession, sessionCache } from '#src/server/features/accounts/index.ts';
import { openChannel } from './channel.ts';
import { REPLACED_RETRY_MS, StreamLimits } from './limits.ts';

/** The stream caps of each app (keyed by its event hub: one per composeApp). */
const limitsOf = new WeakMap<object, StreamLimits>();

/** The Last-Event-ID header, when it is an id (anything else starts the channel from now). */
function headerCursor(value: string | undefined): number | undefined {
  const trimmed = value?.trim();
  return trimmed && /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function registerEventRoutes(app: Hono<AppEnv>): void {
  route(app, getEvents, async ({ c, query, fail }) => {
    const { events, database, now } = c.get('deps');
    const token = getCookie(c, AUTH_COOKIE_NAME);
    let limits = limitsOf.get(events);
    if (!limits) limitsOf.set(events, (limits = new StreamLimits()));
    const address = clientIp(c);
    // Past the opening rate: 429 before any query, after a pause (limits.ts STREAM_OPENS).
    if (!limits.mayOpen(token ?? '', address, now().getTime())) {
      await limits.holdRefusal(address);
      throw fail('rate_limited');
    }
    const viewer = await requireViewer(c);
    const lastEventId = headerCursor(c.req.header('last-event-id')) ?? query.last_event_id ?? null;
    const response = streamSSE(c, async (stream) => {
      // Past a cap the oldest stream of the session or address makes room (limits.ts).
      const ending = { replaced: false };
      const release = limits.admit(token ?? '', address, () => {
        ending.replaced = true;
        channel.stop();
      });
      const channel = openChannel({
        hub: events,
        accountId: viewer.accountId,
        lastEventId,
        write: async (frame) => {
          await stream.write(frame);
        },
        // Logging out, a ban or the session's expiry ends the channel at the next heartbeat.
        stillValid: async () =>
          token !== undefined && (await findSession(database.db, token, now(), sessionCache(database))) !== null,
      });
      stream.onAbort(() => channel.stop());
      try {
        await channel.done;
      } finally {
        release();
      }
      if (ending.replaced && !stream.aborted) {
        // Its browser waits this long before it comes back (and then replays what it missed).
        await Promise.race([
          stream.write(`retry: ${REPLACED_RETRY_MS}\n\n`),
          new Promise((resolve) => setTimeout(resolve, 1_000)),
        ]);
      }
    });
    // Not stored by any cache, and not buffered by a proxy (nginx) in front of the server.
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
}
