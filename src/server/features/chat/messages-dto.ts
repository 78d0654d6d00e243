/**
 * Messages as a participant sees them (contract `chatMessage`): the columns a DTO needs and
 * the builders for chat messages and the site's system messages. A message stores keys only
 * (a gift's key, an icebreaker's key, a GIF's id); names, lines and GIF details are filled in
 * for each reader in their own language.
 */
import { CHAT_PHOTO_FILE_PATH, SYSTEM_MESSAGES, type ChatGif, type ChatMessage } from '#src/contract/chat.ts';
import type { Locale } from '#src/lib/locales.ts';
import { messages, systemMessages } from '#src/server/db/schema.ts';
import type { GifProvider } from '#src/server/providers/gifs/types.ts';
import { giftByKey, giftDto, icebreakerText } from '#src/server/features/chat-catalogue/index.ts';

/** The select list of a message row for `messageDto`. */
export const messageColumns = {
  id: messages.id,
  publicId: messages.publicId,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  kind: messages.kind,
  body: messages.body,
  item: messages.item,
  photoKey: messages.photoKey,
  photoWidth: messages.photoWidth,
  photoHeight: messages.photoHeight,
  status: messages.status,
  credits: messages.credits,
  clientId: messages.clientId,
  createdAt: messages.createdAt,
};

export type MessageRow = {
  id: number;
  publicId: string;
  conversationId: number;
  senderId: number;
  kind: 'text' | 'photo' | 'gift' | 'gif' | 'icebreaker';
  body: string | null;
  item: string | null;
  photoKey: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
  status: 'delivered' | 'held';
  credits: number;
  clientId: string | null;
  createdAt: Date;
};

/** The URL of a photo message's image for its two participants. */
export function chatPhotoUrl(messagePublicId: string, variant: 'full' | 'thumb'): string {
  return `${CHAT_PHOTO_FILE_PATH}?id=${encodeURIComponent(messagePublicId)}&v=${variant}`;
}

export interface MessageDtoExtras {
  /** The GIFs of the rows' GIF messages by id (`resolveGifs`); a missing one shows as null. */
  gifs?: ReadonlyMap<string, ChatGif>;
  /** The other side's last_read_message_id: my messages up to it are `read`. */
  otherLastRead?: number | null;
}

/** A chat message for the viewer (`viewerProfileId` is the viewer's profile). */
export function messageDto(
  row: MessageRow,
  viewerProfileId: number,
  locale: Locale,
  extras: MessageDtoExtras = {},
): ChatMessage {
  const mine = row.senderId === viewerProfileId;
  const gift = row.kind === 'gift' && row.item ? giftByKey(row.item) : null;
  return {
    id: row.publicId,
    client_id: mine ? row.clientId : null,
    from: mine ? 'me' : 'them',
    kind: row.kind,
    text:
      row.kind === 'text'
        ? (row.body ?? '')
        : row.kind === 'icebreaker'
          ? icebreakerText(row.body ?? '', locale)
          : null,
    photo:
      row.kind === 'photo'
        ? {
            url: chatPhotoUrl(row.publicId, 'full'),
            thumb_url: chatPhotoUrl(row.publicId, 'thumb'),
            width: row.photoWidth ?? 0,
            height: row.photoHeight ?? 0,
          }
        : null,
    gift: gift ? giftDto(gift.key, locale, row.credits) : null,
    gif: row.kind === 'gif' && row.item ? (extras.gifs?.get(row.item) ?? null) : null,
    system: null,
    sent_at: row.createdAt.toISOString(),
    read: mine && extras.otherLastRead != null && row.id <= extras.otherLastRead,
    status: row.status,
  };
}

/** The GIFs of the GIF messages among `rows`, from the provider (one that fails is left out). */
export async function resolveGifs(
  gifs: GifProvider,
  rows: readonly Pick<MessageRow, 'kind' | 'item'>[],
  locale: Locale,
): Promise<Map<string, ChatGif>> {
  const ids = [...new Set(rows.filter((r) => r.kind === 'gif' && r.item).map((r) => r.item as string))];
  const found = await Promise.all(
    ids.map(async (id) => {
      try {
        return [id, await gifs.get(id, locale)] as const;
      } catch (error) {
        // An online GIF service that is down must not keep the conversation from loading.
        console.error('[chat] GIF lookup failed:', (error as Error).message);
        return [id, null] as const;
      }
    }),
  );
  const map = new Map<string, ChatGif>();
  for (const [id, gif] of found) if (gif) map.set(id, gif);
  return map;
}

/** The select list of a system message row for `systemMessageDto`. */
export const systemMessageColumns = {
  id: systemMessages.id,
  publicId: systemMessages.publicId,
  key: systemMessages.key,
  params: systemMessages.params,
  readAt: systemMessages.readAt,
  createdAt: systemMessages.createdAt,
};

export type SystemMessageRow = {
  id: number;
  publicId: string;
  key: string;
  params: Record<string, string | number>;
  readAt: Date | null;
  createdAt: Date;
};

function isSystemKey(key: string): key is (typeof SYSTEM_MESSAGES)[number] {
  return (SYSTEM_MESSAGES as readonly string[]).includes(key);
}

/** A message of the site's own conversation; null for a key the contract does not know. */
export function systemMessageDto(row: SystemMessageRow): ChatMessage | null {
  if (!isSystemKey(row.key)) return null;
  return {
    id: row.publicId,
    client_id: null,
    from: 'system',
    kind: 'system',
    text: null,
    photo: null,
    gift: null,
    gif: null,
    system: { key: row.key, params: row.params },
    sent_at: row.createdAt.toISOString(),
    read: false,
    status: 'delivered',
  };
}
