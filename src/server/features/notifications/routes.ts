/**
 * The notification calls (contract src/contract/notifications.ts; docs/notifications.md):
 * the member's preferences, the unsubscribe link and its one-click POST, and the mail
 * service's webhook for bounces and complaints.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import {
  UNSUBSCRIBE_PATH,
  getNotificationSettings,
  getUnsubscribe,
  postMailEvents,
  postUnsubscribe,
  putNotificationSettings,
  unsubscribeQuery,
  type MailEvent,
  type NotificationsDisabledReason,
} from '#src/contract/notifications.ts';
import { DEFAULT_LOCALE, isLocale } from '#src/lib/locales.ts';
import { accounts } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { checkDeclared, route } from '#src/server/http/route.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { addDisabledReason, loadNotificationSettings, saveEmailPreferences } from './preferences.ts';
import { siteOrigin } from './sender.ts';
import { unsubscribePage, type UnsubscribePageState } from './unsubscribe-page.ts';
import { readUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts';

const REASON_OF: Readonly<Record<MailEvent['type'], NotificationsDisabledReason>> = {
  bounce: 'bounce',
  complaint: 'fbl',
  unsubscribe: 'listunsubscribe',
};

function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The account an unsubscribe token names, with what its page needs; null when unknown or gone. */
async function unsubscribeTarget(c: Context<AppEnv>, subject: UnsubscribeSubject) {
  const { database, sites, config } = c.get('deps');
  const [row] = await database.db
    .select({ siteId: accounts.siteId, language: accounts.language, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, subject.accountId))
    .limit(1);
  const site = sites.find((s) => s.id === row?.siteId);
  if (!row || !site || row.status === 'deleted' || row.status === 'purged') return null;
  const language = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
  const { settings } = await loadSite(database.db, site);
  return { site, language, supportEmail: settings.support_email, origin: siteOrigin(config, site, language) };
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
    const target = subject && (await unsubscribeTarget(c, subject));
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
      const target = subject && (await unsubscribeTarget(c, subject));
      const wantsPage = (c.req.header('accept') ?? '').includes('text/html');
      if (!subject || !target) {
        if (wantsPage) return invalidPage(c);
        throw fail('link_invalid', { message: 'notifications.unsubscribe.invalid', field: 'token' });
      }
      const type = c.req.header('content-type') ?? '';
      const form = type.includes('form') ? await c.req.parseBody() : {};
      const only = form['preference'] === subject.preference;
      let state: UnsubscribePageState;
      if (only) {
        await saveEmailPreferences(db, subject.accountId, { [subject.preference]: false });
        state = 'done_only';
      } else {
        await addDisabledReason(db, [subject.accountId], 'listunsubscribe');
        state = 'done_all';
      }
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
    const changed = new Set<string>();
    let ignored = 0;
    for (const event of body.events) {
      if (event.type === 'bounce' && !event.permanent) {
        ignored++;
        continue;
      }
      const owners = await database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.email, event.email),
            inArray(accounts.status, ['not_confirmed', 'confirmed', 'banned']),
            ...(event.site ? [eq(accounts.siteId, event.site)] : []),
          ),
        );
      const reason = REASON_OF[event.type];
      const added = await addDisabledReason(
        database.db,
        owners.map((o) => o.id),
        reason,
      );
      if (added.length === 0) ignored++;
      for (const id of added) changed.add(`${id}`);
    }
    return { accounts: changed.size, ignored };
  });
}
