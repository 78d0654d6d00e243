/**
 * The notification calls (contract src/contract/notifications.ts; docs/notifications.md):
 * the member's preferences, the unsubscribe link and its one-click POST, and the mail
 * service's webhook for bounces and complaints.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import {
  UNSUBSCRIBE_PATH,
  getNotificationSettings,
  getUnsubscribe,
  postMailEvents,
  postUnsubscribe,
  putNotificationSettings,
  unsubscribeQuery,
} from '#src/contract/notifications.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { checkDeclared, route } from '#src/server/http/route.ts';
import { applyMailEvents } from './mail-events.ts';
import { loadNotificationSettings, saveEmailPreferences } from './preferences.ts';
import { unsubscribePage } from './unsubscribe-page.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import { unsubscribe, unsubscribeTarget } from './unsubscribe.ts';

function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The landing page for an invalid link, in the request's language. */
function invalidPage(c: Context<AppEnv>): Response {
  const site = c.get('site');
  return c.html(
    unsubscribePage({
      state: 'invalid',
      language: c.get('locale'),
      brand: site?.brand ?? '',
      ...(site ? { primary: site.theme.primary } : {}),
    }),
    400,
  );
}

export function registerNotificationRoutes(app: Hono<AppEnv>): void {
  route(app, getNotificationSettings, async ({ c, session }) => {
    const settings = await loadNotificationSettings(c.get('deps').database.db, session.accountId);
    if (!settings) throw fail('authentication_required');
    return { settings };
  });

  route(app, putNotificationSettings, async ({ c, session, body }) => {
    const { db } = c.get('deps').database;
    await saveEmailPreferences(db, session.accountId, body);
    const settings = await loadNotificationSettings(db, session.accountId);
    if (!settings) throw fail('authentication_required');
    return { settings };
  });

  // The link in a mail's footer: a page that asks first (a GET never unsubscribes).
  route(app, getUnsubscribe, async ({ c, query }) => {
    const subject = await readUnsubscribeToken(c.get('deps').database.db, query.token);
    const target = subject && (await unsubscribeTarget(c.get('deps'), subject));
    if (!subject || !target) return invalidPage(c);
    return c.html(
      unsubscribePage({
        state: 'ask',
        language: target.language,
        brand: target.site.brand,
        primary: target.site.theme.primary,
        preference: subject.preference,
        action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(query.token)}`,
        settingsLink: `${target.origin}/notifications`,
      }),
    );
  });

  // RFC 8058 one-click: a mail program posts `List-Unsubscribe=One-Click` as a form, without
  // a cookie or our client header, so this is bound by hand instead of route()'s JSON guard.
  // The signed token is what authorizes it. The landing page's buttons post here too.
  app.post(UNSUBSCRIBE_PATH, async (c) => {
    try {
      const query = unsubscribeQuery.safeParse(c.req.query());
      const db = c.get('deps').database.db;
      const subject = query.success ? await readUnsubscribeToken(db, query.data.token) : null;
      const target = subject && (await unsubscribeTarget(c.get('deps'), subject));
      const wantsPage = (c.req.header('accept') ?? '').includes('text/html');
      if (!subject || !target) {
        if (wantsPage) return invalidPage(c);
        throw fail('link_invalid', { message: 'notifications.unsubscribe.invalid', field: 'token' });
      }
      const type = c.req.header('content-type') ?? '';
      const form = type.includes('form') ? await c.req.parseBody() : {};
      const state = await unsubscribe(db, subject, form['preference'] === subject.preference);
      if (!wantsPage) return c.json(postUnsubscribe.response.parse({ unsubscribed: true }));
      return c.html(
        unsubscribePage({
          state,
          language: target.language,
          brand: target.site.brand,
          primary: target.site.theme.primary,
          preference: subject.preference,
          support: target.supportEmail,
          settingsLink: `${target.origin}/notifications`,
        }),
      );
    } catch (error) {
      checkDeclared(c, postUnsubscribe, error);
      throw error;
    }
  });

  route(app, postMailEvents, async ({ c, body, fail }) => {
    const { config, database } = c.get('deps');
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    if (!config.mailWebhookSecret || !given || !sameSecret(given, config.mailWebhookSecret)) throw fail('forbidden');
    return applyMailEvents(database.db, body.events);
  });
}
