/**
 * One conversation on screen (route chats-id; SPEC §2.7, §4 Conversations, §5 'Chat input').
 * `createConversationStore(id)` owns:
 *
 * - `$state`: loading → ready (messages oldest first, paging to older ones, icebreakers of a
 *   new chat, whether the member may write) | error | blocked (the other side blocked the
 *   member: the server's text) | gone (deleted, or never visible to the member).
 * - `$pending`: messages on their way or failed, each under its client key (`client_id`,
 *   a UUID). A retry sends the same key again, so the server answers with the message it
 *   already has and charges nothing twice. A failed message stays with its error and a retry.
 * - `$theyType`: the other side is typing (a `typing` event, shown TYPING_SHOWN_MS).
 * - `$creditAlert`: a send was refused for want of credits (the credit alert with the way to
 *   buy them). The refused message is kept while the member buys (`./unsent.ts`) and waits
 *   as failed when the conversation opens again.
 *
 * Opening the conversation reads its newest page, which the server counts as read: the
 * list's unread count of it becomes 0. While open, a message of the other side is read by
 * reading the newest page again. The member's own typing is reported at most every
 * TYPING_EVERY_MS. Every send answers with the member's balance, which the session takes.
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import {
  getChatMessages,
  postChatMessage,
  postTyping,
  type ChatGif,
  type ChatGift,
  type ChatIcebreaker,
  type ChatListItem,
  type ChatMessage,
  type ChatSending,
  type SendMessageBody,
} from '#src/contract/chat.ts';
import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from '#src/lib/constants.ts';
import { postBlock } from '#src/contract/members.ts';
import { $openChat, forgetChat, markChatRead, putSentMessage, setSessionCredits } from '#src/stores/chats.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';
import { $likes, loadLikes } from '#src/stores/likes.ts';
import { onServerEvent } from '#src/stores/realtime.ts';
import { forgetUnsent, keepUnsent, unsentOf } from './unsent.ts';
import type { ChatPhotoUploader, SentMessage } from './upload-chat-photo.ts';

/** What the member sends. A photo carries a preview URL (object URL) while on its way. */
export type Outgoing =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; gift: ChatGift }
  | { kind: 'gif'; gif: ChatGif }
  | { kind: 'icebreaker'; icebreaker: ChatIcebreaker }
  | { kind: 'photo'; photo: Blob; preview: string | null };

export interface PendingMessage {
  /** The client_id: the same for every attempt. */
  key: string;
  content: Outgoing;
  failed: boolean;
  /** The refusal's text (in the member's language) when failed. */
  error: string | null;
}

export interface ConversationData {
  conversation: ChatListItem;
  messages: ChatMessage[];
  hasMore: boolean;
  olderHidden: boolean;
  icebreakers: ChatIcebreaker[];
  canWrite: boolean;
  /** A free member's terms here: no start left, or free texts and GIFs left (SPEC §6). */
  sending: ChatSending;
  loadingOlder: boolean;
  olderError: string | null;
}

export type ConversationState =
  | { status: 'loading' }
  | ({ status: 'ready' } & ConversationData)
  | { status: 'error'; message: string }
  | { status: 'blocked'; message: string }
  | { status: 'gone' };

export interface ConversationDeps {
  uploadPhoto: ChatPhotoUploader;
  /** A new client key (tests pass their own). */
  newClientId?: () => string;
}

/** A new client key: a UUID (random bytes where randomUUID is missing, e.g. plain http). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ── Pure rules ──────────────────────────────────────────────────────────────────────────

/** Two lists of messages as one, each message once (the newer copy), oldest first. */
export function mergeMessages(older: readonly ChatMessage[], newer: readonly ChatMessage[]): ChatMessage[] {
  const ids = new Set(newer.map((message) => message.id));
  // A stable sort: messages of one instant keep the server's order.
  return [...older.filter((message) => !ids.has(message.id)), ...newer].sort((a, b) =>
    a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0,
  );
}

/** My messages up to and including `upTo` shown read (all of them when it is not loaded). */
export function withReadUpTo(messages: readonly ChatMessage[], upTo: string): ChatMessage[] {
  const index = messages.findIndex((message) => message.id === upTo);
  const last = index === -1 ? messages.length - 1 : index;
  return messages.map((message, i) =>
    i <= last && message.from === 'me' && !message.read ? { ...message, read: true } : message,
  );
}

/** The body of a send (photos go through the upload). */
export function sendBody(
  conversation: string,
  key: string,
  content: Exclude<Outgoing, { kind: 'photo' }>,
): SendMessageBody {
  const base = { conversation, client_id: key };
  switch (content.kind) {
    case 'text':
      return { ...base, text: content.text };
    case 'gift':
      return { ...base, gift: content.gift.key };
    case 'gif':
      return { ...base, gif: content.gif.id };
    case 'icebreaker':
      return { ...base, icebreaker: content.icebreaker.key };
  }
}

/** Where the last opened conversation is remembered (SPEC §2.7: its profile and date). */
export const LAST_OPENED_KEY = 'chat.lastOpened';

// ── The store ───────────────────────────────────────────────────────────────────────────

export type ConversationStore = ReturnType<typeof createConversationStore>;

export function createConversationStore(id: string, deps: ConversationDeps) {
  const $state = atom<ConversationState>({ status: 'loading' });
  const $pending = atom<PendingMessage[]>([]);
  const $theyType = atom(false);
  const $creditAlert = atom(false);
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let lastTypingSent = -Infinity;
  let refreshing: Promise<void> | null = null;
  /** A refresh was asked for while one was under way (an object: set from other calls). */
  const queued = { again: false };
  const refreshQueued = () => queued.again && !stopped;
  let stopped = false;
  const makeKey = deps.newClientId ?? newClientId;
  /**
   * Events of this conversation that came while its page was on its way: a message sent
   * after the server read the page would be lost, so they join the page when it comes.
   */
  let early: { messages: ChatMessage[]; readUpTo: string | null } = { messages: [], readUpTo: null };
  const loading = () => $state.get().status === 'loading';

  const ready = () => {
    const state = $state.get();
    return state.status === 'ready' ? state : null;
  };
  const update = (change: (state: ConversationData) => Partial<ConversationData>) => {
    const state = ready();
    if (state) $state.set({ ...state, ...change(state) });
  };
  const setPending = (key: string, change: Partial<PendingMessage> | null) => {
    $pending.set(
      change === null
        ? $pending.get().filter((item) => item.key !== key)
        : $pending.get().map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  };
  const dropPending = (key: string) => {
    const item = $pending.get().find((entry) => entry.key === key);
    if (item?.content.kind === 'photo' && item.content.preview) URL.revokeObjectURL(item.content.preview);
    setPending(key, null);
    forgetUnsent(id, key);
  };

  function failureState(error: unknown): ConversationState | null {
    if (error instanceof ApiError && error.code === 'not_found') return { status: 'gone' };
    if (error instanceof ApiError && error.code === 'blocked') return { status: 'blocked', message: error.message };
    return null;
  }

  function remember(conversation: ChatListItem): void {
    try {
      environment().storage?.setItem(
        LAST_OPENED_KEY,
        JSON.stringify({
          conversation: conversation.id,
          profile: conversation.profile?.id ?? null,
          at: new Date(environment().now()).toISOString(),
        }),
      );
    } catch {
      // A full or blocked storage only loses the reminder.
    }
  }

  async function load(): Promise<void> {
    $state.set({ status: 'loading' });
    early = { messages: [], readUpTo: null };
    try {
      const page = await environment().api.call(getChatMessages, { query: { id } });
      if (stopped) return;
      const arrived = early;
      early = { messages: [], readUpTo: null };
      // Each message once, oldest first, whether the page holds the early ones or not.
      const messages = mergeMessages(page.messages, arrived.messages);
      $state.set({
        status: 'ready',
        conversation: { ...page.conversation, num_unread_messages: 0 },
        messages: arrived.readUpTo ? withReadUpTo(messages, arrived.readUpTo) : messages,
        hasMore: page.has_more,
        olderHidden: page.older_hidden,
        icebreakers: page.icebreakers,
        canWrite: page.can_write,
        sending: page.sending,
        loadingOlder: false,
        olderError: null,
      });
      markChatRead(id);
      remember(page.conversation);
      // Their message that came after the page: reading the newest page again tells the server.
      const inPage = new Set(page.messages.map((message) => message.id));
      if (arrived.messages.some((message) => message.from !== 'me' && !inPage.has(message.id))) void refresh();
    } catch (error) {
      if (stopped) return;
      $state.set(failureState(error) ?? { status: 'error', message: errorText(error) });
    }
  }

  /** Reads the newest page again (new messages; the server counts them read). */
  function refresh(): Promise<void> {
    if (refreshing) {
      queued.again = true;
      return refreshing;
    }
    const run = async () => {
      do {
        queued.again = false;
        try {
          const page = await environment().api.call(getChatMessages, { query: { id } });
          if (stopped) return;
          update((state) => ({
            conversation: { ...page.conversation, num_unread_messages: 0 },
            messages: mergeMessages(state.messages, page.messages),
            icebreakers: page.icebreakers,
            canWrite: page.can_write,
            sending: page.sending,
          }));
          markChatRead(id);
        } catch (error) {
          const failed = failureState(error);
          if (failed && !stopped) $state.set(failed);
          // Anything else: the messages stay; the next event or poll tries again.
          return;
        }
      } while (refreshQueued());
    };
    refreshing = run().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** One page of older messages before the first one shown. */
  async function loadOlder(): Promise<void> {
    const state = ready();
    const first = state?.messages[0];
    if (!state || !first || !state.hasMore || state.loadingOlder) return;
    update(() => ({ loadingOlder: true, olderError: null }));
    try {
      const page = await environment().api.call(getChatMessages, { query: { id, before: first.id } });
      update((current) => ({
        messages: mergeMessages(page.messages, current.messages),
        hasMore: page.has_more,
        olderHidden: page.older_hidden,
        loadingOlder: false,
      }));
    } catch (error) {
      update(() => ({ loadingOlder: false, olderError: errorText(error) }));
    }
  }

  function delivered(sent: SentMessage, key: string): void {
    dropPending(key);
    setSessionCredits(sent.credits);
    update((state) => ({
      messages: mergeMessages(state.messages, [sent.message]),
      // The icebreakers are for a new chat only.
      icebreakers: [],
      // Started now; the free texts may have run out with this one.
      sending: { start_blocked: false, free: sent.free_left },
    }));
    const state = ready();
    if (state) putSentMessage(state.conversation, sent.message);
  }

  async function attempt(key: string): Promise<void> {
    const item = $pending.get().find((entry) => entry.key === key);
    if (!item) return;
    setPending(key, { failed: false, error: null });
    try {
      const sent =
        item.content.kind === 'photo'
          ? await deps.uploadPhoto(item.content.photo, id, key)
          : await environment().api.call(postChatMessage, { body: sendBody(id, key, item.content) });
      // Also after the screen closed: the balance and the list take the sent message.
      delivered(sent, key);
    } catch (error) {
      const failed = failureState(error);
      if (failed) {
        $state.set(failed);
        return;
      }
      if (error instanceof ApiError && error.code === 'chat_closed') update(() => ({ canWrite: false }));
      setPending(key, { failed: true, error: errorText(error) });
      if (error instanceof ApiError && error.code === 'insufficient_credits') {
        $creditAlert.set(true);
        // Kept while the member buys credits (./unsent.ts).
        keepUnsent(id, key, item.content, errorText(error));
      }
    }
  }

  /** Sends a message; resolves when it was delivered or failed (it stays as failed then). */
  function send(content: Outgoing): Promise<void> {
    if (content.kind === 'text' && content.text.trim() === '') return Promise.resolve();
    const key = makeKey();
    $pending.set([...$pending.get(), { key, content, failed: false, error: null }]);
    return attempt(key);
  }

  /** Sends a failed message again under its key (never charged twice). */
  function retry(key: string): Promise<void> {
    const item = $pending.get().find((entry) => entry.key === key);
    if (!item?.failed) return Promise.resolve();
    return attempt(key);
  }

  /** Gives up a failed message. */
  function discard(key: string): void {
    if ($pending.get().find((entry) => entry.key === key)?.failed) dropPending(key);
  }

  /** The member types: reported at most every TYPING_EVERY_MS. */
  function typing(): void {
    const state = ready();
    const now = environment().now();
    if (!state?.canWrite || now - lastTypingSent < TYPING_EVERY_MS) return;
    lastTypingSent = now;
    environment()
      .api.call(postTyping, { body: { conversation: id } })
      .catch(() => {
        // Typing is a hint; a lost one does not matter.
      });
  }

  function showTheirTyping(): void {
    $theyType.set(true);
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => $theyType.set(false), TYPING_SHOWN_MS);
  }

  function received(message: ChatMessage, chat: ChatListItem): void {
    const pending = message.client_id ? $pending.get().find((item) => item.key === message.client_id) : undefined;
    if (pending) dropPending(pending.key);
    const beforePage = loading();
    if (beforePage) early.messages.push(message);
    update((state) => ({
      conversation: { ...chat, num_unread_messages: 0 },
      messages: mergeMessages(state.messages, [message]),
      icebreakers: [],
    }));
    if (message.from !== 'me') {
      $theyType.set(false);
      clearTimeout(typingTimer);
      // Reading the newest page tells the server (and the other side) it was read; the page
      // on its way does that for a message that came while it loads (load()).
      if (!beforePage) void refresh();
    }
  }

  /** Opens the conversation: loads it and follows its events. Returns the function that closes it. */
  function open(): () => void {
    stopped = false;
    $openChat.set(id);
    const stops = [
      onServerEvent('message', ({ conversation, message, chat }) => {
        if (conversation === id) received(message, chat);
      }),
      onServerEvent('typing', ({ conversation }) => {
        if (conversation === id) showTheirTyping();
      }),
      onServerEvent('read', ({ conversation, message }) => {
        if (conversation !== id) return;
        if (loading()) early.readUpTo = message;
        update((state) => ({ messages: withReadUpTo(state.messages, message) }));
      }),
      onServerEvent('chat_removed', ({ conversation }) => {
        if (conversation === id) $state.set({ status: 'gone' });
      }),
      onServerEvent('resync', () => void refresh()),
    ];
    // What was refused for want of credits before the member left to buy them.
    const waiting = new Set($pending.get().map((item) => item.key));
    $pending.set([...unsentOf(id).filter((item) => !waiting.has(item.key)), ...$pending.get()]);
    void load();
    return () => {
      stopped = true;
      for (const stop of stops) stop();
      clearTimeout(typingTimer);
      if ($openChat.get() === id) $openChat.set(null);
      for (const item of $pending.get())
        if (item.content.kind === 'photo' && item.content.preview) URL.revokeObjectURL(item.content.preview);
    };
  }

  /**
   * Blocking the other side from the chat (the block-user modal): the conversation and the
   * likes between the two are gone, here as on the server.
   */
  const block = createForm(async () => {
    const state = ready();
    if (!state?.conversation.profile) return;
    await environment().api.call(postBlock, { body: { profile: state.conversation.profile.id } });
    forgetChat(id);
    if ($likes.get()) void loadLikes();
  });

  return {
    id,
    $state,
    block,
    $pending,
    $theyType,
    $creditAlert,
    open,
    load,
    refresh,
    loadOlder,
    send,
    retry,
    discard,
    typing,
    closeCreditAlert: () => $creditAlert.set(false),
  };
}
