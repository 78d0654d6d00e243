/**
 * Web push subscriptions (SPEC §7 POST /api/user.php?push=1). The body carries the browser's
 * PushSubscription as a JSON string (`JSON.stringify(subscription)`), as the original client
 * sends it. The `push=1` query tells these calls apart from the login (POST user.php) and the
 * account deletion (DELETE user.php).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define.ts';

/** The `push` query of user.php: present means a push subscription call. */
export const isPushCall = (query: Record<string, string>): boolean => query['push'] !== undefined;

/** A PushSubscription as JSON: an https endpoint and its two keys (URL-safe base64). */
export const pushSubscriptionJson = z.object({
  endpoint: z.url().check(z.maxLength(2000)),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
    auth: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJson>;

/** The subscription as a JSON string (SPEC §7), parsed and checked. */
const subscriptionString = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(4000)),
    z.transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'not JSON', input: text });
        return z.NEVER;
      }
    }),
  ),
  pushSubscriptionJson,
);

/** POST /api/user.php?push=1 {subscription}: stores the browser's subscription for the member. */
export const postPushSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/user.php',
  matches: isPushCall,
  body: z.object({ subscription: subscriptionString }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required'],
  roles: ['member'],
});

/** DELETE /api/user.php?push=1 {endpoint}: forgets a subscription of the member (unsubscribing). */
export const deletePushSubscription = defineEndpoint({
  method: 'DELETE',
  path: '/api/user.php',
  matches: isPushCall,
  body: z.object({ endpoint: z.url().check(z.maxLength(2000)) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required'],
  roles: ['member'],
});

/** What a push message carries (never a message's text): the service worker shows and posts it. */
export const pushPayload = z.object({
  type: z.enum(['message', 'like']),
  title: z.string(),
  body: z.string(),
  /** Opened on a click when the member is logged in. */
  checkUrl: z.string(),
  /** Opened on a click otherwise (the login, returning to checkUrl). */
  openUrl: z.string(),
  /** The installed app's icon badge (SPEC §2.5): unread messages plus new likes, after this news. */
  badge: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type PushPayload = z.infer<typeof pushPayload>;
