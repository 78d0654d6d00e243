/**
 * Where the new-conversation, new-message and like mails come from, and their throttling
 * (docs/notifications.md "Throttling"):
 * - Chat: every stored `message` event a member receives from the other side is announced
 *   through the event hub after its commit, whoever wrote it, so the hub is wrapped once
 *   (composeApp, like the pushes). A conversation gets one mail, then none until the member
 *   has read up to the message that mail told of; and a member gets at most
 *   CHAT_MAILS_PER_DAY of them over all conversations.
 * - Likes write no event: the like routes call `mailLike` after the commit. One like mail at
 *   most every LIKE_MAIL_INTERVAL_MS, and none while a like already mailed about is unseen.
 * - A member with the realtime channel open on this process sees the news live: no mail.
 *
 * Each decision claims its `notification_mails` row with one conditional upsert, so two
 * messages announced at once (or on two processes) send one mail.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  accounts,
  conversationSides,
  conversations,
  likes,
  messages,
  notificationMails,
  profiles,
} from '#src/server/db/schema.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import type { EventHub } from '#src/server/features/events/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { accountKey, hit, isExhausted } from '#src/server/http/rate-limit.ts';
import { MAIL_PREFERENCE, type NotificationMailKind } from './mails.ts';
import { mayMail } from './preferences.ts';
import {
  inBackground,
  notificationContext,
  RECIPIENT_COLUMNS,
  sendNotificationMail,
  type NotificationContext,
} from './sender.ts';

/** Chat mails (new conversations and messages) one member gets at most per day. */
export const CHAT_MAILS_PER_DAY = 12;
/** The shortest time between two like mails to one member. */
export const LIKE_MAIL_INTERVAL_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;
const CHAT_LIMIT = { max: CHAT_MAILS_PER_DAY, windowMs: DAY_MS };

/** Whether an account has a realtime channel open on this process. */
export type Presence = (accountId: number) => boolean;

const presences = new WeakMap<EventHub, Presence>();

/** The presence of a hub made by withNotificationMails (nobody counts as online for another hub). */
export function presenceOf(hub: EventHub): Presence {
  return presences.get(hub) ?? (() => false);
}

/**
 * The mail side of an account: who it is, where it writes to, and its profile. Read for every
 * message to an offline member: a prepared statement, built once.
 */
const recipientQuery = preparedFor((db) =>
  db
    .select(RECIPIENT_COLUMNS)
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('mail_recipient'),
);

async function recipientOf(ctx: NotificationContext, accountId: number) {
  const [row] = await recipientQuery(ctx.db).execute({ accountId });
  return row ?? null;
}

/**
 * The hub, with a notification mail for each incoming chat message it announces, and the
 * count of open channels per account (`deps` is read when a mail is due, so tests that
 * replace the mail provider are heard).
 */
export function withNotificationMails(hub: EventHub, deps: () => AppDeps): EventHub {
  const channels = new Map<number, number>();
  const online: Presence = (accountId) => (channels.get(accountId) ?? 0) > 0;
  const wrapped: EventHub = {
    ...hub,
    subscribe(accountId, listener) {
      channels.set(accountId, (channels.get(accountId) ?? 0) + 1);
      const stop = hub.subscribe(accountId, listener);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        const left = (channels.get(accountId) ?? 1) - 1;
        if (left > 0) channels.set(accountId, left);
        else channels.delete(accountId);
        stop();
      };
    },
    async announce(stored) {
      await hub.announce(stored);
      for (const row of stored.rows) {
        const { event } = row;
        if (event.type !== 'message' || event.data.message.from !== 'them' || !event.data.chat.profile) continue;
        if (online(row.accountId)) continue;
        const news = {
          accountId: row.accountId,
          conversation: event.data.conversation,
          message: event.data.message.id,
          other: event.data.chat.profile.name,
        };
        inBackground('chat mail', () => mailMessage(notificationContext(deps()), news));
      }
    },
  };
  presences.set(wrapped, online);
  return wrapped;
}

/** The message with what was mailed of its conversation before (mailMessage). */
const messageMailQuery = preparedFor((db) =>
  db
    .select({
      conversationId: conversations.id,
      startedBy: conversations.startedBy,
      messageId: messages.id,
      lastRead: conversationSides.lastReadMessageId,
      mailed: sql<boolean>`${notificationMails.accountId} is not null`,
      mailedMessageId: notificationMails.messageId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(
      conversationSides,
      and(
        eq(conversationSides.conversationId, conversations.id),
        eq(conversationSides.profileId, sql.placeholder('recipientProfileId')),
      ),
    )
    .leftJoin(
      notificationMails,
      and(
        eq(notificationMails.accountId, sql.placeholder('recipientAccountId')),
        eq(notificationMails.kind, 'chat'),
        eq(notificationMails.reference, sql`${conversations.id}::text`),
      ),
    )
    .where(
      and(
        eq(messages.publicId, sql.placeholder('message')),
        eq(conversations.publicId, sql.placeholder('conversation')),
      ),
    )
    .limit(1)
    .prepare('mail_message_news'),
);

export interface MessageNews {
  accountId: number;
  /** Public ids of the conversation and the message. */
  conversation: string;
  message: string;
  /** The other profile's name. */
  other: string;
}

/** Decides and sends the mail of one incoming message (new conversation or new message). */
export async function mailMessage(ctx: NotificationContext, news: MessageNews): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const recipient = await recipientOf(ctx, news.accountId);
  if (!recipient?.email) return;
  // The message with what was mailed of its conversation before, in one read: while the
  // member has not read what the last mail told of, no new mail can be claimed (the claim
  // below would not take), so most messages of a busy conversation end here.
  const [found] = await messageMailQuery(db).execute({
    recipientProfileId: recipient.profileId,
    recipientAccountId: recipient.accountId,
    message: news.message,
    conversation: news.conversation,
  });
  if (!found) return;
  const reference = String(found.conversationId);
  const lastRead = found.lastRead ?? 0;
  if (found.mailed && (found.mailedMessageId ?? 0) > lastRead) return;
  const [answered] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, found.conversationId), eq(messages.senderId, recipient.profileId)))
    .limit(1);
  const opening = !found.mailed && !answered && found.startedBy !== recipient.profileId;
  const kind: NotificationMailKind = opening ? 'new_conversation' : 'new_message';
  if (!mayMail(recipient, MAIL_PREFERENCE[kind])) return;
  const capKey = accountKey('notification-chat-mail', recipient.accountId);
  if (await isExhausted(db, capKey, CHAT_LIMIT, now)) return;

  // Claim: a first mail for the conversation, or the member has read what the last one told of
  // (checked again here: a parallel message of the same conversation may have claimed it).
  const claimed = await db
    .insert(notificationMails)
    .values({ accountId: recipient.accountId, kind: 'chat', reference, messageId: found.messageId, sentAt: now })
    .onConflictDoUpdate({
      target: [notificationMails.accountId, notificationMails.kind, notificationMails.reference],
      set: { messageId: found.messageId, sentAt: now },
      setWhere: sql`coalesce(${notificationMails.messageId}, 0) <= ${lastRead}`,
    })
    .returning({ accountId: notificationMails.accountId });
  if (claimed.length === 0) return;
  if (!(await hit(db, capKey, CHAT_LIMIT, now))) return;
  await sendNotificationMail(
    ctx,
    { ...recipient, email: recipient.email },
    { kind, other: news.other },
    `/chats/${encodeURIComponent(news.conversation)}`,
    { kind: 'chat', reference, messageId: found.messageId },
  );
}

/** After a new like was committed: the like mail to the liked member, in the background. */
export function mailLike(deps: AppDeps, likerProfileId: number, likedProfileId: number): void {
  const online = presenceOf(deps.events);
  inBackground('like mail', () => mailLikeNow(notificationContext(deps), likerProfileId, likedProfileId, online));
}

/** Decides and sends the like mail; a member `online` says is online gets none. */
export async function mailLikeNow(
  ctx: NotificationContext,
  likerProfileId: number,
  likedProfileId: number,
  online: Presence = () => false,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const [liked] = await db
    .select({ accountId: profiles.accountId })
    .from(profiles)
    .where(eq(profiles.id, likedProfileId))
    .limit(1);
  if (liked?.accountId == null || online(liked.accountId)) return;
  const recipient = await recipientOf(ctx, liked.accountId);
  if (!recipient?.email || !mayMail(recipient, 'like')) return;
  const to = { ...recipient, email: recipient.email };
  const [liker] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, likerProfileId))
    .limit(1);
  if (!liker) return;
  // A like we already mailed about that is still unseen: the member has not looked yet.
  const [lastMail] = await db
    .select({ sentAt: notificationMails.sentAt })
    .from(notificationMails)
    .where(
      and(
        eq(notificationMails.accountId, recipient.accountId),
        eq(notificationMails.kind, 'like'),
        eq(notificationMails.reference, ''),
      ),
    )
    .limit(1);
  if (lastMail) {
    const [unseen] = await db
      .select({ likerId: likes.likerId })
      .from(likes)
      .where(and(eq(likes.likedId, recipient.profileId), isNull(likes.seenAt), lte(likes.createdAt, lastMail.sentAt)))
      .limit(1);
    if (unseen) return;
  }
  const due = new Date(now.getTime() - LIKE_MAIL_INTERVAL_MS);
  const claimed = await db
    .insert(notificationMails)
    .values({ accountId: recipient.accountId, kind: 'like', reference: '', sentAt: now })
    .onConflictDoUpdate({
      target: [notificationMails.accountId, notificationMails.kind, notificationMails.reference],
      set: { sentAt: now },
      setWhere: lte(notificationMails.sentAt, due),
    })
    .returning({ accountId: notificationMails.accountId });
  if (claimed.length === 0) return;
  await sendNotificationMail(ctx, to, { kind: 'like', other: liker.name }, '/likes', { kind: 'like' });
}
