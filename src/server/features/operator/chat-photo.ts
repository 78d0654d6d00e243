/**
 * A photo message of a chat pal conversation for the operator who holds that conversation now
 * (the section's message-photo call, src/contract/staff-chat-pals.ts). Anyone else gets 404
 * (as a member's chat-photo.php answers strangers), so the photo's existence is not told;
 * every file served is logged with the staff account, the conversation and the message.
 */
import { and, eq } from 'drizzle-orm';
import { conversations, messages } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { privatePhotoFile } from '#src/server/features/photos/index.ts';
import { currentClaim } from './claims.ts';
import { findChatPalConversation, type Operator } from './conversations.ts';

export async function operatorChatPhoto(
  deps: Pick<AppDeps, 'database' | 'photoStorage' | 'now'>,
  operator: Operator,
  messageId: string,
  variant: 'full' | 'thumb' | 'match' | 'blur',
): Promise<Response> {
  if (variant !== 'full' && variant !== 'thumb') throw fail('not_found');
  const db = deps.database.db;
  const [row] = await db
    .select({ key: messages.photoKey, conversation: conversations.publicId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.publicId, messageId), eq(messages.kind, 'photo'), eq(messages.status, 'delivered')))
    .limit(1);
  if (!row?.key) throw fail('not_found');
  // A conversation between a member and one of the operator's chat pals, held by them now.
  const found = await findChatPalConversation(db, row.conversation, operator);
  const claim = await currentClaim(db, found.id, operator, deps.now());
  if (!claim?.mine) throw fail('not_found');
  const file = await privatePhotoFile(deps.photoStorage, row.key, variant);
  console.info(
    `[operator] chat photo viewed: staff account ${operator.staffId}, conversation ${found.publicId}, message ${messageId} (${variant})`,
  );
  return file;
}
