import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getChatMessages, postChatMessage, postTyping, type ChatMessage } from '#src/contract/chat.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from '#src/lib/constants.ts';
import {
  createConversationStore,
  mergeMessages,
  withReadUpTo,
  type ConversationStore,
} from '#src/features/chat/conversation-store.ts';
import { $chats, $openChat, $totalUnread, resetChats } from '#src/stores/chats.ts';
import { dispatchServerEvent } from '#src/stores/realtime.ts';
import { $session } from '#src/stores/session.ts';
import { member } from '../fixtures/members.ts';
import { chatApi, chatItem, chatMessage, offline, refusal, type Call } from './chat-fixtures.ts';
import { testEnvironment, type TestEnvironment } from './test-environment.ts';

const conversation = chatItem({ id: 'c1', num_unread_messages: 2 });

function page(messages: ChatMessage[], extra: Partial<{ has_more: boolean; older_hidden: boolean }> = {}) {
  return {
    conversation,
    messages,
    has_more: extra.has_more ?? false,
    older_hidden: extra.older_hidden ?? false,
    icebreakers: [],
    can_write: true,
    sending: { start_blocked: false, free: false },
  };
}

function sent(call: Call, credits: number, overrides: Partial<ChatMessage> = {}) {
  const body = call.body ?? {};
  return {
    message: chatMessage({
      from: 'me',
      client_id: String(body['client_id']),
      text: typeof body['text'] === 'string' ? body['text'] : null,
      ...overrides,
    }),
    credits,
  };
}

let env: TestEnvironment;
let stores: { store: ConversationStore; close: () => void }[] = [];

function open(answers: Map<Endpoint, (call: Call) => unknown>, keys: string[] = []) {
  const { api, calls } = chatApi(answers);
  env = testEnvironment({ api });
  const queue = [...keys];
  const store = createConversationStore('c1', {
    uploadPhoto: () => Promise.reject(new Error('no photos here')),
    newClientId: () => queue.shift() ?? 'client-key-x',
  });
  const close = store.open();
  stores.push({ store, close });
  return { store, calls };
}

/** Lets the fake API's answers (promises) settle. */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

beforeEach(() => {
  $session.set({ status: 'member', user: member({ credits: 20 }) });
});

afterEach(() => {
  for (const { close } of stores) close();
  stores = [];
  resetChats();
  $session.set({ status: 'loading' });
  vi.useRealTimers();
});

describe('opening a conversation', () => {
  it('shows its messages and sets its unread count in the list to 0', async () => {
    $chats.set([conversation, chatItem({ id: 'c2', num_unread_messages: 1 })]);
    $totalUnread.set(3);
    const first = chatMessage();
    const { store, calls } = open(new Map([[getChatMessages, () => page([first])]]));
    expect($openChat.get()).toBe('c1');
    await settle();
    const state = store.$state.get();
    expect(state.status).toBe('ready');
    expect(state.status === 'ready' && state.messages.map((m) => m.id)).toEqual([first.id]);
    expect(calls[0]?.query).toEqual({ id: 'c1' });
    expect($chats.get()?.find((c) => c.id === 'c1')?.num_unread_messages).toBe(0);
    expect($totalUnread.get()).toBe(1);
  });

  it('a profile that blocked the member shows the server text; an unknown one is gone', async () => {
    const blocked = open(
      new Map([[getChatMessages, () => Promise.reject(refusal(403, 'blocked', 'You are blocked by Sanne.'))]]),
    );
    await settle();
    expect(blocked.store.$state.get()).toEqual({ status: 'blocked', message: 'You are blocked by Sanne.' });
    const gone = open(new Map([[getChatMessages, () => Promise.reject(refusal(404, 'not_found'))]]));
    await settle();
    expect(gone.store.$state.get()).toEqual({ status: 'gone' });
  });

  it('pages to older messages before the first one shown', async () => {
    const older = chatMessage();
    const newer = chatMessage();
    const { store, calls } = open(
      new Map([
        [
          getChatMessages,
          (call: Call) =>
            call.query?.['before'] ? page([older], { older_hidden: true }) : page([newer], { has_more: true }),
        ],
      ]),
    );
    await settle();
    await store.loadOlder();
    const state = store.$state.get();
    expect(calls[1]?.query).toEqual({ id: 'c1', before: newer.id });
    expect(state.status === 'ready' && state.messages.map((m) => m.id)).toEqual([older.id, newer.id]);
    expect(state.status === 'ready' && state.hasMore).toBe(false);
    expect(state.status === 'ready' && state.olderHidden).toBe(true);
  });
});

describe('sending', () => {
  it('a failed send stays as failed; the retry sends the same client_id and delivers once', async () => {
    let online = false;
    const { store, calls } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [postChatMessage, (call) => (online ? sent(call, 17) : Promise.reject(offline()))],
      ]),
      ['key-1'],
    );
    await settle();
    await store.send({ kind: 'text', text: 'Hi there' });
    expect(store.$pending.get()).toEqual([
      { key: 'key-1', content: { kind: 'text', text: 'Hi there' }, failed: true, error: env.t('errors.network') },
    ]);
    online = true;
    await store.retry('key-1');
    const sends = calls.filter((call) => call.method === 'POST');
    expect(sends.map((call) => call.body?.['client_id'])).toEqual(['key-1', 'key-1']);
    expect(sends[0]?.body).toEqual({ conversation: 'c1', client_id: 'key-1', text: 'Hi there' });
    expect(store.$pending.get()).toEqual([]);
    const state = store.$state.get();
    expect(state.status === 'ready' && state.messages.map((m) => m.client_id)).toEqual(['key-1']);
  });

  it('the answer’s balance becomes the session’s credits and the conversation heads the list', async () => {
    $chats.set([chatItem({ id: 'c0' }), conversation]);
    const { store } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [postChatMessage, (call) => sent(call, 12)],
      ]),
    );
    await settle();
    await store.send({ kind: 'text', text: 'Hello' });
    const session = $session.get();
    expect(session.status === 'member' && session.user.credits).toBe(12);
    expect($chats.get()?.map((c) => c.id)).toEqual(['c1', 'c0']);
    expect($chats.get()?.[0]?.last_message?.text).toBe('Hello');
  });

  it('too few credits: the credit alert, and the message waits as failed with its retry', async () => {
    const { store } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [postChatMessage, () => Promise.reject(refusal(402, 'insufficient_credits', 'You do not have enough credits'))],
      ]),
      ['key-2'],
    );
    await settle();
    await store.send({ kind: 'text', text: 'Hello' });
    expect(store.$creditAlert.get()).toBe(true);
    expect(store.$pending.get()[0]).toMatchObject({
      key: 'key-2',
      failed: true,
      error: 'You do not have enough credits',
    });
  });

  it('a gift refused for credits is kept while the member buys, waits failed when the chat opens again, and a retry sends it once', async () => {
    const gift = { key: 'rose', name: 'Rose', image: '/gifts/rose.webp', credits: 20 };
    let funded = false;
    const { store, calls } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [
          postChatMessage,
          (call) =>
            funded
              ? sent(call, 230)
              : Promise.reject(refusal(402, 'insufficient_credits', 'You do not have enough credits')),
        ],
      ]),
      ['gift-key-1'],
    );
    await settle();
    await store.send({ kind: 'gift', gift });
    expect(store.$creditAlert.get()).toBe(true);
    // The member leaves for /credits: this screen's store is gone.
    stores.pop()?.close();

    // Back from the purchase, the conversation opens again in a new store.
    funded = true;
    const again = createConversationStore('c1', {
      uploadPhoto: () => Promise.reject(new Error('no photos here')),
      newClientId: () => 'never-used',
    });
    stores.push({ store: again, close: again.open() });
    expect(again.$pending.get()).toEqual([
      { key: 'gift-key-1', content: { kind: 'gift', gift }, failed: true, error: 'You do not have enough credits' },
    ]);
    await settle();
    await again.retry('gift-key-1');
    const posts = calls.filter((call) => call.path === postChatMessage.path && call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { conversation: 'c1', client_id: 'gift-key-1', gift: 'rose' },
      { conversation: 'c1', client_id: 'gift-key-1', gift: 'rose' },
    ]);
    expect(again.$pending.get()).toEqual([]);
    // Delivered: not offered again.
    const third = createConversationStore('c1', { uploadPhoto: () => Promise.reject(new Error('no')) });
    stores.push({ store: third, close: third.open() });
    expect(third.$pending.get()).toEqual([]);
  });

  it('a refused message the member gives up is not kept', async () => {
    const { store } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [postChatMessage, () => Promise.reject(refusal(402, 'insufficient_credits', 'You do not have enough credits'))],
      ]),
      ['k-given-up'],
    );
    await settle();
    await store.send({ kind: 'text', text: 'Never mind' });
    store.discard('k-given-up');
    const again = createConversationStore('c1', { uploadPhoto: () => Promise.reject(new Error('no')) });
    stores.push({ store: again, close: again.open() });
    expect(again.$pending.get()).toEqual([]);
    expect(env.sessionStorage?.length).toBe(0);
  });

  it('its own message arriving as an event before the answer replaces the pending one, once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { store } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [postChatMessage, () => new Promise((resolve) => (answer = resolve))],
      ]),
      ['key-3'],
    );
    await settle();
    const sending = store.send({ kind: 'text', text: 'Quick' });
    await settle();
    const mine = chatMessage({ from: 'me', client_id: 'key-3', text: 'Quick' });
    dispatchServerEvent({ type: 'message', data: { conversation: 'c1', message: mine, chat: conversation } });
    expect(store.$pending.get()).toEqual([]);
    answer({ message: mine, credits: 19 });
    await sending;
    const state = store.$state.get();
    expect(state.status === 'ready' && state.messages.map((m) => m.id)).toEqual([mine.id]);
  });

  it('icebreakers are sent by key and disappear after the first message', async () => {
    const { store, calls } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => ({ ...page([]), icebreakers: [{ key: 'ib1', text: 'Hi!', credits: 5 }] })],
        [postChatMessage, (call) => sent(call, 15, { kind: 'icebreaker', text: 'Hi!' })],
      ]),
      ['key-4'],
    );
    await settle();
    await store.send({ kind: 'icebreaker', icebreaker: { key: 'ib1', text: 'Hi!', credits: 5 } });
    expect(calls.at(-1)?.body).toEqual({ conversation: 'c1', client_id: 'key-4', icebreaker: 'ib1' });
    const state = store.$state.get();
    expect(state.status === 'ready' && state.icebreakers).toEqual([]);
  });
});

describe('the other side', () => {
  it('typing shows for TYPING_SHOWN_MS after the last typing event and stops with their message', async () => {
    vi.useFakeTimers();
    const reply = chatMessage({ from: 'them' });
    const { store } = open(new Map([[getChatMessages, () => page([])]]));
    await vi.advanceTimersByTimeAsync(0);
    dispatchServerEvent({ type: 'typing', data: { conversation: 'c1' } });
    expect(store.$theyType.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(TYPING_SHOWN_MS - 1000);
    dispatchServerEvent({ type: 'typing', data: { conversation: 'c1' } });
    await vi.advanceTimersByTimeAsync(TYPING_SHOWN_MS - 1);
    expect(store.$theyType.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.$theyType.get()).toBe(false);
    dispatchServerEvent({ type: 'typing', data: { conversation: 'c2' } });
    expect(store.$theyType.get()).toBe(false);
    dispatchServerEvent({ type: 'typing', data: { conversation: 'c1' } });
    dispatchServerEvent({ type: 'message', data: { conversation: 'c1', message: reply, chat: conversation } });
    expect(store.$theyType.get()).toBe(false);
  });

  it('their message is read at once: the newest page is read again and the list keeps 0 unread', async () => {
    const reply = chatMessage({ from: 'them' });
    const { store, calls } = open(new Map([[getChatMessages, () => page([reply])]]));
    $chats.set([conversation]);
    await settle();
    dispatchServerEvent({
      type: 'message',
      data: { conversation: 'c1', message: reply, chat: { ...conversation, num_unread_messages: 1 } },
    });
    await settle();
    expect(calls.filter((call) => call.path === getChatMessages.path)).toHaveLength(2);
    expect($chats.get()?.[0]?.num_unread_messages).toBe(0);
    const state = store.$state.get();
    expect(state.status === 'ready' && state.messages.map((m) => m.id)).toEqual([reply.id]);
  });

  it('a read event marks my messages read up to that one', async () => {
    const a = chatMessage({ from: 'me' });
    const b = chatMessage({ from: 'me' });
    const { store } = open(new Map([[getChatMessages, () => page([a, b])]]));
    await settle();
    dispatchServerEvent({ type: 'read', data: { conversation: 'c1', message: a.id } });
    const state = store.$state.get();
    expect(state.status === 'ready' && state.messages.map((m) => m.read)).toEqual([true, false]);
  });

  it('a conversation removed elsewhere is gone', async () => {
    const { store } = open(new Map([[getChatMessages, () => page([])]]));
    await settle();
    dispatchServerEvent({ type: 'chat_removed', data: { conversation: 'c1' } });
    expect(store.$state.get()).toEqual({ status: 'gone' });
  });
});

describe('my typing', () => {
  it('is reported at most every TYPING_EVERY_MS', async () => {
    const { store, calls } = open(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChatMessages, () => page([])],
        [postTyping, () => ({ ok: true })],
      ]),
    );
    await settle();
    store.typing();
    store.typing();
    env.advance(TYPING_EVERY_MS - 1);
    store.typing();
    env.advance(1);
    store.typing();
    expect(calls.filter((call) => call.path === postTyping.path)).toHaveLength(2);
  });
});

describe('events while the conversation loads', () => {
  it('a message that comes before the first page is shown once, in order, with the read state', async () => {
    const mine = chatMessage({ from: 'me' });
    const inPage = chatMessage({ from: 'them' });
    const late = chatMessage({ from: 'them' });
    let answerFirst: (value: unknown) => void = () => undefined;
    const answers: ((call: Call) => unknown)[] = [
      () => new Promise((resolve) => (answerFirst = resolve)),
      // Read again for the late message: the server has it now, and counts it read.
      () => page([{ ...mine, read: true }, inPage, late]),
    ];
    const { store, calls } = open(new Map([[getChatMessages, (call: Call) => answers.shift()?.(call)]]));
    await settle();
    expect(store.$state.get()).toEqual({ status: 'loading' });
    // The server read the page before `late` was sent; the events come before the page does.
    dispatchServerEvent({ type: 'message', data: { conversation: 'c1', message: inPage, chat: conversation } });
    dispatchServerEvent({ type: 'message', data: { conversation: 'c1', message: late, chat: conversation } });
    dispatchServerEvent({ type: 'read', data: { conversation: 'c1', message: mine.id } });
    answerFirst(page([mine, inPage]));
    await settle();
    const state = store.$state.get();
    expect(state.status === 'ready' && state.messages.map((m) => [m.id, m.read])).toEqual([
      [mine.id, true],
      [inPage.id, false],
      [late.id, false],
    ]);
    expect(calls.filter((call) => call.path === getChatMessages.path)).toHaveLength(2);
  });
  it('a read event before the first page marks my messages read', async () => {
    const a = chatMessage({ from: 'me' });
    const b = chatMessage({ from: 'me' });
    let answerFirst: (value: unknown) => void = () => undefined;
    const { store } = open(new Map([[getChatMessages, () => new Promise((resolve) => (answerFirst = resolve))]]));
    await settle();
    dispatchServerEvent({ type: 'read', data: { conversation: 'c1', message: a.id } });
    answerFirst(page([a, b]));
    await settle();
    const state = store.$state.get();
    expect(state.status === 'ready' && state.messages.map((m) => m.read)).toEqual([true, false]);
  });
});

describe('message rules', () => {
  it('merges pages by id, oldest first', () => {
    const a = chatMessage();
    const b = chatMessage();
    const c = chatMessage();
    const bRead = { ...b, read: true };
    expect(mergeMessages([a, b], [bRead, c])).toEqual([a, bRead, c]);
  });

  it('a read up to a message not loaded marks all of mine', () => {
    const list = [chatMessage({ from: 'me' }), chatMessage({ from: 'them' }), chatMessage({ from: 'me' })];
    expect(withReadUpTo(list, 'unknown').map((m) => m.read)).toEqual([true, false, true]);
  });
});
