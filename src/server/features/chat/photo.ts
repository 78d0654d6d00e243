/**
 * Photo messages: the upload (POST /api/chat-photo.php, multipart) goes through the photo
 * pipeline of features/photos (format by content, pixel limit, upright, re-encoded as JPEG
 * with no metadata) and keeps the full image and the thumbnail under a fresh random storage
 * key; the files are served (GET /api/chat-photo.php?id=<message id>&v=full|thumb) only to
 * the two participants, as the message is theirs to see (404 for anyone else).
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { PUBLIC_ID_MAX } from '#src/contract/members.ts';
import type { Db } from '#src/server/db/client.ts';
import { conversationSides, conversations, messages } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { putAll, type StorageProvider } from '#src/server/providers/storage/index.ts';
import { photoFileName, type ProcessedPhoto, newStorageKey } from '#src/server/features/photos/index.ts';
import { loadViewer } from '#src/server/features/members/index.ts';

/** The variants a photo message keeps. */
export const CHAT_PHOTO_VARIANTS = ['full', 'thumb'] as const;
type ChatPhotoVariant = (typeof CHAT_PHOTO_VARIANTS)[number];

/**
 * Stores a processed photo's full image and thumbnail, both or neither (a store that cannot be
 * reached: StorageUnavailableError, answered 503); answers the storage key.
 */
export async function storeChatPhoto(storage: StorageProvider, processed: ProcessedPhoto): Promise<string> {
  const key = newStorageKey();
  await putAll(
    storage,
    CHAT_PHOTO_VARIANTS.map((variant) => ({
      key: photoFileName(key, variant),
      bytes: processed.variants[variant],
      contentType: 'image/jpeg',
    })),
  );
  return key;
}

/** Removes the files of photo messages (a refused send, a block, a purge). */
export async function removeChatPhotos(
  storage: Pick<StorageProvider, 'delete'>,
  keys: readonly string[],
): Promise<void> {
  await Promise.all(
    keys.flatMap((key) =>
      CHAT_PHOTO_VARIANTS.map((variant) => storage.delete(photoFileName(key, variant)).catch(() => {})),
    ),
  );
}

/** The storage keys of the photo messages of conversations (read before deleting them). */
export async function chatPhotoKeys(db: Pick<Db, 'select'>, conversationIds: readonly number[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .select({ key: messages.photoKey })
    .from(messages)
    .where(and(inArray(messages.conversationId, [...conversationIds]), isNotNull(messages.photoKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The conversations between two profiles (there is at most one). */
export async function conversationIdsBetween(db: Pick<Db, 'select'>, a: number, b: number): Promise<number[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.profileLow, Math.min(a, b)), eq(conversations.profileHigh, Math.max(a, b))));
  return rows.map((r) => r.id);
}

function isVariant(value: string): value is ChatPhotoVariant {
  return (CHAT_PHOTO_VARIANTS as readonly string[]).includes(value);
}

/** GET /api/chat-photo.php: the file for a participant who may see the message; 404 otherwise. */
export async function serveChatPhoto(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.query('id');
  const asked = c.req.query('v') ?? 'full';
  const site = c.get('site');
  // A NUL character cannot reach PostgreSQL text (it would answer 500): no such photo.
  if (!site || !id || id.length > PUBLIC_ID_MAX || id.includes('\u0000') || !isVariant(asked)) throw fail('not_found');
  const viewer = await loadViewer(c);
  if (!viewer) throw fail('not_found');
  const { database, photoStorage } = c.get('deps');
  const [row] = await database.db
    .select({ key: messages.photoKey })
    .from(messages)
    .innerJoin(
      conversationSides,
      and(
        eq(conversationSides.conversationId, messages.conversationId),
        eq(conversationSides.profileId, viewer.profileId),
      ),
    )
    .where(
      and(
        eq(messages.publicId, id),
        eq(messages.kind, 'photo'),
        or(eq(messages.status, 'delivered'), eq(messages.senderId, viewer.profileId)),
        sql`(${conversationSides.clearedAt} is null or ${messages.createdAt} > ${conversationSides.clearedAt})`,
      ),
    )
    .limit(1);
  if (!row?.key) throw fail('not_found');
  const bytes = await photoStorage.get(photoFileName(row.key, asked));
  if (!bytes) throw fail('not_found');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'private, max-age=600',
      Vary: 'Cookie',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
