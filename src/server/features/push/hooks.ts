/**
 * Where pushes come from. Messages: every stored `message` event a member receives from the
 * other side (`from: 'them'`) is announced through the event hub after its commit, whichever
 * feature wrote it (a member's send, a held message delivered, an operator's reply), so the
 * hub's `announce` is wrapped once (composeApp) instead of touching each sender. Likes write
 * no message event; the like routes call pushLike after the commit.
 */
import { inArray } from 'drizzle-orm';
import { profiles } from '#src/server/db/schema.ts';
import type { EventHub } from '#src/server/features/events/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { pushToAccount, type PushContext } from './sender.ts';

/**
 * What the sender needs of the app's services, and the app icon's badge count of an account
 * (SPEC §2.5; the likes feature counts it, which this lower feature cannot import).
 */
export function pushContext(
  deps: Pick<AppDeps, 'config' | 'database' | 'sites'>,
  badgeOf?: PushContext['badgeOf'],
): PushContext {
  return {
    db: deps.database.db,
    sites: deps.sites,
    production: deps.config.production,
    testHosts: deps.config.pushTestHosts,
    ...(badgeOf ? { badgeOf } : {}),
  };
}

/** The hub, with a push for each incoming chat message it announces. */
export function withPushes(hub: EventHub, ctx: PushContext): EventHub {
  return {
    ...hub,
    async announce(stored) {
      await hub.announce(stored);
      for (const row of stored.rows) {
        const { event } = row;
        if (event.type !== 'message' || event.data.message.from !== 'them' || !event.data.chat.profile) continue;
        pushToAccount(ctx, row.accountId, {
          type: 'message',
          conversation: event.data.conversation,
          name: event.data.chat.profile.name,
        });
      }
    },
  };
}

/** After a new like was committed: a push to the liked member (fictional profiles have no account). */
export async function pushLike(ctx: PushContext, likerProfileId: number, likedProfileId: number): Promise<void> {
  try {
    const rows = await ctx.db
      .select({ id: profiles.id, name: profiles.name, accountId: profiles.accountId })
      .from(profiles)
      .where(inArray(profiles.id, [likerProfileId, likedProfileId]));
    const liker = rows.find((r) => r.id === likerProfileId);
    const liked = rows.find((r) => r.id === likedProfileId);
    if (liker && liked?.accountId != null) pushToAccount(ctx, liked.accountId, { type: 'like', name: liker.name });
  } catch (error) {
    // Never fails the like: it is committed already.
    console.error('[push] like push failed:', error instanceof Error ? error.message : error);
  }
}
