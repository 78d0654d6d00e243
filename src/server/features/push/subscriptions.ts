/**
 * The member's web push subscriptions (POST and DELETE /api/user.php?push=1). A browser's
 * endpoint belongs to one account at a time: subscribing again (another login on the same
 * browser) moves it and renews its keys.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { pushSubscriptions } from '#src/server/db/schema.ts';
import { PUSH_MAX_SUBSCRIPTIONS } from './sender.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Stores (or moves to this account, with fresh keys) a browser's subscription; the account
 * keeps its PUSH_MAX_SUBSCRIPTIONS most recent ones, older ones are deleted (docs/security.md).
 */
export async function subscribe(
  db: Db,
  accountId: number,
  subscription: PushSubscriptionInput,
  now: Date,
): Promise<void> {
  const { endpoint, keys } = subscription;
  await db
    .insert(pushSubscriptions)
    .values({ accountId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { accountId, p256dh: keys.p256dh, auth: keys.auth, failures: 0, createdAt: now },
    });
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, accountId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_MAX_SUBSCRIPTIONS);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), notInArray(pushSubscriptions.id, kept)));
}

/** Drops the account's subscription of `endpoint`, if it has one. */
export async function unsubscribe(db: Db, accountId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.endpoint, endpoint)));
}
