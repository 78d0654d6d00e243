/**
 * $chats: the member's conversation list (SPEC §3 'Conversation / chat list item', §4
 * Conversations) and the unread total, which it writes to the shell's counters
 * (src/stores/counters.ts: the nav badge, the '(N) ' title prefix, the desktop nav's link to
 * the newest conversation). Loaded by the chats screen and the polling
 * (src/stores/polling.ts), kept current by the server events (`watchChatEvents`): a new
 * message moves its conversation to the top, a removed one leaves the list, the counters set
 * the totals and the member's credits. The shell loads this module on demand.
 *
 * Deleting is optimistic: the conversation leaves the list at once, then the server is asked;
 * a refusal shows in $chatsError (an alert on the list) and the list is loaded again.
 */
import { atom } from 'nanostores';
import type { ChatListItem, ChatMessage } from '#src/contract/chat.ts';
import { $newestChat, $totalUnread } from './counters.ts';
import { environment } from './environment.ts';
import { errorText } from './errors.ts';
import { onServerEvent } from './realtime.ts';
import { $session } from './session.ts';

export type ChatsLoad = { status: 'idle' | 'loading' | 'ready' } | { status: 'error'; message: string };

/** The conversations, newest first; null until first loaded. */
export const $chats = atom<ChatListItem[] | null>(null);
export { $newestChat, $totalUnread };

export const $chatsLoad = atom<ChatsLoad>({ status: 'idle' });
/** The text of the last failed delete (shown as an alert on the list), null when none. */
export const $chatsError = atom<string | null>(null);
/**
 * The conversation on screen: its new messages are read as they arrive, so they do not count
 * as unread. Set by the conversation store.
 */
export const $openChat = atom<string | null>(null);

// ── Pure rules ──────────────────────────────────────────────────────────────────────────

/** The sum of the unread counts of a list. */
export function unreadOf(list: readonly ChatListItem[]): number {
  return list.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
}

/**
 * A conversation with a new message: first in the list (newest first), replacing its older
 * entry; its unread count stays 0 while it is open.
 */
export function withChatFirst(list: readonly ChatListItem[], chat: ChatListItem, open: string | null): ChatListItem[] {
  const entry = chat.id === open ? { ...chat, num_unread_messages: 0 } : chat;
  return [entry, ...list.filter((old) => old.id !== chat.id)];
}

/** The list without a conversation. */
export function withoutChat(list: readonly ChatListItem[], id: string): ChatListItem[] {
  return list.filter((chat) => chat.id !== id);
}

/** The list with a conversation read (opening it sets its unread count to 0). */
export function withChatRead(list: readonly ChatListItem[], id: string): ChatListItem[] {
  return list.map((chat) =>
    chat.id === id && chat.num_unread_messages > 0 ? { ...chat, num_unread_messages: 0 } : chat,
  );
}

/** The list after the other side read my messages up to `message`: a last message of mine shows read. */
export function withTheirRead(list: readonly ChatListItem[], id: string): ChatListItem[] {
  return list.map((chat) =>
    chat.id === id && chat.last_message?.from === 'me' && !chat.last_message.read
      ? { ...chat, last_message: { ...chat.last_message, read: true } }
      : chat,
  );
}

// ── Actions ─────────────────────────────────────────────────────────────────────────────

let pending: Promise<void> | null = null;
/** Counts asks for a list newer than the ask (`fresh`), so a load under way then is asked again. */
let freshAsks = 0;
/** Conversations being deleted: a load answered meanwhile must not bring them back. */
const removing = new Set<string>();

function setList(list: ChatListItem[]): void {
  $chats.set(list);
  $newestChat.set(list[0]?.id ?? null);
}

/**
 * Loads the conversation list; calls while a load is under way share it. A `fresh` call (the
 * server said something changed: a resync, a message the list does not have yet) needs a
 * list read after it: a load under way, which may have been read before, is asked again.
 */
export function loadChats(options: { fresh?: boolean } = {}): Promise<void> {
  if (options.fresh) freshAsks++;
  if (pending) return pending;
  const run = async () => {
    if ($chats.get() === null) $chatsLoad.set({ status: 'loading' });
    for (;;) {
      const asks = freshAsks;
      try {
        const { getChats } = await import('#src/contract/chat.ts');
        const data = await environment().api.call(getChats);
        if (asks !== freshAsks) continue;
        const open = $openChat.get();
        const list = data.chats.filter((chat) => !removing.has(chat.id));
        // The open conversation is read on screen, even when the server counted a message
        // that arrived while the list was on its way.
        const openUnread = list.find((chat) => chat.id === open)?.num_unread_messages ?? 0;
        setList(open ? withChatRead(list, open) : list);
        $totalUnread.set(Math.max(0, data.total_unread - openUnread));
        $chatsLoad.set({ status: 'ready' });
      } catch (error) {
        $chatsLoad.set({ status: 'error', message: errorText(error) });
      }
      return;
    }
  };
  pending = run().finally(() => {
    pending = null;
  });
  return pending;
}

/** Opening a conversation: its unread count becomes 0 here (the server did the same). */
export function markChatRead(id: string): void {
  const list = $chats.get();
  const chat = list?.find((entry) => entry.id === id);
  if (!list || !chat || chat.num_unread_messages === 0) return;
  $totalUnread.set(Math.max(0, $totalUnread.get() - chat.num_unread_messages));
  setList(withChatRead(list, id));
}

/** A conversation's new state (a message sent or received): first in the list. */
export function putChat(chat: ChatListItem): void {
  const list = $chats.get();
  if (!list) return;
  const next = withChatFirst(list, chat, $openChat.get());
  const before = list.find((entry) => entry.id === chat.id)?.num_unread_messages ?? 0;
  const after = next[0]?.num_unread_messages ?? 0;
  if (after !== before) $totalUnread.set(Math.max(0, $totalUnread.get() + after - before));
  setList(next);
}

/** A message I sent from this page: its conversation heads the list with it as the last message. */
export function putSentMessage(chat: ChatListItem, message: ChatMessage): void {
  putChat({ ...chat, last_message: message, updated_at: message.sent_at, num_unread_messages: 0 });
}

/** A conversation gone from the server's side too (a block): out of the list, no call. */
export function forgetChat(id: string): void {
  dropChat(id);
}

function dropChat(id: string): void {
  const list = $chats.get();
  const chat = list?.find((entry) => entry.id === id);
  if (!list || !chat) return;
  $totalUnread.set(Math.max(0, $totalUnread.get() - chat.num_unread_messages));
  setList(withoutChat(list, id));
}

/**
 * Deletes a conversation (SPEC §4): gone from the list at once, then the server is asked. On
 * a refusal the error shows as an alert and the list is loaded again. Resolves true when
 * the server deleted it.
 */
export async function removeChat(id: string): Promise<boolean> {
  $chatsError.set(null);
  removing.add(id);
  dropChat(id);
  try {
    const { deleteChat } = await import('#src/contract/chat.ts');
    await environment().api.call(deleteChat, { body: { conversation: id } });
    return true;
  } catch (error) {
    $chatsError.set(`${environment().t('chat.delete.failed')} ${errorText(error)}`);
    removing.delete(id);
    await loadChats();
    return false;
  } finally {
    removing.delete(id);
  }
}

/** Forgets the alert of a failed delete. */
export function dismissChatsError(): void {
  $chatsError.set(null);
}

/** The session user's credits after a send or a counters event (nav badge, chat top bar). */
export function setSessionCredits(credits: number): void {
  const session = $session.get();
  if (session.status === 'member' && session.user.credits !== credits)
    $session.set({ ...session, user: { ...session.user, credits } });
}

/** Reacts to the server events of the list; returns the function that stops it. */
export function watchChatEvents(): () => void {
  const stops = [
    onServerEvent('message', ({ chat }) => {
      if (removing.has(chat.id)) return;
      // Before the list is loaded, the event's conversation alone would hide the others; a
      // load under way may have been read before this message.
      if ($chats.get() === null) void loadChats({ fresh: true });
      else putChat(chat);
    }),
    onServerEvent('read', ({ conversation }) => {
      const list = $chats.get();
      if (list) setList(withTheirRead(list, conversation));
    }),
    onServerEvent('chat_removed', ({ conversation }) => dropChat(conversation)),
    // More was missed than the channel replays (or the channel just started): as after a
    // page load.
    onServerEvent('resync', () => void loadChats({ fresh: true })),
    onServerEvent('counters', ({ total_unread, credits }) => {
      // The server's total no longer counts the open conversation once it was read there (it
      // sends counters after that read), so its entry shows none either: an answer of the
      // conversation that comes after this event must not take its unread off a second time.
      const open = $openChat.get();
      const list = $chats.get();
      if (open && list) setList(withChatRead(list, open));
      $totalUnread.set(total_unread);
      if (credits !== undefined) setSessionCredits(credits);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** Tests and logout: forgets the list. */
export function resetChats(): void {
  pending = null;
  removing.clear();
  $chats.set(null);
  $newestChat.set(null);
  $chatsLoad.set({ status: 'idle' });
  $totalUnread.set(0);
  $chatsError.set(null);
  $openChat.set(null);
}
