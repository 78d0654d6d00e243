/**
 * Sends web push messages (SPEC §4 Push). A push tells a member that something happened (a
 * new message, a like) and where to look; it never carries a message's text. The request is
 * encrypted and signed by web-push (aes128gcm, VAPID) and sent by destination.ts (https on
 * public addresses only, no redirects), a few at a time: each account has its own queue and
 * the queues take turns (round-robin), so one account's dead endpoints cannot hold up another
 * member's push (docs/security.md). An endpoint that answers 404 or 410 is gone: its
 * subscription is deleted. Other failures (a redirect, a timeout, a refused address) are
 * counted on the subscription and reset by the next success; PUSH_MAX_FAILURES in a row
 * delete it.
 */
import { desc, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '#src/contract/push.ts';
import { translator } from '#src/i18n/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts, pushSubscriptions } from '#src/server/db/schema.ts';
import type { SiteConfig } from '#sites-config';
import { deliverPush, type DeliveryOutcome } from './destination.ts';
import { vapidKeys } from './vapid.ts';

/** What a push is about; `name` is the other profile's name (never a message's text). */
export type PushNews = { type: 'message'; conversation: string; name: string } | { type: 'like'; name: string };

/** Who sends: the database, the sites (for the VAPID subject) and the test hosts exempt from the address rules. */
export interface PushContext {
  db: Db;
  sites: readonly SiteConfig[];
  production: boolean;
  /** Config.pushTestHosts: the tests' local endpoint (never in production). */
  testHosts: readonly string[];
  /**
   * The app icon's badge of an account (SPEC §2.5: unread messages plus new likes), sent with
   * each push so the worker sets it while the app is closed; null or absent: no badge.
   */
  badgeOf?: (accountId: number) => Promise<number | null>;
}

/** Pushes sent at once at most, across all accounts (each is one HTTPS request to a push service). */
export const PUSH_CONCURRENCY = 8;
/** Pushes of one account sent at once at most: the other slots stay free for other accounts. */
export const PUSH_ACCOUNT_CONCURRENCY = 2;
/** Sends waiting for one account at most; more are dropped (a flood of likes, dead endpoints). */
export const PUSH_ACCOUNT_BACKLOG = 100;
/** Subscriptions an account keeps (the most recent; subscriptions.ts) and pushes to. */
export const PUSH_MAX_SUBSCRIPTIONS = 10;
/** Failures in a row (timeouts, redirects, refusals, 5xx) after which a subscription is deleted. */
export const PUSH_MAX_FAILURES = 3;
/** How long a push service keeps an undelivered push (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** No byte from the push service for this long, connecting included: the push failed. */
export const PUSH_IDLE_TIMEOUT_MS = 5_000;
/** One push at most, from connecting to the answer's status. */
export const PUSH_TIMEOUT_MS = 10_000;

/**
 * Whether the member wants pushes of this kind. Preferences live in accounts.email_preferences
 * (docs/push.md): `push: false` turns every push off, `push_messages` / `push_likes: false` one kind.
 */
export function wantsPush(preferences: Record<string, boolean>, type: PushNews['type']): boolean {
  if (preferences['push'] === false) return false;
  return preferences[type === 'message' ? 'push_messages' : 'push_likes'] !== false;
}

/** The payload of a push in the member's language: a title, a line naming the other profile, where to go. */
export function pushPayload(news: PushNews, language: string, badge: number | null = null): PushPayload {
  const t = translator(isLocale(language) ? language : DEFAULT_LOCALE);
  const checkUrl = news.type === 'message' ? `/chats/${encodeURIComponent(news.conversation)}` : '/likes';
  return {
    type: news.type,
    title: t(`push.${news.type}.title`),
    body: t(`push.${news.type}.body`, { name: news.name }),
    checkUrl,
    openUrl: '/login',
    ...(badge === null ? {} : { badge }),
  };
}

/** The account's badge count, or null when there is none or counting failed (never fails a push). */
async function badgeOf(ctx: PushContext, accountId: number): Promise<number | null> {
  if (!ctx.badgeOf) return null;
  try {
    return await ctx.badgeOf(accountId);
  } catch (error) {
    console.error('[push] badge count failed:', error instanceof Error ? error.message : error);
    return null;
  }
}

/** One account's sends: those waiting, and how many are on the way. */
interface AccountQueue {
  waiting: (() => Promise<void>)[];
  running: number;
}

let running = 0;
/** Accounts with sends, in turn order: the one served last moves to the end (round-robin). */
const queues = new Map<number, AccountQueue>();
const inFlight = new Set<Promise<void>>();

/** Starts waiting sends while slots are free, taking the accounts in turn. */
function pump(): void {
  while (running < PUSH_CONCURRENCY) {
    let picked: [number, AccountQueue] | undefined;
    for (const entry of queues) {
      if (entry[1].waiting.length > 0 && entry[1].running < PUSH_ACCOUNT_CONCURRENCY) {
        picked = entry;
        break;
      }
    }
    if (!picked) return;
    const [accountId, queue] = picked;
    queues.delete(accountId);
    queues.set(accountId, queue);
    const work = queue.waiting.shift();
    if (!work) return;
    queue.running++;
    running++;
    void work().finally(() => {
      queue.running--;
      running--;
      if (queue.running === 0 && queue.waiting.length === 0 && queues.get(accountId) === queue) {
        queues.delete(accountId);
      }
      pump();
    });
  }
}

/** Queues one send of an account; resolves when it ran (false: dropped, the backlog is full). */
function enqueue(accountId: number, work: () => Promise<void>): Promise<boolean> {
  let queue = queues.get(accountId);
  if (!queue) {
    queue = { waiting: [], running: 0 };
    queues.set(accountId, queue);
  }
  if (queue.waiting.length >= PUSH_ACCOUNT_BACKLOG) return Promise.resolve(false);
  const target = queue;
  return new Promise<boolean>((resolve) => {
    target.waiting.push(async () => {
      try {
        await work();
      } catch (error) {
        console.error('[push] sending failed:', error instanceof Error ? error.message : error);
      } finally {
        resolve(true);
      }
    });
    pump();
  });
}

/** Resolves once every push started so far has been sent or has failed (tests, shutdown). */
export async function pushesSettled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

/**
 * Pushes news to every subscription of an account, in the background: the caller does not
 * wait, and a failure is logged, never thrown.
 */
export function pushToAccount(ctx: PushContext, accountId: number, news: PushNews): void {
  const job = sendToAccount(ctx, accountId, news).catch((error: unknown) => {
    console.error('[push] sending failed:', error instanceof Error ? error.message : error);
  });
  inFlight.add(job);
  void job.finally(() => inFlight.delete(job));
}

/** After every message and like: a prepared statement, built once. */
const subscriptionsQuery = preparedFor((db) =>
  db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      siteId: accounts.siteId,
      language: accounts.language,
      preferences: accounts.emailPreferences,
    })
    .from(pushSubscriptions)
    .innerJoin(accounts, eq(accounts.id, pushSubscriptions.accountId))
    .where(eq(pushSubscriptions.accountId, sql.placeholder('accountId')))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_MAX_SUBSCRIPTIONS)
    .prepare('push_subscriptions_of'),
);

async function sendToAccount(ctx: PushContext, accountId: number, news: PushNews): Promise<void> {
  const { db } = ctx;
  // One query, usually empty: most accounts have no subscription.
  const subscriptions = await subscriptionsQuery(db).execute({ accountId });
  const account = subscriptions[0];
  if (!account || !wantsPush(account.preferences, news.type)) return;

  const keys = await vapidKeys(db);
  const site = ctx.sites.find((s) => s.id === account.siteId);
  const domain = site?.domains[isLocale(account.language) ? account.language : DEFAULT_LOCALE];
  const payload = JSON.stringify(pushPayload(news, account.language, await badgeOf(ctx, accountId)));
  await Promise.all(
    subscriptions.map((subscription) =>
      enqueue(accountId, async () => {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            TTL: PUSH_TTL_SECONDS,
            vapidDetails: {
              subject: domain ? `https://${domain}` : 'mailto:push@localhost',
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
          },
        );
        const outcome = await deliverPush(
          {
            endpoint: request.endpoint,
            method: request.method,
            headers: request.headers,
            body: request.body,
          },
          ctx.testHosts,
          { idleMs: PUSH_IDLE_TIMEOUT_MS, totalMs: PUSH_TIMEOUT_MS },
        );
        await recordOutcome(db, subscription.id, outcome);
      }),
    ),
  );
}

/** 404/410: gone; 2xx: a success; anything else (3xx included) a failure, the last of a row deletes. */
async function recordOutcome(db: Db, subscriptionId: number, outcome: DeliveryOutcome): Promise<void> {
  const { status } = outcome;
  if (status === 404 || status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    return;
  }
  if (status >= 200 && status < 300) {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date(), failures: 0 })
      .where(eq(pushSubscriptions.id, subscriptionId));
    return;
  }
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, subscriptionId))
    .returning({ failures: pushSubscriptions.failures });
  if (row && row.failures >= PUSH_MAX_FAILURES) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  }
}
