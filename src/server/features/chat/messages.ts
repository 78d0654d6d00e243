/**
 * Reading and deleting a conversation (SPEC §2.7 'Chats overview and conversation', §4
 * Conversations, §8 'Older messages are no longer visible to protect your privacy.').
 *
 * A side sees the delivered messages and its own held ones, from after it last deleted the
 * conversation, and none older than CHAT_VISIBLE_DAYS. Reading the newest page marks the
 * conversation read: unread 0, and the side's read state moves to the other's newest
 * message, which the other side's account learns (`read`) so its ticks change.
 */
import { and, desc, eq, isNull, lt, max, or, sql } from 'drizzle-orm';
import {
  CHAT_PAGE_SIZE,
  type ChatIcebreaker,
  type ChatListItem,
  type ChatMessage,
  type ChatSending,
} from '#src/contract/chat.ts';
import { FREE_CONVERSATION_STARTS, FREE_MESSAGES } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts, conversationSides, messages, systemMessages } from '#src/server/db/schema.ts';
import type { OutgoingEvent } from '#src/server/features/events/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { listIcebreakers } from '#src/server/features/chat-catalogue/index.ts';
import { countersEvent } from './chat-events.ts';
import { conversationsStarted, freeMessagesUsed } from './send-costs.ts';
import {
  findConversation,
  loadChats,
  loadSiteChat,
  requireConversation,
  SITE_CONVERSATION_ID,
  visibleSince,
  type ChatParty,
} from './conversations.ts';
import { messageColumns, messageDto, resolveGifs, systemMessageColumns, systemMessageDto } from './messages-dto.ts';

export interface ConversationPage {
  conversation: ChatListItem;
  messages: ChatMessage[];
  has_more: boolean;
  older_hidden: boolean;
  icebreakers: ChatIcebreaker[];
  can_write: boolean;
  sending: ChatSending;
}

/** What the viewer meets before writing here (SPEC §6 free members); nothing for the site's conversation. */
const NO_TERMS: ChatSending = { start_blocked: false, free: false };

/**
 * A free member's terms: the first message of a conversation needs a start left
 * (FREE_CONVERSATION_STARTS), and texts and GIFs are free while FREE_MESSAGES last.
 */
async function sendingTerms(db: Db, party: Reader, first: boolean): Promise<ChatSending> {
  const [account] = await db
    .select({ paid: accounts.paidUser })
    .from(accounts)
    .where(eq(accounts.id, party.accountId))
    .limit(1);
  if (!account || account.paid) return NO_TERMS;
  const [started, used] = await Promise.all([
    first ? conversationsStarted(db, party.profileId) : Promise.resolve(0),
    freeMessagesUsed(db, party.profileId),
  ]);
  return { start_blocked: first && started >= FREE_CONVERSATION_STARTS, free: used < FREE_MESSAGES };
}

type Reader = ChatParty & { accountId: number };

/** GET /api/chat.php?id=&before=: one page, oldest first; the newest page marks it read. */
export async function loadConversationPage(
  deps: AppDeps,
  party: Reader,
  publicId: string,
  before: string | undefined,
): Promise<ConversationPage> {
  if (publicId === SITE_CONVERSATION_ID) return loadSitePage(deps, party, before);
  const db = deps.database.db;
  const now = deps.now();
  const conversation = await requireConversation(db, party, publicId);
  const [side] = await db
    .select({
      clearedAt: conversationSides.clearedAt,
      lastRead: conversationSides.lastReadMessageId,
      unread: conversationSides.unread,
    })
    .from(conversationSides)
    .where(and(eq(conversationSides.conversationId, conversation.id), eq(conversationSides.profileId, party.profileId)))
    .limit(1);
  if (!side) throw fail('not_found');

  let beforeId: number | null = null;
  if (before !== undefined) {
    const [anchor] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.publicId, before)))
      .limit(1);
    if (!anchor) throw fail('not_found');
    beforeId = anchor.id;
  }

  const since = visibleSince(now);
  const seen = and(
    eq(messages.conversationId, conversation.id),
    or(eq(messages.status, 'delivered'), eq(messages.senderId, party.profileId)),
    side.clearedAt ? sql`${messages.createdAt} > ${side.clearedAt.toISOString()}::timestamptz` : undefined,
  );
  const [rows, hidden, anyMessage] = await Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .where(
        and(
          seen,
          sql`${messages.createdAt} >= ${since.toISOString()}::timestamptz`,
          beforeId !== null ? lt(messages.id, beforeId) : undefined,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(CHAT_PAGE_SIZE + 1),
    db
      .select({ id: messages.id })
      .from(messages)
      .where(and(seen, sql`${messages.createdAt} < ${since.toISOString()}::timestamptz`))
      .limit(1),
    db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversation.id)).limit(1),
  ]);
  const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();

  if (beforeId === null) await markRead(deps, party, conversation, side);

  const [chat] = await loadChats({ db, gifs: deps.gifs, now }, party, conversation.id);
  if (!chat) throw fail('not_found');
  const gifs = await resolveGifs(deps.gifs, page, party.locale);
  return {
    conversation: chat.item,
    messages: page.map((row) =>
      messageDto(row, party.profileId, party.locale, { gifs, otherLastRead: chat.otherLastRead }),
    ),
    has_more: rows.length > CHAT_PAGE_SIZE,
    older_hidden: hidden.length > 0,
    icebreakers: anyMessage.length === 0 ? listIcebreakers(party.locale) : [],
    can_write: true,
    sending: await sendingTerms(db, party, anyMessage.length === 0),
  };
}

/**
 * Unread 0 and the read state at the other side's newest delivered message; when that moved,
 * the other side's account gets `read` and the reader's `counters`.
 */
async function markRead(
  deps: AppDeps,
  party: Reader,
  conversation: { id: number; publicId: string; otherProfileId: number; otherAccountId: number | null },
  side: { lastRead: number | null; unread: number },
): Promise<void> {
  const db = deps.database.db;
  const [newest] = await db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.senderId, conversation.otherProfileId),
        eq(messages.status, 'delivered'),
      ),
    );
  const newestId = newest?.id ?? null;
  const moved = newestId !== null && newestId !== side.lastRead;
  if (!moved && side.unread === 0) return;
  const stored = await db.transaction(async (tx) => {
    await tx
      .update(conversationSides)
      .set({ unread: 0, ...(moved ? { lastReadMessageId: newestId } : {}) })
      .where(
        and(eq(conversationSides.conversationId, conversation.id), eq(conversationSides.profileId, party.profileId)),
      );
    const events: OutgoingEvent[] = [await countersEvent({ db: tx }, party)];
    if (moved && conversation.otherAccountId !== null) {
      const [message] = await tx
        .select({ publicId: messages.publicId })
        .from(messages)
        .where(eq(messages.id, newestId))
        .limit(1);
      if (message) {
        events.push({
          accountId: conversation.otherAccountId,
          event: { type: 'read', data: { conversation: conversation.publicId, message: message.publicId } },
        });
      }
    }
    return deps.events.record(tx, events);
  });
  await deps.events.announce(stored);
}

/** The site's own conversation: its system messages, all marked read by reading the newest page. */
async function loadSitePage(deps: AppDeps, party: Reader, before: string | undefined): Promise<ConversationPage> {
  const db = deps.database.db;
  let beforeId: number | null = null;
  if (before !== undefined) {
    const [anchor] = await db
      .select({ id: systemMessages.id })
      .from(systemMessages)
      .where(and(eq(systemMessages.accountId, party.accountId), eq(systemMessages.publicId, before)))
      .limit(1);
    if (!anchor) throw fail('not_found');
    beforeId = anchor.id;
  }
  const rows = await db
    .select(systemMessageColumns)
    .from(systemMessages)
    .where(
      and(
        eq(systemMessages.accountId, party.accountId),
        beforeId !== null ? lt(systemMessages.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(systemMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  if (beforeId === null) await markSiteRead(deps, db, party);
  const conversation = await loadSiteChat(db, party.accountId);
  if (!conversation) throw fail('not_found');
  return {
    conversation,
    messages: rows
      .slice(0, CHAT_PAGE_SIZE)
      .reverse()
      .flatMap((row) => systemMessageDto(row) ?? []),
    has_more: rows.length > CHAT_PAGE_SIZE,
    older_hidden: false,
    icebreakers: [],
    can_write: false,
    sending: NO_TERMS,
  };
}

async function markSiteRead(deps: AppDeps, db: Db, party: Reader): Promise<void> {
  const stored = await db.transaction(async (tx) => {
    const marked = await tx
      .update(systemMessages)
      .set({ readAt: deps.now() })
      .where(and(eq(systemMessages.accountId, party.accountId), isNull(systemMessages.readAt)))
      .returning({ id: systemMessages.id });
    if (marked.length === 0) return null;
    return deps.events.record(tx, [await countersEvent({ db: tx }, party)]);
  });
  if (stored) await deps.events.announce(stored);
}

/**
 * DELETE /api/chat.php: the conversation leaves the viewer's list with its messages so far
 * (the other side keeps it); a new message brings it back with only what came after. The
 * viewer's other tabs get `chat_removed` and `counters`. Deleting twice is fine; the site's
 * own conversation cannot be deleted (404).
 */
export async function deleteConversation(deps: AppDeps, party: Reader, publicId: string): Promise<void> {
  if (publicId === SITE_CONVERSATION_ID) throw fail('not_found');
  const db = deps.database.db;
  const conversation = await findConversation(db, party, publicId);
  if (!conversation) throw fail('not_found');
  const stored = await db.transaction(async (tx) => {
    await tx
      .update(conversationSides)
      .set({ clearedAt: deps.now(), unread: 0, lastMessageAt: null })
      .where(
        and(eq(conversationSides.conversationId, conversation.id), eq(conversationSides.profileId, party.profileId)),
      );
    return deps.events.record(tx, [
      { accountId: party.accountId, event: { type: 'chat_removed', data: { conversation: conversation.publicId } } },
      await countersEvent({ db: tx }, party),
    ]);
  });
  await deps.events.announce(stored);
}
