/**
 * Sends notification mails in the background (the API answer or the hourly run never waits
 * for the mail server) and remembers each in `notification_mails`, which the throttling rules
 * read. Links point at the member's own site in the member's language.
 */
import { sql } from 'drizzle-orm';
import type { SiteConfig } from '#sites-config';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#src/lib/locales.ts';
import { UNSUBSCRIBE_PATH } from '#src/contract/notifications.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts, notificationMails, profiles } from '#src/server/db/schema.ts';

type NotificationMails = typeof notificationMails.$inferInsert;
import type { Config } from '#src/server/env.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { describeError } from '#src/server/http/error-log.ts';
import type { MailProvider } from '#src/server/providers/mail/types.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { MAIL_PREFERENCE, notificationMail, type NotificationMailContent } from './mails.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** What a notification mail needs of its recipient (accounts joined with their profile). */
export const RECIPIENT_COLUMNS = {
  accountId: accounts.id,
  siteId: accounts.siteId,
  email: accounts.email,
  status: accounts.status,
  language: accounts.language,
  notificationsDisabled: accounts.notificationsDisabled,
  emailPreferences: accounts.emailPreferences,
  profileId: profiles.id,
  name: profiles.name,
};

/** What sending needs of the app's services. */
export interface NotificationContext {
  db: Db;
  sites: readonly SiteConfig[];
  config: Config;
  mail: MailProvider;
  now: () => Date;
}

export function notificationContext(deps: AppDeps): NotificationContext {
  return { db: deps.database.db, sites: deps.sites, config: deps.config, mail: deps.mail, now: deps.now };
}

/**
 * The origin of a site in a language: its domain over https in production; outside it the
 * local host names the server answers (`<id>.localhost`, `<locale>.<id>.localhost`) on its port.
 */
export function siteOrigin(config: Config, site: SiteConfig, language: Locale): string {
  if (config.production) return `https://${site.domains[language]}`;
  const host = language === site.defaultLocale ? `${site.id}.localhost` : `${language}.${site.id}.localhost`;
  return `http://${host}:${config.port}`;
}

/** The mailto: of List-Unsubscribe: `unsubscribe@` the sender's domain (docs/notifications.md). */
export function unsubscribeMailto(config: Config, token: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'localhost';
  return `mailto:unsubscribe@${domain}?subject=unsubscribe%20${token}`;
}

export interface MailRecipient {
  accountId: number;
  siteId: string;
  email: string;
  language: string;
  /** The member's profile name (the greeting). */
  name: string;
}

/** What a sent mail is remembered as (notification_mails). */
export interface MailRecord {
  kind: NotificationMails['kind'];
  reference?: string;
  messageId?: number | null;
}

/** Builds and sends one mail now, then remembers it. */
export async function sendNotificationMail(
  ctx: NotificationContext,
  recipient: MailRecipient,
  content: NotificationMailContent,
  path: string,
  record: MailRecord,
): Promise<void> {
  const site = ctx.sites.find((s) => s.id === recipient.siteId);
  if (!site) return;
  const language = isLocale(recipient.language) ? recipient.language : DEFAULT_LOCALE;
  const origin = siteOrigin(ctx.config, site, language);
  const { settings } = await loadSite(ctx.db, site);
  const token = await unsubscribeToken(ctx.db, {
    accountId: recipient.accountId,
    preference: MAIL_PREFERENCE[content.kind],
  });
  const mail = notificationMail({
    content,
    site,
    to: recipient.email,
    language,
    name: recipient.name,
    link: `${origin}${path}`,
    settingsLink: `${origin}/notifications`,
    unsubscribeUrl: `${origin}${UNSUBSCRIBE_PATH}?token=${token}`,
    unsubscribeMailto: unsubscribeMailto(ctx.config, token),
    supportEmail: settings.support_email,
  });
  await ctx.mail.send(mail);
  await rememberMail(ctx.db, recipient.accountId, record, ctx.now());
}

/** Upserts the account's last mail of a kind (and conversation). */
export async function rememberMail(db: Db, accountId: number, record: MailRecord, sentAt: Date): Promise<void> {
  const values = {
    accountId,
    kind: record.kind,
    reference: record.reference ?? '',
    messageId: record.messageId ?? null,
    sentAt,
  };
  await db
    .insert(notificationMails)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationMails.accountId, notificationMails.kind, notificationMails.reference],
      set: { messageId: sql`excluded.message_id`, sentAt: sql`excluded.sent_at` },
    });
}

const inFlight = new Set<Promise<void>>();

/** Runs a mail job in the background: the caller does not wait, and a failure is logged, never thrown. */
export function inBackground(what: string, job: () => Promise<void>): void {
  const running = job().catch((error: unknown) => {
    console.error(`[notifications] ${what} failed: ${describeError(error)}`);
  });
  inFlight.add(running);
  void running.finally(() => inFlight.delete(running));
}

/** Resolves once every background mail job started so far has ended (tests, shutdown). */
export async function notificationMailsSettled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}
