/**
 * Sending a chat message (SPEC §1 'Chat', 'Business model', §4 Account 'Not confirmed', §6
 * free members, §8 'You do not have enough credits', §9). One transaction per send, in this
 * lock order: the sender's account row (FOR NO KEY UPDATE: one member's sends queue up, so
 * the balance, the free counters and the client_id check see every earlier send; the weaker
 * row lock lets the other side's send write the events that reference this account meanwhile,
 * where FOR UPDATE deadlocked two members writing to each other at once on PostgreSQL:
 * tests/integration/fault-processes.test.ts), then the
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
 * - A chat pal's side has no account: no events; the operator inbox reads its side
 *   (chat-pal-send.ts).
 *
 * Prices and free counters are in send-costs.ts, retries (client_id) in send-retries.ts, the
 * locks and the message write in send-write.ts.
 */
import { eq } from 'drizzle-orm';
import type { ChatMessage } from '#src/contract/chat.ts';
import { FREE_CONVERSATION_STARTS, FREE_MESSAGES } from '#src/lib/constants.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { accounts } from '#src/server/db/schema.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import { icebreakerByKey, giftByKey } from '#src/server/features/chat-catalogue/index.ts';
import { blockedBy, blockBetween } from '#src/server/features/members/index.ts';
import { messageEventsFor } from './chat-events.ts';
import { findConversation, SITE_CONVERSATION_ID, type ChatParty, type ChatReaders } from './conversations.ts';
import { messageDto, resolveGifs } from './messages-dto.ts';
import { partyFor, type ChatSite } from './parties.ts';
import { conversationsStarted, freeMessagesUsed, LEDGER_REASONS, priceOf } from './send-costs.ts';
import { replayOf } from './send-retries.ts';
import { lockForSend, writeMessage } from './send-write.ts';

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
  /** The sender's next text or GIF is free (a free member's free messages are not used up). */
  free_left: boolean;
}

/** 400 message_too_long: the text is longer than the site's message_length. */
export const messageTooLong = (max: number) => fail('message_too_long', { field: 'text', params: { max } });

/** Characters as the chat input's counter counts them (code points, not UTF-16 units). */
export function textLength(text: string): number {
  // Code points, as [...text].length counts them (the client's counter): a surrogate pair is one.
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
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
        .for('no key update');
      if (!account) throw fail('not_found');

      const { conversation: locked, earlier } = await lockForSend(
        tx,
        conversation.id,
        sender.profileId,
        input.clientId,
      );
      if (earlier)
        return {
          row: replayOf(earlier, conversation.id),
          credits: account.credits,
          replayed: true,
          stored: null,
          freeLeft: !account.paid && (await freeMessagesUsed(tx, sender.profileId)) < FREE_MESSAGES,
        };
      // Blocked (and so deleted) since it was looked up.
      if (!locked) throw fail('not_found');
      const first = !locked.hasMessages;
      if (input.content.kind === 'icebreaker' && !first) throw fail('icebreaker_used');
      if (first && !account.paid && (await conversationsStarted(tx, sender.profileId)) >= FREE_CONVERSATION_STARTS) {
        throw fail('free_conversation_limit');
      }
      const used = account.paid ? FREE_MESSAGES : await freeMessagesUsed(tx, sender.profileId);
      const free = (input.content.kind === 'text' || input.content.kind === 'gif') && used < FREE_MESSAGES;
      const freeLeft = used + (free ? 1 : 0) < FREE_MESSAGES;
      const price = free ? 0 : priceOf(input.content, site);
      const publicId = randomPublicId();
      let balance = account.credits;
      if (price > 0) {
        const applied = await applyCredits(tx, {
          accountId: sender.accountId,
          delta: -price,
          reason: LEDGER_REASONS[input.content.kind],
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
      return { row, credits: balance, replayed: false, stored: await deps.events.record(tx, events), freeLeft };
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
    free_left: outcome.freeLeft,
  };
}
