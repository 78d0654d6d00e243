/**
 * Sending a chat message (SPEC §1 'Chat', 'Business model', §4 Account 'Not confirmed', §6
 * free members, §8 'You do not have enough credits', §9). One transaction per send, in this
 * lock order: the sender's account row (FOR UPDATE: one member's sends queue up, so the
 * balance, the free counters and the client_id check see every earlier send), then the
 * conversation row (sends in one conversation queue up), then the two sides. It writes the
 * debit and its ledger row (reference: the message's public id), the message, both sides and
 * the events of both accounts; the events are announced after the commit.
 *
 * - Prices: text and GIF message_credits, photo photo_credits, gift gift_credits, an
 *   icebreaker its catalogue price. A free member (not paid_user) sends FREE_MESSAGES text or
 *   GIF messages without credits (`messages.free`), and starts at most FREE_CONVERSATION_STARTS
 *   conversations (sends the first message of; 403 free_conversation_limit).
 * - A retry with a client_id already used by the sender answers that message and the current
 *   balance, and charges nothing; the same client_id in another conversation answers 409
 *   client_id_used (never the other conversation's message).
 * - A sender whose e-mail address is not confirmed pays as usual, but the message is 'held':
 *   the other side neither sees nor counts it until held.ts releases it on confirmation.
 * - A chat pal's side has no account: no events; the operator inbox reads its side.
 */
import { and, count, eq, exists, inArray, sql } from 'drizzle-orm';
import type { ChatMessage } from '#src/contract/chat.ts';
import { FREE_CONVERSATION_STARTS, FREE_MESSAGES } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { accounts, conversationSides, conversations, messages, profiles } from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';
import { applyCredits, type LedgerReason } from '#src/server/features/credits/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import { icebreakerByKey, giftByKey } from '#src/server/features/chat-catalogue/index.ts';
import { blockedBy, blockBetween } from '#src/server/features/members/index.ts';
import { messageEventsFor } from './chat-events.ts';
import { findConversation, SITE_CONVERSATION_ID, type ChatParty, type ChatReaders } from './conversations.ts';
import { messageColumns, messageDto, resolveGifs, type MessageRow } from './messages-dto.ts';
import { loadChatSite, partyFor, partyOfProfile, type ChatSite } from './parties.ts';

export { messageDto } from './messages-dto.ts';

/** What a message says: exactly one kind of content. */
export type MessageContent =
  | { kind: 'text'; text: string }
  | { kind: 'gif'; gif: string }
  | { kind: 'gift'; gift: string }
  | { kind: 'icebreaker'; icebreaker: string }
  | { kind: 'photo'; photoKey: string; width: number; height: number };

/** The member sending, as the routes know them. */
export interface Sender extends ChatParty {
  accountId: number;
}

export interface SendInput {
  /** The conversation's public id. */
  conversation: string;
  clientId: string;
  content: MessageContent;
}

export interface SendResult {
  message: ChatMessage;
  /** The sender's balance after the send. */
  credits: number;
  /** A retry of a message sent before: nothing was written or charged. */
  replayed: boolean;
}

/** 400 message_too_long: the text is longer than the site's message_length. */
export const messageTooLong = (max: number) => fail('message_too_long', { field: 'text', params: { max } });

/** Characters as the chat input's counter counts them (code points, not UTF-16 units). */
export function textLength(text: string): number {
  // Code points, as [...text].length counts them (the client's counter): a surrogate pair is one.
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

const REASONS: Record<MessageContent['kind'], LedgerReason> = {
  text: 'message',
  gif: 'message',
  photo: 'photo',
  gift: 'gift',
  icebreaker: 'icebreaker',
};

/** The list price of a message (before a free member's free messages). */
function priceOf(content: MessageContent, site: ChatSite): number {
  switch (content.kind) {
    case 'text':
    case 'gif':
      return site.settings.message_credits;
    case 'photo':
      return site.settings.photo_credits;
    case 'gift':
      return site.settings.gift_credits;
    case 'icebreaker':
      return icebreakerByKey(content.icebreaker)?.credits ?? 0;
  }
}

/** The checks that need no lock: length, known gift, GIF and icebreaker. */
async function validateContent(deps: AppDeps, site: ChatSite, sender: Sender, content: MessageContent): Promise<void> {
  if (content.kind === 'text' && textLength(content.text) > site.settings.message_length) {
    throw messageTooLong(site.settings.message_length);
  }
  if (content.kind === 'gift' && !giftByKey(content.gift)) throw fail('invalid_input', { field: 'gift' });
  if (content.kind === 'icebreaker' && !icebreakerByKey(content.icebreaker))
    throw fail('invalid_input', { field: 'icebreaker' });
  if (content.kind === 'gif' && !(await deps.gifs.get(content.gif, sender.locale)))
    throw fail('invalid_input', { field: 'gif' });
}

function messageValues(content: MessageContent) {
  switch (content.kind) {
    case 'text':
      return { body: content.text };
    case 'gif':
      return { item: content.gif };
    case 'gift':
      return { item: content.gift };
    case 'icebreaker':
      return { body: content.icebreaker };
    case 'photo':
      return { photoKey: content.photoKey, photoWidth: content.width, photoHeight: content.height };
  }
}

async function existingMessage(tx: Tx | Db, senderId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * The sender's earlier message with a retry's client_id, when it is in the conversation the
 * retry names; 409 client_id_used when it is in another (that message is not answered).
 */
export function replayOf(earlier: MessageRow, conversationId: number): MessageRow {
  if (earlier.conversationId !== conversationId) throw fail('client_id_used', { field: 'client_id' });
  return earlier;
}

/** Locks the conversation row (sends in one conversation queue up); null when it is gone. */
async function lockConversation(tx: Tx, conversationId: number): Promise<{ hasMessages: boolean } | null> {
  const [row] = await tx
    .select({ id: conversations.id, hasMessages: hasMessages(tx, conversationId) })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update', { of: conversations });
  return row ? { hasMessages: row.hasMessages } : null;
}

const hasMessages = (tx: Tx, conversationId: number) =>
  sql<boolean>`${exists(
    tx
      .select({ one: sql`1` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId)),
  )}`;

/**
 * A member's send, under the sender's account lock: locks the conversation row and looks for
 * the sender's message with this client_id in the same statement. The account lock queues the
 * sender's own sends, so a twin with the same client_id has committed before this statement
 * starts (the conversation lock only waits for the other side's sends).
 */
async function lockForSend(
  tx: Tx,
  conversationId: number,
  senderId: number,
  clientId: string,
): Promise<{ conversation: { hasMessages: boolean } | null; earlier: MessageRow | undefined }> {
  const [row] = await tx
    .select({
      hasMessages: hasMessages(tx, conversationId),
      sentBefore: sql<boolean>`${exists(
        tx
          .select({ one: sql`1` })
          .from(messages)
          .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId))),
      )}`,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update', { of: conversations });
  // Gone (blocked, deleted) since it was looked up: a retry still answers what was sent.
  if (!row) return { conversation: null, earlier: await existingMessage(tx, senderId, clientId) };
  const earlier = row.sentBefore ? await existingMessage(tx, senderId, clientId) : undefined;
  return { conversation: { hasMessages: row.hasMessages }, earlier };
}

/**
 * Writes a message and moves both sides, in one statement: the sender's side lists it; a
 * delivered message counts as unread for the other side and lists it there too. Starting a
 * conversation makes the sender its starter. (One statement, not four: each statement costs
 * the send a round into the database; docs/chat.md "Speed".)
 */
async function writeMessage(
  tx: Tx,
  values: {
    publicId: string;
    conversationId: number;
    senderId: number;
    recipientId: number;
    content: MessageContent;
    status: 'delivered' | 'held';
    credits: number;
    free: boolean;
    clientId: string;
    operatorId?: number;
    first: boolean;
    now: Date;
  },
): Promise<MessageRow> {
  const delivered = values.status === 'delivered';
  const written = tx.$with('written').as(
    tx
      .insert(messages)
      .values({
        publicId: values.publicId,
        conversationId: values.conversationId,
        senderId: values.senderId,
        kind: values.content.kind,
        ...messageValues(values.content),
        status: values.status,
        credits: values.credits,
        free: values.free,
        clientId: values.clientId,
        operatorId: values.operatorId ?? null,
        createdAt: values.now,
      })
      .returning(messageColumns),
  );
  const movedConversation = tx.$with('moved_conversation').as(
    tx
      .update(conversations)
      .set({ lastMessageAt: values.now, ...(values.first ? { startedBy: values.senderId } : {}) })
      .where(eq(conversations.id, values.conversationId)),
  );
  // Both sides in one update, which takes their rows in the key's (profile) order, like every
  // writer of both sides; a held message leaves the other side as it was.
  const movedSides = tx.$with('moved_sides').as(
    tx
      .update(conversationSides)
      .set({
        lastMessageAt: values.now,
        unread: sql`${conversationSides.unread} + (case when ${conversationSides.profileId} = ${values.recipientId} then 1 else 0 end)`,
      })
      .where(
        and(
          eq(conversationSides.conversationId, values.conversationId),
          inArray(conversationSides.profileId, delivered ? [values.senderId, values.recipientId] : [values.senderId]),
        ),
      ),
  );
  const [row] = await tx.with(written, movedConversation, movedSides).select().from(written);
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** Conversations the profile started that have a message (its first). */
async function conversationsStarted(tx: Tx, profileId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(conversations)
    .where(
      and(
        eq(conversations.startedBy, profileId),
        exists(
          tx
            .select({ one: sql`1` })
            .from(messages)
            .where(eq(messages.conversationId, conversations.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

async function freeMessagesUsed(tx: Tx, profileId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.senderId, profileId), eq(messages.free, true)));
  return row?.n ?? 0;
}

/**
 * The conversation `publicId` of the sender when they may write to it; throws chat_closed
 * (the site's conversation, the other side gone), blocked, or not_found. No lock: the send
 * checks again under its locks.
 */
export async function writableConversation(
  db: Db,
  sender: Sender,
  publicId: string,
): Promise<NonNullable<Awaited<ReturnType<typeof findConversation>>>> {
  if (publicId === SITE_CONVERSATION_ID) throw fail('chat_closed');
  const conversation = await findConversation(db, sender, publicId);
  if (!conversation) throw fail('not_found');
  if (!conversation.otherVisible) {
    if ((await blockBetween(db, sender.profileId, conversation.otherProfileId)) === 'blocked_me') {
      throw blockedBy(conversation.otherName);
    }
    throw fail('chat_closed');
  }
  return conversation;
}

/**
 * The answer to a retry, without a lock or a write: the sender's message with this
 * client_id in this conversation and their balance now; null when the client_id is new; 409
 * client_id_used when it sent a message in another conversation. (The photo send answers a
 * retry with it before it reads the photo.)
 */
export async function replayedSend(
  deps: AppDeps,
  sender: Sender,
  conversationId: number,
  clientId: string,
): Promise<SendResult | null> {
  const db = deps.database.db;
  const earlier = await existingMessage(db, sender.profileId, clientId);
  if (!earlier) return null;
  const row = replayOf(earlier, conversationId);
  const [account] = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, sender.accountId))
    .limit(1);
  const gifs = await resolveGifs(deps.gifs, [row], sender.locale);
  return {
    message: messageDto(row, sender.profileId, sender.locale, { gifs }),
    credits: account?.credits ?? 0,
    replayed: true,
  };
}

/**
 * Sends a message of a member (POST /api/chat.php, /api/chat-photo.php). Throws the declared
 * HttpErrors: not_found, blocked, chat_closed, message_too_long, icebreaker_used, client_id_used,
 * free_conversation_limit, insufficient_credits.
 */
export async function sendMessage(
  deps: AppDeps,
  site: ChatSite,
  sender: Sender,
  input: SendInput,
): Promise<SendResult> {
  const db = deps.database.db;
  const now = deps.now();
  const conversation = await writableConversation(db, sender, input.conversation);
  await validateContent(deps, site, sender, input.content);
  const readers = (tx: Tx): ChatReaders => ({ db: tx, gifs: deps.gifs, now });

  const attempt = () =>
    db.transaction(async (tx) => {
      const [account] = await tx
        .select({ status: accounts.status, credits: accounts.credits, paid: accounts.paidUser })
        .from(accounts)
        .where(eq(accounts.id, sender.accountId))
        .for('update');
      if (!account) throw fail('not_found');

      const { conversation: locked, earlier } = await lockForSend(
        tx,
        conversation.id,
        sender.profileId,
        input.clientId,
      );
      if (earlier)
        return { row: replayOf(earlier, conversation.id), credits: account.credits, replayed: true, stored: null };
      // Blocked (and so deleted) since it was looked up.
      if (!locked) throw fail('not_found');
      const first = !locked.hasMessages;
      if (input.content.kind === 'icebreaker' && !first) throw fail('icebreaker_used');
      if (first && !account.paid && (await conversationsStarted(tx, sender.profileId)) >= FREE_CONVERSATION_STARTS) {
        throw fail('free_conversation_limit');
      }
      const free =
        !account.paid &&
        (input.content.kind === 'text' || input.content.kind === 'gif') &&
        (await freeMessagesUsed(tx, sender.profileId)) < FREE_MESSAGES;
      const price = free ? 0 : priceOf(input.content, site);
      const publicId = randomPublicId();
      let balance = account.credits;
      if (price > 0) {
        const applied = await applyCredits(tx, {
          accountId: sender.accountId,
          delta: -price,
          reason: REASONS[input.content.kind],
          reference: publicId,
          now,
        });
        balance = applied.balance;
      }
      const status = account.status === 'confirmed' ? 'delivered' : 'held';
      const row = await writeMessage(tx, {
        publicId,
        conversationId: conversation.id,
        senderId: sender.profileId,
        recipientId: conversation.otherProfileId,
        content: input.content,
        status,
        credits: price,
        free,
        clientId: input.clientId,
        first,
        now,
      });

      const events = await messageEventsFor(readers(tx), sender, row, { credits: balance });
      if (status === 'delivered') {
        const recipient = partyFor(
          {
            accountId: conversation.otherAccountId,
            profileId: conversation.otherProfileId,
            siteId: sender.siteId,
            language: conversation.otherLanguage,
          },
          site,
          now,
        );
        events.push(...(await messageEventsFor(readers(tx), recipient, row)));
      }
      return { row, credits: balance, replayed: false, stored: await deps.events.record(tx, events) };
    });

  let outcome: Awaited<ReturnType<typeof attempt>>;
  try {
    outcome = await attempt();
  } catch (error) {
    // The account lock queues one sender's sends, so a twin with the same client_id sees the
    // first; should both still have inserted, the loser rolled back (its debit too) and
    // its retry answers the winner's message.
    if (!isUniqueViolation(error)) throw error;
    outcome = await attempt();
  }
  if (outcome.stored) await deps.events.announce(outcome.stored);
  const gifs = await resolveGifs(deps.gifs, [outcome.row], sender.locale);
  return {
    message: messageDto(outcome.row, sender.profileId, sender.locale, { gifs }),
    credits: outcome.credits,
    replayed: outcome.replayed,
  };
}

/**
 * A chat pal's message written by an operator (operator inbox): costs nothing, is marked with
 * the operator (`messages.operator_id`) and delivered to the member with its events. A retry
 * with the same client id answers the message already sent. 404 when the conversation is not
 * one of this chat pal's.
 */
export async function sendAsChatPal(
  deps: AppDeps,
  input: { conversationId: number; chatPalProfileId: number; operatorId: number; text: string; clientId: string },
): Promise<{ messagePublicId: string }> {
  const db = deps.database.db;
  const now = deps.now();
  const text = input.text.trim();
  if (text === '') throw fail('invalid_input', { field: 'text' });
  const [conversation] = await db
    .select({ low: conversations.profileLow, high: conversations.profileHigh, siteId: profiles.siteId })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.id, input.chatPalProfileId))
    .where(and(eq(conversations.id, input.conversationId), eq(profiles.type, 'fictional')))
    .limit(1);
  if (!conversation || (conversation.low !== input.chatPalProfileId && conversation.high !== input.chatPalProfileId)) {
    throw fail('not_found');
  }
  const memberProfileId = conversation.low === input.chatPalProfileId ? conversation.high : conversation.low;
  const site = await loadChatSite(deps, conversation.siteId);

  const attempt = () =>
    db.transaction(async (tx) => {
      const locked = await lockConversation(tx, input.conversationId);
      if (!locked) throw fail('not_found');
      const earlier = await existingMessage(tx, input.chatPalProfileId, input.clientId);
      if (earlier) return { publicId: earlier.publicId, stored: null };
      const row = await writeMessage(tx, {
        publicId: randomPublicId(),
        conversationId: input.conversationId,
        senderId: input.chatPalProfileId,
        recipientId: memberProfileId,
        content: { kind: 'text', text },
        status: 'delivered',
        credits: 0,
        free: false,
        clientId: input.clientId,
        operatorId: input.operatorId,
        first: !locked.hasMessages,
        now,
      });
      const member = await partyOfProfile(tx, site, memberProfileId, now);
      const events = member ? await messageEventsFor({ db: tx, gifs: deps.gifs, now }, member, row) : [];
      return { publicId: row.publicId, stored: await deps.events.record(tx, events) };
    });

  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (error) {
    // Two operators' twin requests: the conversation lock makes the second see the first,
    // unless both inserted before either committed; then the retry finds it.
    if (!isUniqueViolation(error)) throw error;
    result = await attempt();
  }
  if (result.stored) await deps.events.announce(result.stored);
  return { messagePublicId: result.publicId };
}
