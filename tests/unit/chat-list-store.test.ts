import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteChat, getChats } from '#src/contract/chat.ts';
import { getLikes } from '#src/contract/likes.ts';
import { getUser } from '#src/contract/user.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { POLLING_INTERVAL_MS, POLLING_INTERVAL_PUSH_MS, POLLING_START_MS } from '#src/lib/constants.ts';
import {
  $chats,
  $chatsError,
  $newestChat,
  $openChat,
  $totalUnread,
  loadChats,
  markChatRead,
  removeChat,
  resetChats,
  watchChatEvents,
} from '#src/stores/chats.ts';
import { startPolling } from '#src/stores/polling.ts';
import { resetLikes } from '#src/stores/likes.ts';
import { dispatchServerEvent } from '#src/stores/realtime.ts';
import { $session } from '#src/stores/session.ts';
import { member } from '../fixtures/members.ts';
import { chatApi, chatItem, chatMessage, refusal, type Call } from './chat-fixtures.ts';
import { likesData } from './likes-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

const a = chatItem({ id: 'a', num_unread_messages: 2 });
const b = chatItem({ id: 'b', num_unread_messages: 1 });

function withApi(answers: Map<Endpoint, (call: Call) => unknown>) {
  const { api, calls } = chatApi(answers);
  testEnvironment({ api });
  return calls;
}

afterEach(() => {
  resetChats();
  resetLikes();
  $session.set({ status: 'loading' });
  vi.useRealTimers();
});

describe('the conversation list', () => {
  it('loads newest first with the total unread; the newest is the desktop nav’s target', async () => {
    withApi(new Map([[getChats, () => ({ chats: [a, b], total_unread: 3 })]]));
    await loadChats();
    expect($chats.get()?.map((c) => c.id)).toEqual(['a', 'b']);
    expect($totalUnread.get()).toBe(3);
    expect($newestChat.get()).toBe('a');
  });

  it('opening a conversation sets its unread count to 0', async () => {
    withApi(new Map([[getChats, () => ({ chats: [a, b], total_unread: 3 })]]));
    await loadChats();
    markChatRead('a');
    expect($chats.get()?.find((c) => c.id === 'a')?.num_unread_messages).toBe(0);
    expect($totalUnread.get()).toBe(1);
  });

  it('deleting removes the conversation at once, before the server answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [a, b], total_unread: 3 })],
        [deleteChat, () => new Promise((resolve) => (answer = resolve))],
      ]),
    );
    await loadChats();
    const removing = removeChat('a');
    expect($chats.get()?.map((c) => c.id)).toEqual(['b']);
    expect($totalUnread.get()).toBe(1);
    await vi.waitFor(() => expect(calls.some((call) => call.path === deleteChat.path)).toBe(true));
    answer({ ok: true });
    expect(await removing).toBe(true);
    expect($chatsError.get()).toBeNull();
  });

  it('a refused delete shows an alert and loads the list again', async () => {
    const calls = withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [a, b], total_unread: 3 })],
        [deleteChat, () => Promise.reject(refusal(404, 'not_found', 'This address does not exist.'))],
      ]),
    );
    await loadChats();
    expect(await removeChat('a')).toBe(false);
    expect($chatsError.get()).toBe('The conversation could not be deleted. This address does not exist.');
    expect(calls.filter((call) => call.path === getChats.path)).toHaveLength(2);
    expect($chats.get()?.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('a list answered while a delete is under way does not bring the conversation back', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [a, b], total_unread: 3 })],
        [deleteChat, () => new Promise((resolve) => (answer = resolve))],
      ]),
    );
    await loadChats();
    const removing = removeChat('a');
    await loadChats();
    expect($chats.get()?.map((c) => c.id)).toEqual(['b']);
    await vi.waitFor(() => expect(calls.some((call) => call.path === deleteChat.path)).toBe(true));
    answer({ ok: true });
    await removing;
  });
});

describe('server events', () => {
  it('a new message moves its conversation first; a removed one leaves; counters set the totals and credits', async () => {
    $session.set({ status: 'member', user: member({ credits: 9 }) });
    withApi(new Map([[getChats, () => ({ chats: [a, b], total_unread: 3 })]]));
    await loadChats();
    const stop = watchChatEvents();
    const message = chatMessage();
    dispatchServerEvent({
      type: 'message',
      data: { conversation: 'b', message, chat: { ...b, last_message: message, num_unread_messages: 2 } },
    });
    expect($chats.get()?.map((c) => c.id)).toEqual(['b', 'a']);
    expect($totalUnread.get()).toBe(4);
    dispatchServerEvent({ type: 'chat_removed', data: { conversation: 'a' } });
    expect($chats.get()?.map((c) => c.id)).toEqual(['b']);
    dispatchServerEvent({ type: 'counters', data: { total_unread: 7, credits: 4 } });
    expect($totalUnread.get()).toBe(7);
    const session = $session.get();
    expect(session.status === 'member' && session.user.credits).toBe(4);
    stop();
    dispatchServerEvent({ type: 'counters', data: { total_unread: 1 } });
    expect($totalUnread.get()).toBe(7);
  });

  it('a message in the open conversation does not count as unread', async () => {
    withApi(new Map([[getChats, () => ({ chats: [a, b], total_unread: 3 })]]));
    await loadChats();
    markChatRead('b');
    $openChat.set('b');
    const stop = watchChatEvents();
    const message = chatMessage();
    dispatchServerEvent({
      type: 'message',
      data: { conversation: 'b', message, chat: { ...b, last_message: message, num_unread_messages: 2 } },
    });
    expect($chats.get()?.[0]).toMatchObject({ id: 'b', num_unread_messages: 0 });
    expect($totalUnread.get()).toBe(2);
    stop();
  });

  it('a list read before a message the channel announces is read again, however the news comes', async () => {
    // The page loads while the other side sends: the first list was read before the message
    // was stored, its answer arrives after the channel said something changed.
    const message = chatMessage();
    const sent = { ...a, last_message: message, num_unread_messages: 1 };
    for (const news of ['resync', 'message'] as const) {
      let firstAnswer: (value: unknown) => void = () => undefined;
      const calls = withApi(
        new Map<Endpoint, (call: Call) => unknown>([
          [
            getChats,
            () =>
              calls.filter((call) => call.path === getChats.path).length === 1
                ? new Promise((resolve) => (firstAnswer = resolve))
                : { chats: [sent], total_unread: 1 },
          ],
        ]),
      );
      const stop = watchChatEvents();
      const loading = loadChats();
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      if (news === 'resync') dispatchServerEvent({ type: 'resync', data: {} });
      else dispatchServerEvent({ type: 'message', data: { conversation: 'a', message, chat: sent } });
      firstAnswer({ chats: [], total_unread: 0 });
      await loading;
      expect(
        $chats.get()?.map((c) => c.id),
        news,
      ).toEqual(['a']);
      expect($totalUnread.get(), news).toBe(1);
      stop();
      resetChats();
    }
  });

  it('counts an opened conversation read once when the server’s counters come before its answer', async () => {
    withApi(new Map([[getChats, () => ({ chats: [a, b], total_unread: 3 })]]));
    await loadChats();
    const stop = watchChatEvents();
    $openChat.set('b');
    // The server read 'b' and sent the new total before the conversation's answer arrived.
    dispatchServerEvent({ type: 'counters', data: { total_unread: 2 } });
    markChatRead('b');
    expect($totalUnread.get()).toBe(2);
    expect($chats.get()?.find((chat) => chat.id === 'b')?.num_unread_messages).toBe(0);
    stop();
  });
});

describe('polling', () => {
  it('refreshes user, chats and likes 5 s after start, then every 60 s (300 s with push)', async () => {
    vi.useFakeTimers();
    $session.set({ status: 'member', user: member() });
    const calls = withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getUser, () => ({ user: member({ credits: 42 }) })],
        [getChats, () => ({ chats: [a], total_unread: 2 })],
        [getLikes, () => likesData()],
      ]),
    );
    let push = false;
    const stop = startPolling({ pushSubscribed: () => push });
    const rounds = () => calls.filter((call) => call.path === getUser.path).length;
    await vi.advanceTimersByTimeAsync(POLLING_START_MS - 1);
    expect(rounds()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.path).sort()).toEqual([getChats.path, getLikes.path, getUser.path].sort());
    const session = $session.get();
    expect(session.status === 'member' && session.user.credits).toBe(42);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS);
    expect(rounds()).toBe(2);
    push = true;
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS);
    expect(rounds()).toBe(3);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_PUSH_MS - 1);
    expect(rounds()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds()).toBe(4);
    stop();
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_PUSH_MS * 2);
    expect(rounds()).toBe(4);
  });

  it('a lost session found by the polling logs out', async () => {
    vi.useFakeTimers();
    $session.set({ status: 'member', user: member() });
    withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getUser, () => Promise.reject(refusal(403, 'authentication_required'))],
        [getChats, () => ({ chats: [], total_unread: 0 })],
        [getLikes, () => likesData()],
      ]),
    );
    const stop = startPolling();
    await vi.advanceTimersByTimeAsync(POLLING_START_MS);
    expect($session.get().status).toBe('guest');
    stop();
  });
});
