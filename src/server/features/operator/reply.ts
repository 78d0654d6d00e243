/**
 * An operator's answer as the chat pal (docs/operator.md "Replies"): only with the caller's
 * live claim, within the site's message length, sent by the chat feature's sendAsChatPal (free
 * for the member, the member's events), the chat pal's side marked read, the claim renewed,
 * and how long the member waited recorded in `chat_pal_answers` (the answer times).
 */
import type { OperatorClaim, OperatorMessage } from '#src/contract/operator.ts';
import { chatPalAnswers, messages } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { loadChatSite, messageTooLong, sendAsChatPal, textLength } from '#src/server/features/chat/index.ts';
import { eq } from 'drizzle-orm';
import { renewClaim, requireOwnClaim } from './claims.ts';
import { findChatPalConversation, markReadByChatPal, messageForOperator, type Operator } from './conversations.ts';

export async function replyAsChatPal(
  deps: AppDeps,
  operator: Operator,
  input: { conversation: string; text: string; clientId: string },
): Promise<{ message: OperatorMessage; claim: OperatorClaim }> {
  const db = deps.database.db;
  const found = await findChatPalConversation(db, input.conversation, operator);
  await requireOwnClaim(db, deps.now(), operator, found.id);
  const max = (await loadChatSite(deps, found.siteId)).settings.message_length;
  if (textLength(input.text) > max) throw messageTooLong(max);
  const { messagePublicId } = await sendAsChatPal(deps, {
    conversationId: found.id,
    chatPalProfileId: found.palId,
    staffOperatorId: operator.staffId,
    text: input.text,
    clientId: input.clientId,
  });
  if (found.waitingSince !== null) await recordAnswer(deps, operator, found, messagePublicId, found.waitingSince);
  await markReadByChatPal(deps, found);
  // Answering shows the operator is at work: the claim lasts on, it is not released.
  const claim = await renewClaim(db, deps.now(), operator, found.id);
  return { message: await messageForOperator(db, found.id, messagePublicId), claim };
}

/** One answer's wait; a retry of the same message records nothing more (unique message id). */
async function recordAnswer(
  deps: AppDeps,
  operator: Operator,
  found: { palId: number; siteId: string },
  messagePublicId: string,
  waitingSince: string,
): Promise<void> {
  const db = deps.database.db;
  const [message] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.publicId, messagePublicId))
    .limit(1);
  if (!message) return;
  const waitedFrom = new Date(waitingSince);
  await db
    .insert(chatPalAnswers)
    .values({
      messageId: message.id,
      chatPalId: found.palId,
      staffId: operator.staffId,
      siteId: found.siteId,
      waitedFrom,
      answeredAt: message.createdAt,
      waitMs: Math.max(0, message.createdAt.getTime() - waitedFrom.getTime()),
    })
    .onConflictDoNothing();
}
