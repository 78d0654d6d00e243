/**
 * GET /api/operator-chat-photo.php?id=<message id>&v=full|thumb (contract
 * OPERATOR_CHAT_PHOTO_PATH): a photo message of a chat pal conversation for the operator who
 * holds that conversation now. Anyone else gets 404 (as a member's chat-photo.php answers
 * strangers), so the photo's existence is not told; every file served is logged with the
 * operator's account, the conversation and the message.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getOperatorConversation } from '#src/contract/operator.ts';
import { PUBLIC_ID_MAX } from '#src/contract/members.ts';
import { conversations, messages } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { checkRoles } from '#src/server/http/route.ts';
import { photoFileName } from '#src/server/features/photos/index.ts';
import { currentClaim } from './claims.ts';
import { findChatPalConversation } from './conversations.ts';

const VARIANTS = ['full', 'thumb'] as const;

export async function serveOperatorChatPhoto(c: Context<AppEnv>): Promise<Response> {
  // The same roles as the conversation view: operators and admins.
  const session = checkRoles(c, getOperatorConversation);
  const id = c.req.query('id');
  const asked = c.req.query('v') ?? 'full';
  const variant = VARIANTS.find((v) => v === asked);
  if (!id || id.length > PUBLIC_ID_MAX || id.includes('\u0000') || !variant) throw fail('not_found');
  const { database, photoStorage, now } = c.get('deps');
  const db = database.db;
  const [row] = await db
    .select({ key: messages.photoKey, conversation: conversations.publicId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.publicId, id), eq(messages.kind, 'photo'), eq(messages.status, 'delivered')))
    .limit(1);
  if (!row?.key) throw fail('not_found');
  // A conversation between a member and a chat pal (404 otherwise), held by the caller now.
  const found = await findChatPalConversation(db, row.conversation);
  const claim = await currentClaim(db, found.id, session, now());
  if (!claim?.mine) throw fail('not_found');
  const bytes = await photoStorage.get(photoFileName(row.key, variant));
  if (!bytes) throw fail('not_found');
  console.info(
    `[operator] chat photo viewed: operator account ${session.accountId}, conversation ${found.publicId}, message ${id} (${variant})`,
  );
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'private, no-store',
      Vary: 'Cookie',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
