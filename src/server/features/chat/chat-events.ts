/**
 * The realtime events of the chat (contract/events.ts), built for each account that gets
 * them: a `message` carries the message and the chat list item as that account sees them,
 * `counters` its unread total (and, for a sender, the balance after the send).
 */
import type { OutgoingEvent } from '#src/server/features/events/index.ts';
import { loadChats, totalUnread, type ChatParty, type ChatReaders } from './conversations.ts';
import { messageDto, resolveGifs, type MessageRow } from './messages-dto.ts';

/**
 * `message` (when the party may see the conversation) and `counters` (unless told not to) for
 * one participant; nothing for a chat pal (no account).
 */
export async function messageEventsFor(
  readers: ChatReaders,
  party: ChatParty,
  row: MessageRow,
  options: { credits?: number; counters?: boolean } = {},
): Promise<OutgoingEvent[]> {
  if (party.accountId === null) return [];
  const accountId = party.accountId;
  const [chat] = await loadChats(readers, party, row.conversationId);
  const events: OutgoingEvent[] = [];
  if (chat) {
    const gifs = await resolveGifs(readers.gifs, [row], party.locale);
    events.push({
      accountId,
      event: {
        type: 'message',
        data: {
          conversation: chat.item.id,
          message: messageDto(row, party.profileId, party.locale, { gifs, otherLastRead: chat.otherLastRead }),
          chat: chat.item,
        },
      },
    });
  }
  if (options.counters !== false) events.push(await countersEvent(readers, party, options));
  return events;
}

/** The party's `counters`: unread total, and the balance when given. */
export async function countersEvent(
  readers: Pick<ChatReaders, 'db'>,
  party: Pick<ChatParty, 'accountId' | 'profileId' | 'siteId'>,
  options: { credits?: number } = {},
): Promise<OutgoingEvent> {
  if (party.accountId === null) throw new Error('a chat pal has no counters');
  return {
    accountId: party.accountId,
    event: {
      type: 'counters',
      data: {
        total_unread: await totalUnread(readers.db, party),
        ...(options.credits !== undefined ? { credits: options.credits } : {}),
      },
    },
  };
}
