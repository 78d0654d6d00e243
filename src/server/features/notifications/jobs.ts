/**
 * The notification mails of the hourly job (src/server/jobs/hourly.ts): unread-message
 * reminders and the weekly update (docs/notifications.md); the timed mails follow them. Each run handles at most a batch
 * of members per kind, the longest-waiting first; the rest follow an hour later.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { accounts, conversationSides, likes, notificationMails, profiles } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { candidateColumns, eachLimited, mailableWith, newMembersCounter, NOTIFICATION_JOB_BATCH } from './job-batch.ts';
import { mayMail } from './preferences.ts';
import { notificationContext, rememberMail, sendNotificationMail, type NotificationContext } from './sender.ts';
import { runTimedMails, type TimedMailOutcome } from './timed-mails.ts';
import { presenceOf, type Presence } from './triggers.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A conversation's unread message waits this long before a reminder tells of it (fresh ones get their own mail). */
export const REMINDER_DELAY_MS = DAY_MS;
/** The shortest time between two reminders. */
export const REMINDER_INTERVAL_MS = 3 * DAY_MS;
/** Weekly updates come this often, the first one a week after signup. */
export const WEEKLY_INTERVAL_MS = 7 * DAY_MS;
export { NOTIFICATION_JOB_BATCH };

export interface NotificationJobOutcome extends TimedMailOutcome {
  reminders: number;
  weekly: number;
}

/**
 * Unread-message reminders: to members with unread messages in a conversation whose newest
 * message is at least REMINDER_DELAY_MS old and came after the last reminder, at most one
 * every REMINDER_INTERVAL_MS. A member who does not come back is not reminded again until
 * someone writes again.
 */
export async function sendUnreadReminders(ctx: NotificationContext, online: Presence): Promise<number> {
  const now = ctx.now();
  const settled = new Date(now.getTime() - REMINDER_DELAY_MS);
  const since = new Date(now.getTime() - REMINDER_INTERVAL_MS);
  const lastReminder = sql<Date | null>`max(${notificationMails.sentAt})`;
  const rows = await ctx.db
    .select({ ...candidateColumns, unread: sql<number>`sum(${conversationSides.unread})::int` })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .innerJoin(conversationSides, and(eq(conversationSides.profileId, profiles.id), gt(conversationSides.unread, 0)))
    .leftJoin(
      notificationMails,
      and(
        eq(notificationMails.accountId, accounts.id),
        eq(notificationMails.kind, 'unread_reminder'),
        eq(notificationMails.reference, ''),
      ),
    )
    .where(mailableWith('unread_message_reminders'))
    .groupBy(accounts.id, profiles.id)
    .having(
      and(
        // Parenthesized: and() joins its parts without brackets of their own.
        sql`(${lastReminder} is null or ${lastReminder} <= ${since.toISOString()}::timestamptz)`,
        sql`bool_or(${conversationSides.lastMessageAt} <= ${settled.toISOString()}::timestamptz and (${notificationMails.sentAt} is null or ${conversationSides.lastMessageAt} > ${notificationMails.sentAt}))`,
      ),
    )
    .orderBy(sql`${lastReminder} nulls first`, accounts.id)
    .limit(NOTIFICATION_JOB_BATCH);
  return eachLimited(rows, async (row) => {
    if (!row.email || online(row.accountId) || !mayMail(row, 'unread_message_reminders')) return false;
    await sendNotificationMail(
      ctx,
      { ...row, email: row.email },
      { kind: 'unread_reminder', unread: row.unread },
      '/chats',
      { kind: 'unread_reminder' },
    );
    return true;
  });
}

/**
 * Weekly updates: every WEEKLY_INTERVAL_MS from a week after signup, what the week brought
 * the member: new likes, unread messages, new members of the gender they look for in their
 * country. A week with nothing to tell sends nothing (and counts as done).
 */
export async function sendWeeklyUpdates(ctx: NotificationContext, online: Presence): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  const weekAgo = new Date(now.getTime() - WEEKLY_INTERVAL_MS);
  // An hour of slack: a run a little early still counts the week as over.
  const due = new Date(weekAgo.getTime() + HOUR_MS);
  const lastWeekly = notificationMails.sentAt;
  const rows = await db
    .select(candidateColumns)
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(
      notificationMails,
      and(
        eq(notificationMails.accountId, accounts.id),
        eq(notificationMails.kind, 'weekly'),
        eq(notificationMails.reference, ''),
      ),
    )
    .where(
      and(
        mailableWith('weekly_updates'),
        sql`coalesce(${lastWeekly}, ${accounts.signupDate}) <= ${due.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`coalesce(${lastWeekly}, ${accounts.signupDate})`, accounts.id)
    .limit(NOTIFICATION_JOB_BATCH);
  if (rows.length === 0) return 0;

  const profileIds = rows.map((r) => r.profileId);
  const [likeCounts, unreadCounts, membersIn] = await Promise.all([
    db
      .select({ profileId: likes.likedId, count: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(inArray(likes.likedId, profileIds), gt(likes.createdAt, weekAgo)))
      .groupBy(likes.likedId),
    db
      .select({ profileId: conversationSides.profileId, count: sql<number>`sum(${conversationSides.unread})::int` })
      .from(conversationSides)
      .where(and(inArray(conversationSides.profileId, profileIds), gt(conversationSides.unread, 0)))
      .groupBy(conversationSides.profileId),
    newMembersCounter(db, gt(profiles.createdAt, weekAgo)),
  ]);
  const likesOf = new Map(likeCounts.map((r) => [r.profileId, r.count]));
  const unreadOf = new Map(unreadCounts.map((r) => [r.profileId, r.count]));

  return eachLimited(rows, async (row) => {
    const counts = {
      likes: likesOf.get(row.profileId) ?? 0,
      unread: unreadOf.get(row.profileId) ?? 0,
      members: membersIn(row.siteId, row.country, row.seeking),
    };
    const quiet = counts.likes + counts.unread + counts.members === 0;
    if (!row.email || quiet || online(row.accountId) || !mayMail(row, 'weekly_updates')) {
      await rememberMail(db, row.accountId, { kind: 'weekly' }, now);
      return false;
    }
    await sendNotificationMail(ctx, { ...row, email: row.email }, { kind: 'weekly_update', counts }, '/members', {
      kind: 'weekly',
    });
    return true;
  });
}

/**
 * The hourly task: reminders, then weekly updates, then the timed mails (the reminder after a
 * day away, the time bonus's last hour, the monthly news: ./timed-mails.ts); answers how many
 * mails went out.
 */
export async function runNotificationJobs(deps: AppDeps): Promise<NotificationJobOutcome> {
  const ctx = notificationContext(deps);
  const online = presenceOf(deps.events);
  const reminders = await sendUnreadReminders(ctx, online);
  const weekly = await sendWeeklyUpdates(ctx, online);
  return { reminders, weekly, ...(await runTimedMails(ctx, online)) };
}
