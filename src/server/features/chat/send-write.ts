/**
 * The writing side of a send: the conversation lock (with the retry check of a member's send
 * in the same statement) and the one statement that writes a message and moves the
 * conversation and both sides (docs/chat.md "Speed").
 */
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#src/server/db/client.ts';
import { conversationSides, conversations, messages } from '#src/server/db/schema.ts';
import { messageColumns, type MessageRow } from './messages-dto.ts';
import type { MessageContent } from './send.ts';
import { existingMessage } from './send-retries.ts';

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
/** Locks the conversation row (sends in one conversation queue up); null when it is gone. */
export async function lockConversation(tx: Tx, conversationId: number): Promise<{ hasMessages: boolean } | null> {
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
export async function lockForSend(
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
export async function writeMessage(
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
    /** The staff operator writing a chat pal's message (the back office). */
    staffOperatorId?: number;
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
        staffOperatorId: values.staffOperatorId ?? null,
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
