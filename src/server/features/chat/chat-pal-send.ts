/**
 * A chat pal's side of a conversation, written by an operator (operator inbox; SPEC §1
 * 'Chat'): the chat pal has no account, so no credits and no events of its own.
 */
import { and, eq } from 'drizzle-orm';
import { randomPublicId } from '#src/server/db/ids.ts';
import { conversations, profiles } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import { messageEventsFor } from './chat-events.ts';
import { loadChatSite, partyOfProfile } from './parties.ts';
import { existingMessage, replayOf } from './send-retries.ts';
import { lockConversation, writeMessage } from './send-write.ts';

/**
 * A chat pal's message written by an operator (operator inbox): costs nothing, is marked with
 * the staff operator (`messages.staff_operator_id`) and delivered to the member with its events. A retry
 * with the same client id answers the message already sent; the chat pal's client id of a
 * message in another conversation answers 409 `client_id_used` (as a member's send does,
 * send-retries.ts). 404 when the conversation is not one of this chat pal's.
 */
export async function sendAsChatPal(
  deps: AppDeps,
  input: { conversationId: number; chatPalProfileId: number; staffOperatorId: number; text: string; clientId: string },
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
      // A retry answers its message; the client id of another conversation answers 409.
      if (earlier) return { publicId: replayOf(earlier, input.conversationId).publicId, stored: null };
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
        staffOperatorId: input.staffOperatorId,
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
