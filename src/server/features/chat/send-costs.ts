/**
 * What a message costs (SPEC §1 'Business model', §6 free members): its list price, the
 * ledger reason of its debit, and the counters of a free member's free messages and
 * conversation starts (read under the sender's account lock, sendMessage).
 */
import { and, count, eq, exists, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/server/db/client.ts';
import { conversations, messages } from '#src/server/db/schema.ts';
import type { LedgerReason } from '#src/server/features/credits/index.ts';
import { icebreakerByKey } from '#src/server/features/chat-catalogue/index.ts';
import type { ChatSite } from './parties.ts';
import type { MessageContent } from './send.ts';

/** The ledger reason of a message's debit. */
export const LEDGER_REASONS: Record<MessageContent['kind'], LedgerReason> = {
  text: 'message',
  gif: 'message',
  photo: 'photo',
  gift: 'gift',
  icebreaker: 'icebreaker',
};

/** The list price of a message (before a free member's free messages). */
export function priceOf(content: MessageContent, site: ChatSite): number {
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

/** Conversations the profile started that have a message (its first). */
export async function conversationsStarted(tx: Db | Tx, profileId: number): Promise<number> {
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

/** Free messages (`messages.free`) the profile has sent. */
export async function freeMessagesUsed(tx: Db | Tx, profileId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.senderId, profileId), eq(messages.free, true)));
  return row?.n ?? 0;
}
