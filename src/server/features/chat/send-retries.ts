/**
 * Retries of a send (SPEC §9): a client_id already used by the sender answers that message
 * and charges nothing; the same client_id in another conversation answers 409 client_id_used
 * (never the other conversation's message).
 */
import { and, eq } from 'drizzle-orm';
import { FREE_MESSAGES } from '#src/lib/constants.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, messages } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { messageColumns, messageDto, resolveGifs, type MessageRow } from './messages-dto.ts';
import type { Sender, SendResult } from './send.ts';
import { freeMessagesUsed } from './send-costs.ts';

/** The sender's message with this client_id, in any conversation. */
export async function existingMessage(
  tx: Tx | Db,
  senderId: number,
  clientId: string,
): Promise<MessageRow | undefined> {
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
    .select({ credits: accounts.credits, paid: accounts.paidUser })
    .from(accounts)
    .where(eq(accounts.id, sender.accountId))
    .limit(1);
  const gifs = await resolveGifs(deps.gifs, [row], sender.locale);
  return {
    message: messageDto(row, sender.profileId, sender.locale, { gifs }),
    credits: account?.credits ?? 0,
    replayed: true,
    free_left: account?.paid === false && (await freeMessagesUsed(db, sender.profileId)) < FREE_MESSAGES,
  };
}
