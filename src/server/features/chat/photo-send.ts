/**
 * POST /api/chat-photo.php (SPEC §2.7 'Chat', photo messages): the upload goes through the
 * photo pipeline of features/photos, its files are stored (photo.ts), and it is sent as a
 * paid message like any other (send.ts).
 */
import { eq } from 'drizzle-orm';
import { accounts } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { accountKey, enforce } from '#src/server/http/rate-limit.ts';
import type { UploadedFile } from '#src/server/platform/multipart.ts';
import { insufficientCredits } from '#src/server/features/credits/index.ts';
import { assertDecodeTurn, decodeInTurn, processUpload } from '#src/server/features/photos/index.ts';
import type { ChatSite } from './parties.ts';
import { removeChatPhotos, storeChatPhoto } from './photo.ts';
import { sendMessage, writableConversation, type SendResult, type Sender } from './send.ts';
import { replayedSend } from './send-retries.ts';

export interface PhotoSendInput {
  /** The conversation's public id. */
  conversation: string;
  clientId: string;
  photo: UploadedFile;
}

/** Photo messages per member and hour (profile photos have their own 20, photos/upload.ts). */
export const CHAT_PHOTO_UPLOAD_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };

/**
 * Sends a photo message. Everything cheap comes before the photo is read and decoded: 429
 * at once while the member's decoding turn is taken and one more waits (no query made;
 * features/photos decoding.ts), the conversation and the block state, a retry's answer (the
 * message sent before with this client_id, nothing read or charged; 409 in another
 * conversation), the balance against the site's photo price, the member's hourly limit
 * (429). Then the decode waits for its turn in the fair gate of all photo decodes (429 when
 * the member already has one running and one waiting). The send checks the balance again
 * under its lock. The stored files are removed again when the send fails or answers a
 * twin's message.
 */
export async function sendPhotoMessage(
  deps: AppDeps,
  site: ChatSite,
  sender: Sender,
  input: PhotoSendInput,
): Promise<Pick<SendResult, 'message' | 'credits' | 'free_left'>> {
  const db = deps.database.db;
  assertDecodeTurn(sender.accountId);
  const conversation = await writableConversation(db, sender, input.conversation);
  const replay = await replayedSend(deps, sender, conversation.id, input.clientId);
  if (replay) return { message: replay.message, credits: replay.credits, free_left: replay.free_left };
  const [account] = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, sender.accountId))
    .limit(1);
  if ((account?.credits ?? 0) < site.settings.photo_credits) throw insufficientCredits();
  await enforce(db, accountKey('chat-photo', sender.accountId), CHAT_PHOTO_UPLOAD_LIMIT, deps.now());

  const processed = await decodeInTurn(
    sender.accountId,
    () => input.photo.bytes(),
    (bytes) => processUpload(bytes),
  );
  const key = await storeChatPhoto(deps.photoStorage, processed);
  try {
    const sent = await sendMessage(deps, site, sender, {
      conversation: input.conversation,
      clientId: input.clientId,
      content: { kind: 'photo', photoKey: key, width: processed.width, height: processed.height },
    });
    // A twin with the same client_id sent first: this upload's files are not needed.
    if (sent.replayed) await removeChatPhotos(deps.photoStorage, [key]);
    return { message: sent.message, credits: sent.credits, free_left: sent.free_left };
  } catch (error) {
    await removeChatPhotos(deps.photoStorage, [key]);
    throw error;
  }
}
