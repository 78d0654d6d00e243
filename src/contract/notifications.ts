/**
 * E-mail notifications (SPEC §3 "E-mail notification preferences", §8 "E-mail notifications
 * disabled"; docs/notifications.md): the member's eight preferences, the one-click
 * unsubscribe of the notification mails (RFC 8058) and the mail service's inbound events
 * (bounces, spam complaints) that stop all notification mails.
 */
import * as z from 'zod/mini';
import { EMAIL_PREFERENCES } from '#src/lib/constants.ts';
import { defineEndpoint } from './define.ts';

/** The preferences of SPEC §3, in its order (defined once in lib/constants). */
export { EMAIL_PREFERENCES };
export type EmailPreference = (typeof EMAIL_PREFERENCES)[number];

/**
 * What a preference is when the member never chose: the mails about the member's own
 * conversations and likes are on, marketing (promotions, news) needs the member's opt-in.
 */
export const EMAIL_PREFERENCE_DEFAULTS: Readonly<Record<EmailPreference, boolean>> = {
  new_conversations: true,
  new_messages: true,
  like: true,
  unread_message_reminders: true,
  promotions: false,
  weekly_updates: true,
  news: false,
  reminders: true,
};

/** Why no notification mail goes out at all (SPEC §3 current user `notifications_disabled`). */
export const NOTIFICATIONS_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type NotificationsDisabledReason = (typeof NOTIFICATIONS_DISABLED_REASONS)[number];

export const emailPreferences = z.object(
  Object.fromEntries(EMAIL_PREFERENCES.map((key) => [key, z.boolean()])) as Record<EmailPreference, z.ZodMiniBoolean>,
);
export type EmailPreferences = z.infer<typeof emailPreferences>;

export const notificationSettings = z.object({
  email: emailPreferences,
  /** Non-empty: no notification mail is sent whatever the preferences say (the reasons of SPEC §8). */
  notifications_disabled: z.array(z.enum(NOTIFICATIONS_DISABLED_REASONS)),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** GET /api/notifications.php: the member's e-mail notification preferences. */
export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/api/notifications.php',
  response: z.object({ settings: notificationSettings }),
  errors: ['authentication_required'],
  roles: ['member'],
});

/** PUT /api/notifications.php: saves the preferences sent (the others stay); answers all of them. */
export const putNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/notifications.php',
  body: z.partial(z.strictObject(emailPreferences.shape)),
  response: z.object({ settings: notificationSettings }),
  errors: ['authentication_required'],
  roles: ['member'],
});

export const UNSUBSCRIBE_PATH = '/api/unsubscribe.php';

/** The signed token of an unsubscribe link (made by the server for one account and mail kind). */
export const unsubscribeQuery = z.looseObject({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * GET /api/unsubscribe.php?token=: the landing page of the link in a mail's footer, an HTML
 * page in the account's language that says which mails the link stops and asks to confirm
 * (a GET never changes anything: mail scanners open links). 400 `link_invalid` as a page.
 */
export const getUnsubscribe = defineEndpoint({
  method: 'GET',
  path: UNSUBSCRIBE_PATH,
  query: unsubscribeQuery,
  response: z.never(),
  errors: ['link_invalid'],
  roles: 'public',
});

/**
 * POST /api/unsubscribe.php?token=: RFC 8058 one-click unsubscribe. Mail programs send the
 * form body `List-Unsubscribe=One-Click` (no cookie, no client header: the token is the
 * authority); the landing page's button sends the same. Adds `listunsubscribe` to the
 * account's `notifications_disabled`, so no notification mail goes out any more (SPEC §8).
 * Answers `{unsubscribed: true}`, or a confirmation page to a browser's form.
 */
export const postUnsubscribe = defineEndpoint({
  method: 'POST',
  path: UNSUBSCRIBE_PATH,
  query: unsubscribeQuery,
  response: z.object({ unsubscribed: z.literal(true) }),
  errors: ['link_invalid'],
  roles: 'public',
});

export const MAIL_EVENTS_PATH = '/api/mail-events.php';
/** Events one call may carry at most. */
export const MAIL_EVENTS_MAX = 500;

/** One event of the mail service about an address we sent to. */
export const mailEvent = z.object({
  /** bounce: not deliverable; complaint: marked as spam (a feedback loop); unsubscribe: the mailto: of List-Unsubscribe. */
  type: z.enum(['bounce', 'complaint', 'unsubscribe']),
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(320)),
  /** Bounces only: false for a temporary failure (mailbox full), which changes nothing. */
  permanent: z._default(z.boolean(), true),
  /** The site the mail was sent for (its X-Site header), when the service passes it on; else every site. */
  site: z.optional(z.string().check(z.maxLength(40))),
});
export type MailEvent = z.infer<typeof mailEvent>;

/**
 * POST /api/mail-events.php: the mail service's webhook, authorized by the shared secret
 * MAIL_WEBHOOK_SECRET (`Authorization: Bearer <secret>`; 403 `forbidden` without it or when
 * none is configured). A permanent bounce adds `bounce`, a complaint `fbl`, an unsubscribe
 * `listunsubscribe` to `notifications_disabled` of the accounts with that address.
 */
export const postMailEvents = defineEndpoint({
  method: 'POST',
  path: MAIL_EVENTS_PATH,
  body: z.object({ events: z.array(mailEvent).check(z.minLength(1), z.maxLength(MAIL_EVENTS_MAX)) }),
  response: z.object({
    /** Accounts that got a new reason. */
    accounts: z.number().check(z.int(), z.nonnegative()),
    /** Events that changed nothing (temporary bounces, unknown addresses, already disabled). */
    ignored: z.number().check(z.int(), z.nonnegative()),
  }),
  errors: ['forbidden'],
  roles: 'public',
});
