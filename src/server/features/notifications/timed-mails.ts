/**
 * The timed mails of the hourly job (docs/notifications.md 'Timed mails'), each under its own
 * preference and only in the member's sending hours (./local-time.ts): a member whose local
 * time is in the quiet hours is not even read this hour and is mailed in a later run.
 *
 * - **Reminder after a day away** (`reminders`): the member has not been on the site for
 *   AWAY_AFTER_MS and something waits (unread messages, likes since they left). Once per
 *   absence (`away`, newer than the last visit), and only to a member no notification mail
 *   (chat, like, unread-message reminder) has told of anything since: one mail per news.
 * - **The time bonus's last hour** (`promotions`, opt-in): the bonus (docs/discounts.md) ends
 *   within the hour, the member has not bought, and the site's time bonus code is active.
 *   Once (`time_bonus`); a member in the quiet hours then gets none (the bonus is gone by
 *   morning).
 * - **Monthly news** (`news`, opt-in): what the last month brought on the site: new members of
 *   the gender sought in the member's country. Once per calendar month (`news`), to members
 *   who joined before it; a month with nothing to tell counts as done.
 *
 * Every send is remembered in `notification_mails` before the next run reads it, so a run
 * again (a second process, a retry) sends nothing twice.
 */
import { and, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EmailPreference } from '#src/contract/notifications.ts';
import { TIME_BONUS_PERCENTAGE, TIME_BONUS_WINDOW_SECONDS } from '#src/lib/constants.ts';
import { DEFAULT_LOCALE, isLocale } from '#src/lib/locales.ts';
import {
  accounts,
  conversationSides,
  discountCodes,
  likes,
  notificationMails,
  profiles,
  sessions,
} from '#src/server/db/schema.ts';
import { candidateColumns, eachLimited, mailableWith, newMembersCounter, NOTIFICATION_JOB_BATCH } from './job-batch.ts';
import { COUNTRY_TIME_ZONE, inSendingHours } from './local-time.ts';
import { mayMail } from './preferences.ts';
import { rememberMail, sendNotificationMail, type NotificationContext } from './sender.ts';
import type { Presence } from './triggers.ts';

const HOUR_MS = 3_600_000;
/** How long a member is away before the reminder. */
export const AWAY_AFTER_MS = 24 * HOUR_MS;
/** The time bonus's last stretch that the promotion mail announces (an hour, and the run's slack). */
export const BONUS_ENDING_WITHIN_MS = HOUR_MS + 5 * 60_000;

export interface TimedMailOutcome {
  away: number;
  timeBonus: number;
  news: number;
}

/** The served countries whose local time is in the sending hours now. */
export function countriesInSendingHours(now: Date): string[] {
  return Object.keys(COUNTRY_TIME_ZONE).filter((country) => inSendingHours(country, now));
}

type MailKind = (typeof notificationMails.$inferSelect)['kind'];

/** A mail of these kinds remembered for the account after `since` (a column or a moment). */
function mailedSince(kinds: readonly MailKind[], since: ReturnType<typeof sql>) {
  return sql`exists (select 1 from ${notificationMails} where ${notificationMails.accountId} = ${accounts.id} and ${inArray(notificationMails.kind, [...kinds])} and ${notificationMails.sentAt} > ${since})`;
}

/** The members mailable under `preference` in `countries` that meet the `extra` conditions. */
function candidatesOf(
  ctx: NotificationContext,
  preference: EmailPreference,
  countries: string[],
  ...extra: (SQL | undefined)[]
) {
  return ctx.db
    .select(candidateColumns)
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(mailableWith(preference), inArray(profiles.country, countries), ...extra));
}

/** Reminders after a day away (see the file's comment). */
export async function sendAwayReminders(ctx: NotificationContext, online: Presence, countries: string[]) {
  const now = ctx.now();
  const awaySince = new Date(now.getTime() - AWAY_AFTER_MS).toISOString();
  // The last request of any session; a member without one (all pruned) counts from signup.
  const lastSeen = sql`coalesce((select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.accountId} = ${accounts.id}), ${accounts.signupDate})`;
  const unread = sql<number>`coalesce((select sum(${conversationSides.unread}) from ${conversationSides} where ${conversationSides.profileId} = ${profiles.id}), 0)::int`;
  const newLikes = sql<number>`(select count(*) from ${likes} where ${likes.likedId} = ${profiles.id} and ${likes.createdAt} > ${lastSeen})::int`;
  const rows = await ctx.db
    .select({ ...candidateColumns, unread, likes: newLikes })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(
      and(
        mailableWith('reminders'),
        inArray(profiles.country, countries),
        sql`${lastSeen} <= ${awaySince}::timestamptz`,
        sql`not ${mailedSince(['away', 'chat', 'like', 'unread_reminder'], lastSeen)}`,
        sql`(${unread} > 0 or ${newLikes} > 0)`,
      ),
    )
    .orderBy(accounts.id)
    .limit(NOTIFICATION_JOB_BATCH);
  return eachLimited(rows, async (row) => {
    if (!row.email || online(row.accountId) || !mayMail(row, 'reminders')) return false;
    await sendNotificationMail(
      ctx,
      { ...row, email: row.email },
      { kind: 'away_reminder', counts: { unread: row.unread, likes: row.likes } },
      row.unread > 0 ? '/chats' : '/likes',
      { kind: 'away' },
    );
    return true;
  });
}

/** The time bonus's last hour (see the file's comment). */
export async function sendTimeBonusEnding(ctx: NotificationContext, online: Presence, countries: string[]) {
  const now = ctx.now();
  const windowMs = TIME_BONUS_WINDOW_SECONDS * 1000;
  // The bonus ends at signup + window: after now, and within BONUS_ENDING_WITHIN_MS.
  const signedUpAfter = new Date(now.getTime() - windowMs);
  const signedUpBy = new Date(now.getTime() - windowMs + BONUS_ENDING_WITHIN_MS);
  const activeBonus = sql`exists (select 1 from ${discountCodes} where ${and(
    eq(discountCodes.kind, 'time_bonus'),
    eq(discountCodes.status, 'active'),
    or(isNull(discountCodes.siteId), eq(discountCodes.siteId, accounts.siteId)),
    or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
  )})`;
  const rows = await candidatesOf(
    ctx,
    'promotions',
    countries,
    eq(accounts.paidUser, false),
    gt(accounts.signupDate, signedUpAfter),
    lte(accounts.signupDate, signedUpBy),
    sql`not ${mailedSince(['time_bonus'], sql`'-infinity'::timestamptz`)}`,
    activeBonus,
  )
    .orderBy(accounts.signupDate)
    .limit(NOTIFICATION_JOB_BATCH);
  return eachLimited(rows, async (row) => {
    // Online, the member sees the bonus's banner and countdown.
    if (!row.email || online(row.accountId) || !mayMail(row, 'promotions')) return false;
    const language = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
    const percent = new Intl.NumberFormat(language, { style: 'percent' }).format(Number(TIME_BONUS_PERCENTAGE) / 100);
    await sendNotificationMail(ctx, { ...row, email: row.email }, { kind: 'time_bonus_ending', percent }, '/credits', {
      kind: 'time_bonus',
    });
    return true;
  });
}

/** The first moment of `at`'s calendar month (UTC) and of the month before. */
export function monthStarts(at: Date): { month: Date; previous: Date } {
  return {
    month: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
    previous: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)),
  };
}

/** The monthly news (see the file's comment). */
export async function sendMonthlyNews(ctx: NotificationContext, online: Presence, countries: string[]) {
  const { db } = ctx;
  const now = ctx.now();
  const { month, previous } = monthStarts(now);
  const rows = await candidatesOf(
    ctx,
    'news',
    countries,
    lt(accounts.signupDate, month),
    sql`not ${mailedSince(['news'], sql`${month.toISOString()}::timestamptz`)}`,
  )
    .orderBy(accounts.id)
    .limit(NOTIFICATION_JOB_BATCH);
  if (rows.length === 0) return 0;
  const membersIn = await newMembersCounter(db, and(gte(profiles.createdAt, previous), lt(profiles.createdAt, month)));
  return eachLimited(rows, async (row) => {
    if (!row.email || online(row.accountId) || !mayMail(row, 'news')) return false;
    const members = membersIn(row.siteId, row.country, row.seeking);
    if (members === 0) {
      await rememberMail(db, row.accountId, { kind: 'news' }, now);
      return false;
    }
    await sendNotificationMail(ctx, { ...row, email: row.email }, { kind: 'monthly_news', members }, '/members', {
      kind: 'news',
    });
    return true;
  });
}

/** The timed mails of this hour, for the countries in their sending hours. */
export async function runTimedMails(ctx: NotificationContext, online: Presence): Promise<TimedMailOutcome> {
  const countries = countriesInSendingHours(ctx.now());
  if (countries.length === 0) return { away: 0, timeBonus: 0, news: 0 };
  const away = await sendAwayReminders(ctx, online, countries);
  const timeBonus = await sendTimeBonusEnding(ctx, online, countries);
  const news = await sendMonthlyNews(ctx, online, countries);
  return { away, timeBonus, news };
}
