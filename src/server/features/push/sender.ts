/**
 * Sends web push messages (SPEC §4 Push). A push tells a member that something happened (a
 * new message, a like) and where to look; it never carries a message's text. The request is
 * encrypted and signed by web-push (aes128gcm, VAPID) and sent with fetch, a few at a time.
 * An endpoint that answers 404 or 410 is gone: its subscription is deleted. Other failures
 * are counted on the subscription and reset by the next success.
 */
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '#src/contract/push.ts';
import { translator } from '#src/i18n/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts, pushSubscriptions } from '#src/server/db/schema.ts';
import type { SiteConfig } from '#sites-config';
import { vapidKeys } from './vapid.ts';

/** What a push is about; `name` is the other profile's name (never a message's text). */
export type PushNews = { type: 'message'; conversation: string; name: string } | { type: 'like'; name: string };

/** Who sends: the database, the sites (for the VAPID subject), and whether plain http is refused. */
export interface PushContext {
  db: Db;
  sites: readonly SiteConfig[];
  production: boolean;
}

/** Pushes sent at once at most (each is one HTTPS request to the browser's push service). */
export const PUSH_CONCURRENCY = 4;
/** How long a push service keeps an undelivered push (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Whether the member wants pushes of this kind. Preferences live in accounts.email_preferences
 * (docs/push.md): `push: false` turns every push off, `push_messages` / `push_likes: false` one kind.
 */
export function wantsPush(preferences: Record<string, boolean>, type: PushNews['type']): boolean {
  if (preferences['push'] === false) return false;
  return preferences[type === 'message' ? 'push_messages' : 'push_likes'] !== false;
}

/** The payload of a push in the member's language: a title, a line naming the other profile, where to go. */
export function pushPayload(news: PushNews, language: string): PushPayload {
  const t = translator(isLocale(language) ? language : DEFAULT_LOCALE);
  const checkUrl = news.type === 'message' ? `/chats/${encodeURIComponent(news.conversation)}` : '/likes';
  return {
    type: news.type,
    title: t(`push.${news.type}.title`),
    body: t(`push.${news.type}.body`, { name: news.name }),
    checkUrl,
    openUrl: '/login',
  };
}

let running = 0;
const waiting: (() => void)[] = [];
const inFlight = new Set<Promise<void>>();

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PUSH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
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

/** Sends one prepared push request; answers the HTTP status, or 0 when the service was not reached. */
async function deliver(request: webpush.RequestDetails): Promise<number> {
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
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
  const payload = JSON.stringify(pushPayload(news, account.language));
  await Promise.all(
    subscriptions.map((subscription) =>
      limited(async () => {
        if (ctx.production && !subscription.endpoint.startsWith('https://')) return;
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
        const status = await deliver(request);
        if (status === 404 || status === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        } else if (status >= 200 && status < 300) {
          await db
            .update(pushSubscriptions)
            .set({ lastSuccessAt: new Date(), failures: 0 })
            .where(eq(pushSubscriptions.id, subscription.id));
        } else {
          await db
            .update(pushSubscriptions)
            .set({ failures: sql`${pushSubscriptions.failures} + 1` })
            .where(eq(pushSubscriptions.id, subscription.id));
        }
      }),
    ),
  );
}
