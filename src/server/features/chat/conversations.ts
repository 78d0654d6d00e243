/**
 * Conversations and the chat list (SPEC §2.7 'Chats overview', §3 'Conversation / chat list
 * item', §4 Conversations, Blocking, Invisible and Privacy mode). A conversation is one row
 * per pair of profiles (stored ordered) with a side per participant; a side lists the
 * conversation once it has a message that side may see (`last_message_at` set), and
 * deleting clears it for that side only. The other profile must pass the viewer's visibility
 * rules (members/visibility.ts), so a block, a deleted account or a hidden member takes the
 * conversation out of the list; members in touch stay visible however invisible they are.
 */
import { and, count, desc, eq, isNotNull, isNull, or, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatListItem, ChatMessage } from '#src/contract/chat.ts';
import { CHAT_VISIBLE_DAYS } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import {
  accounts,
  conversationSides,
  conversations,
  messages,
  photos,
  profiles,
  systemMessages,
} from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';
import { fail } from '#src/server/http/errors.ts';
import type { GifProvider } from '#src/server/providers/gifs/types.ts';
import {
  cardColumns,
  mainPhotoJoin,
  toProfileCard,
  type CardContext,
  type CardRow,
  blockedBy,
  blockBetween,
  visibleTo,
} from '#src/server/features/members/index.ts';
import { messageColumns, messageDto, resolveGifs, systemMessageColumns, systemMessageDto } from './messages-dto.ts';

/** The database or a transaction of it. */
export type Queryable = Db | Tx;

/** The id of the site's own conversation (system messages). */
export const SITE_CONVERSATION_ID = 'site';

/** A participant a chat answer or event is built for. */
export interface ChatParty {
  /** Null for a chat pal (no account: no events). */
  accountId: number | null;
  profileId: number;
  siteId: string;
  locale: Locale;
  card: CardContext;
}

/** What building chat DTOs reads besides the database. */
export interface ChatReaders {
  db: Queryable;
  gifs: GifProvider;
  now: Date;
}

/** Messages created before this moment are no longer shown (CHAT_VISIBLE_DAYS). */
export function visibleSince(now: Date): Date {
  return new Date(now.getTime() - CHAT_VISIBLE_DAYS * 86_400_000);
}

/** The ordered pair of a conversation between two profiles. */
export function pairOf(a: number, b: number): { profileLow: number; profileHigh: number } {
  return { profileLow: Math.min(a, b), profileHigh: Math.max(a, b) };
}

const mySide = conversationSides;
const otherSide = alias(conversationSides, 'other_side');

/**
 * Messages the side `mySide` may see: delivered ones (or its own held ones), after it cleared
 * the conversation, within the visibility window.
 */
function visibleToSide(profileId: number | Placeholder, since: string | Placeholder, clearedAt: Column): SQL {
  return and(
    or(eq(messages.status, 'delivered'), eq(messages.senderId, profileId)),
    or(isNull(clearedAt), sql`${messages.createdAt} > ${clearedAt}`),
    sql`${messages.createdAt} >= ${since}::timestamptz`,
  ) as SQL;
}

/** The other profile of a joined `conversations` row, for one of its two profiles. */
function otherOf(profileId: number | Placeholder): SQL {
  return sql`case when ${conversations.profileLow} = ${profileId} then ${conversations.profileHigh} else ${conversations.profileLow} end`;
}

/**
 * The other profile of a joined `conversations` row, read by its key and named `profiles`, so
 * the visibility rules and the card (written against `profiles`) apply to it. Without the
 * fence a planner without statistics scans the site's profiles for it.
 */
function otherProfile(db: Queryable, profileId: number | Placeholder) {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.id, otherOf(profileId)))
    .offset(OFFSET_FENCE)
    .as('profiles');
}

// Drizzle leaves out `.offset(0)` (a falsy number): the fence is written as SQL.
const OFFSET_FENCE = sql`0` as unknown as number;

/**
 * The party's own sides (all listed ones, or the given conversations), as a subquery the
 * planner cannot fold into the join (OFFSET 0): every chat query starts from the few sides of
 * one profile and looks the rest up by key. Left to itself, without statistics (PGlite has
 * no autovacuum), the planner would start from every profile of the site and filter.
 */
function sidesOf(db: Queryable, profileId: number | Placeholder, where: SQL | undefined) {
  return db
    .select({
      conversationId: mySide.conversationId,
      profileId: mySide.profileId,
      unread: mySide.unread,
      lastMessageAt: mySide.lastMessageAt,
      lastReadMessageId: mySide.lastReadMessageId,
      clearedAt: mySide.clearedAt,
    })
    .from(mySide)
    .where(and(eq(mySide.profileId, profileId), where))
    .offset(OFFSET_FENCE)
    .as('my_side');
}

export interface LoadedChat {
  item: ChatListItem;
  conversationId: number;
  otherProfileId: number;
  otherLastRead: number | null;
  /** The viewer's own read state (the newest message of the other side it has read). */
  myLastRead: number | null;
}

/** The values of the chat queries' placeholders. */
const party$ = {
  profileId: sql.placeholder('profileId'),
  siteId: sql.placeholder('siteId'),
  accountId: sql.placeholder('accountId'),
  since: sql.placeholder('since'),
  conversationId: sql.placeholder('conversationId'),
};

/**
 * The chat list's rows of one party: its listed conversations, or one given conversation
 * (`one`) whether listed or not. Built once and run as a prepared statement (also inside
 * the send's transaction, for its events): Drizzle building this query took about as long as
 * the database running it.
 */
function chatRowsQuery(db: Queryable, scope: 'listed' | 'one') {
  const side = sidesOf(
    db,
    party$.profileId,
    scope === 'one' ? eq(mySide.conversationId, party$.conversationId) : isNotNull(mySide.lastMessageAt),
  );
  const last = db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, side.conversationId),
        visibleToSide(party$.profileId, party$.since, side.clearedAt),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last_message');
  // The other side and its profile, looked up per side (LATERAL, not folded into the join).
  const card = cardColumns(party$.profileId);
  const other = db
    .select({
      ...card,
      // Names the outer query can tell apart (profiles and photos share some).
      photoPublicId: sql<string | null>`${photos.publicId}`.as('photo_public_id'),
      photoStatus: sql<CardRow['photoStatus']>`${photos.status}`.as('photo_status'),
      likeNew: card.likeNew.as('like_new'),
      didLike: card.didLike.as('did_like'),
      likedBy: card.likedBy.as('liked_by'),
      otherLastRead: otherSide.lastReadMessageId,
    })
    .from(otherProfile(db, party$.profileId))
    .innerJoin(otherSide, and(eq(otherSide.conversationId, side.conversationId), eq(otherSide.profileId, profiles.id)))
    .leftJoin(photos, mainPhotoJoin)
    .where(visibleTo(party$))
    .offset(OFFSET_FENCE)
    .as('other');
  return db
    .select({
      card: {
        profileId: other.profileId,
        publicId: other.publicId,
        name: other.name,
        birthdate: other.birthdate,
        type: other.type,
        language: other.language,
        country: other.country,
        regionId: other.regionId,
        city: other.city,
        photoPublicId: other.photoPublicId,
        photoStatus: other.photoStatus,
        thumbWidth: other.thumbWidth,
        thumbHeight: other.thumbHeight,
        likeNew: other.likeNew,
        didLike: other.didLike,
        likedBy: other.likedBy,
      },
      conversationId: conversations.id,
      conversationPublicId: conversations.publicId,
      unread: side.unread,
      lastMessageAt: side.lastMessageAt,
      myLastRead: side.lastReadMessageId,
      otherLastRead: other.otherLastRead,
      last: {
        id: last.id,
        publicId: last.publicId,
        conversationId: last.conversationId,
        senderId: last.senderId,
        kind: last.kind,
        body: last.body,
        item: last.item,
        photoKey: last.photoKey,
        photoWidth: last.photoWidth,
        photoHeight: last.photoHeight,
        status: last.status,
        credits: last.credits,
        clientId: last.clientId,
        createdAt: last.createdAt,
      },
    })
    .from(side)
    .innerJoin(conversations, eq(conversations.id, side.conversationId))
    .innerJoinLateral(other, sql`true`)
    .leftJoinLateral(last, sql`true`)
    .orderBy(desc(side.lastMessageAt), desc(conversations.id))
    .prepare(scope === 'one' ? 'chat_rows_one' : 'chat_rows_listed');
}

const listedChatRows = preparedFor((db) => chatRowsQuery(db, 'listed'));
const oneChatRows = preparedFor((db) => chatRowsQuery(db, 'one'));

/**
 * The chat list items of `party`'s conversations whose other profile it may see: the listed
 * ones (`conversationId` absent), or the given conversation whether listed or not.
 */
export async function loadChats(
  readers: ChatReaders,
  party: ChatParty,
  conversationId?: number,
): Promise<LoadedChat[]> {
  const { db, now } = readers;
  const values = {
    profileId: party.profileId,
    siteId: party.siteId,
    since: visibleSince(now).toISOString(),
  };
  const rows =
    conversationId === undefined
      ? await listedChatRows(db).execute(values)
      : await oneChatRows(db).execute({ ...values, conversationId });

  const lastRows = rows.flatMap((r) => (r.last ? [r.last] : []));
  const gifs = await resolveGifs(readers.gifs, lastRows, party.locale);
  return rows.map((r) => {
    const lastMessage: ChatMessage | null = r.last
      ? messageDto(r.last, party.profileId, party.locale, { gifs, otherLastRead: r.otherLastRead })
      : null;
    return {
      conversationId: r.conversationId,
      otherProfileId: r.card.profileId,
      otherLastRead: r.otherLastRead,
      myLastRead: r.myLastRead,
      item: {
        id: r.conversationPublicId,
        profile: toProfileCard(r.card, party.card),
        system: false,
        last_message: lastMessage,
        num_unread_messages: r.unread,
        updated_at: (lastMessage ? new Date(lastMessage.sent_at) : (r.lastMessageAt ?? now)).toISOString(),
      },
    };
  });
}

/** The site's own conversation of an account; null while it has no system message. */
export async function loadSiteChat(db: Queryable, accountId: number): Promise<ChatListItem | null> {
  const [newest] = await db
    .select(systemMessageColumns)
    .from(systemMessages)
    .where(eq(systemMessages.accountId, accountId))
    .orderBy(desc(systemMessages.id))
    .limit(1);
  if (!newest) return null;
  const [unread] = await db
    .select({ n: count() })
    .from(systemMessages)
    .where(and(eq(systemMessages.accountId, accountId), isNull(systemMessages.readAt)));
  return {
    id: SITE_CONVERSATION_ID,
    profile: null,
    system: true,
    last_message: systemMessageDto(newest),
    num_unread_messages: unread?.n ?? 0,
    updated_at: newest.createdAt.toISOString(),
  };
}

/** GET /api/chats.php: the party's conversations newest first, the site's own among them. */
export async function listChats(
  readers: ChatReaders,
  party: ChatParty & { accountId: number },
): Promise<{ chats: ChatListItem[]; total_unread: number }> {
  const [chats, site] = await Promise.all([loadChats(readers, party), loadSiteChat(readers.db, party.accountId)]);
  const list = chats.map((c) => c.item);
  if (site) {
    const at = list.findIndex((c) => c.updated_at < site.updated_at);
    list.splice(at === -1 ? list.length : at, 0, site);
  }
  return { chats: list, total_unread: list.reduce((sum, c) => sum + c.num_unread_messages, 0) };
}

/**
 * Unread messages over the party's listed conversations and its site conversation, in one
 * statement (only sides with unread messages are looked at).
 */
export async function totalUnread(
  db: Queryable,
  party: Pick<ChatParty, 'accountId' | 'profileId' | 'siteId'>,
): Promise<number> {
  const [row] = await totalUnreadQuery(db).execute({
    profileId: party.profileId,
    siteId: party.siteId,
    // A chat pal has no account: no system message has a null account.
    accountId: party.accountId,
  });
  return row?.n ?? 0;
}

const totalUnreadQuery = preparedFor((db) => {
  const side = sidesOf(db, party$.profileId, and(isNotNull(mySide.lastMessageAt), sql`${mySide.unread} > 0`));
  const system = sql`(select count(*) from ${systemMessages} where ${systemMessages.accountId} = ${party$.accountId} and ${systemMessages.readAt} is null)`;
  return db
    .select({ n: sql<number>`(coalesce(sum(${side.unread}), 0) + ${system})::int` })
    .from(side)
    .innerJoin(conversations, eq(conversations.id, side.conversationId))
    .innerJoinLateral(
      db
        .select({ one: sql<number>`1`.as('one') })
        .from(otherProfile(db, party$.profileId))
        .where(visibleTo(party$))
        .offset(OFFSET_FENCE)
        .as('seen'),
      sql`true`,
    )
    .prepare('chat_total_unread');
});

/**
 * GET /api/chat.php?profile=: the conversation with a profile the viewer may see, created
 * with both sides when there is none. 404 for oneself or a profile the viewer may not see;
 * blockedBy (403 `blocked`) when that profile blocked the viewer.
 */
export async function startConversation(
  db: Db,
  viewer: Pick<ChatParty, 'profileId' | 'siteId'>,
  profilePublicId: string,
  now: Date,
): Promise<string> {
  const [target] = await db
    .select({ id: profiles.id, name: profiles.name, visible: sql<boolean>`${visibleTo(viewer)}` })
    .from(profiles)
    .where(and(eq(profiles.siteId, viewer.siteId), eq(profiles.publicId, profilePublicId)))
    .limit(1);
  if (!target || target.id === viewer.profileId) throw fail('not_found');
  if (!target.visible) {
    if ((await blockBetween(db, viewer.profileId, target.id)) === 'blocked_me') throw blockedBy(target.name);
    throw fail('not_found');
  }
  const pair = pairOf(viewer.profileId, target.id);
  const existing = async () => {
    const [row] = await db
      .select({ id: conversations.id, publicId: conversations.publicId })
      .from(conversations)
      .where(and(eq(conversations.profileLow, pair.profileLow), eq(conversations.profileHigh, pair.profileHigh)))
      .limit(1);
    return row;
  };
  const found = await existing();
  if (found) return found.publicId;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ publicId: randomPublicId(), ...pair, startedBy: viewer.profileId, lastMessageAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: conversations.id, publicId: conversations.publicId });
    if (!created) {
      // A twin request made it meanwhile.
      const twin = await existing();
      if (!twin) throw new Error('conversation vanished');
      return twin.publicId;
    }
    await tx
      .insert(conversationSides)
      .values([
        { conversationId: created.id, profileId: pair.profileLow },
        { conversationId: created.id, profileId: pair.profileHigh },
      ])
      .onConflictDoNothing();
    return created.publicId;
  });
}

/** A conversation of the viewer, by its public id, with the other side. */
export interface OpenConversation {
  id: number;
  publicId: string;
  otherProfileId: number;
  otherAccountId: number | null;
  otherType: 'member' | 'fictional';
  otherName: string;
  /** The other profile's language: its account's, or the profile's for a chat pal. */
  otherLanguage: string | null;
  /** The other profile passes the viewer's visibility rules. */
  otherVisible: boolean;
  startedBy: number;
}

/** The viewer's conversation `publicId` on its site; null when there is none. */
export async function findConversation(
  db: Queryable,
  viewer: Pick<ChatParty, 'profileId' | 'siteId'>,
  publicId: string,
): Promise<OpenConversation | null> {
  const [row] = await conversationQuery(db).execute({ profileId: viewer.profileId, siteId: viewer.siteId, publicId });
  return row ?? null;
}

const conversationQuery = preparedFor((db) =>
  db
    .select({
      id: conversations.id,
      publicId: conversations.publicId,
      startedBy: conversations.startedBy,
      otherProfileId: profiles.id,
      otherAccountId: profiles.accountId,
      otherType: profiles.type,
      otherName: profiles.name,
      otherLanguage: sql<string | null>`coalesce(${accounts.language}, ${profiles.language})`,
      otherVisible: sql<boolean>`${visibleTo(party$)}`,
    })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.id, otherOf(party$.profileId)))
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(
      and(
        eq(conversations.publicId, sql.placeholder('publicId')),
        or(eq(conversations.profileLow, party$.profileId), eq(conversations.profileHigh, party$.profileId)),
        eq(profiles.siteId, party$.siteId),
      ),
    )
    .limit(1)
    .prepare('chat_conversation'),
);

/**
 * The viewer's conversation for reading: 404 when it is not theirs or the other profile is
 * no longer one they may see, 403 `blocked` when the other blocked them.
 */
export async function requireConversation(
  db: Db,
  viewer: Pick<ChatParty, 'profileId' | 'siteId'>,
  publicId: string,
): Promise<OpenConversation> {
  const found = await findConversation(db, viewer, publicId);
  if (!found) throw fail('not_found');
  if (!found.otherVisible) {
    if ((await blockBetween(db, viewer.profileId, found.otherProfileId)) === 'blocked_me') {
      throw blockedBy(found.otherName);
    }
    throw fail('not_found');
  }
  return found;
}
