/**
 * POST /api/chat-photo.php (SPEC §2.7 'Chat', photo messages): the upload goes through the
 * photo pipeline of features/photos, its files are stored (photo.ts), and it is sent as a
 * paid message like any other (send.ts).
 */
import { and, eq } from 'drizzle-orm';
import { accounts, messages } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import type { UploadedFile } from '#src/server/platform/multipart.ts';
import { insufficientCredits } from '#src/server/features/credits/index.ts';
import { processUpload } from '#src/server/features/photos/index.ts';
import type { ChatSite } from './parties.ts';
import { removeChatPhotos, storeChatPhoto } from './photo.ts';
import { sendMessage, type SendResult, type Sender } from './send.ts';

export interface PhotoSendInput {
  /** The conversation's public id. */
  conversation: string;
  clientId: string;
  photo: UploadedFile;
}

/**
 * Sends a photo message. Before the photo is read and decoded, a cheap early answer for a
 * balance short of the site's photo price (not for a retry, which is answered without a
 * charge); the send checks the balance again under its lock. The stored files are removed
 * again when the send fails or answers a retry with the photo sent before.
 */
export async function sendPhotoMessage(
  deps: AppDeps,
  site: ChatSite,
  sender: Sender,
  input: PhotoSendInput,
): Promise<Pick<SendResult, 'message' | 'credits'>> {
  const db = deps.database.db;
  const [account] = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, sender.accountId))
    .limit(1);
  const [retry] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, sender.profileId), eq(messages.clientId, input.clientId)))
    .limit(1);
  if (!retry && (account?.credits ?? 0) < site.settings.photo_credits) throw insufficientCredits();

  const processed = await processUpload(await input.photo.bytes());
  const key = await storeChatPhoto(deps.photoStorage, processed);
  try {
    const sent = await sendMessage(deps, site, sender, {
      conversation: input.conversation,
      clientId: input.clientId,
      content: { kind: 'photo', photoKey: key, width: processed.width, height: processed.height },
    });
    // A retry answered with the photo sent before: this upload's files are not needed.
    if (sent.replayed) await removeChatPhotos(deps.photoStorage, [key]);
    return { message: sent.message, credits: sent.credits };
  } catch (error) {
    await removeChatPhotos(deps.photoStorage, [key]);
    throw error;
  }
}
