/**
 * Web push in the browser (SPEC §3 'Push state', §4 Push): the store with fake service
 * worker, PushManager and Notification objects, and the push worker's own script run
 * against a fake worker scope.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '#src/client/api.ts';
import type { Endpoint } from '#src/contract/define.ts';
import type { PushPayload } from '#src/contract/push.ts';
import { PUSH_HANDLERS_SOURCE } from '#src/pwa/push-handlers.ts';
import { resetChats } from '#src/stores/chats.ts';
import { resetLikes } from '#src/stores/likes.ts';
import {
  $push,
  PUSH_WORKER_URL,
  initPush,
  keyBytes,
  onWorkerMessage,
  resetPush,
  subscribePush,
  unsubscribePush,
  watchPush,
} from '#src/stores/push.ts';
import { $session } from '#src/stores/session.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { testEnvironment } from './test-environment.ts';
import { fakePushBrowser } from '../fixtures/fake-push.ts';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const payload: PushPayload = {
  type: 'like',
  title: 'New like',
  body: 'Anna likes you.',
  checkUrl: '/likes',
  openUrl: '/login',
};

interface Call {
  method: string;
  path: string;
  query: unknown;
  body: unknown;
}

/** An API that records calls and answers what each path needs. */
function recordingApi(): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const api = {
    call(endpoint: Endpoint, input?: { query?: unknown; body?: unknown }) {
      calls.push({ method: endpoint.method, path: endpoint.path, query: input?.query, body: input?.body });
      if (endpoint.path === '/api/settings.php') return Promise.resolve({ settings: { push_public_key: KEY } });
      if (endpoint.path === '/api/chats.php') return Promise.resolve({ chats: [], total_unread: 0 });
      if (endpoint.path === '/api/likes.php') return Promise.reject(new Error('not needed'));
      return Promise.resolve({ ok: true });
    },
  } as unknown as ApiClient;
  return { api, calls };
}

afterEach(() => {
  resetPush();
  resetSiteData();
  resetChats();
  resetLikes();
  $session.set({ status: 'loading' });
});

describe('the push store', () => {
  it('a browser without service workers or PushManager is not capable', async () => {
    testEnvironment();
    await initPush({ serviceWorker: undefined, notification: undefined, hasPushManager: false });
    expect($push.get()).toMatchObject({ isCapable: false, isSubscribed: false, subscription: false });
    expect(await subscribePush({ serviceWorker: undefined, notification: undefined, hasPushManager: true })).toBe(
      false,
    );
  });

  it('subscribing registers /sw-push.js?v=2 with the VAPID key and sends the subscription as a JSON string', async () => {
    const { api, calls } = recordingApi();
    testEnvironment({ api });
    const fake = fakePushBrowser('default', 'granted');
    expect(await subscribePush(fake.browser)).toBe(true);
    expect(fake.state.registered).toEqual([PUSH_WORKER_URL]);
    expect(fake.state.subscribedWith[0]?.userVisibleOnly).toBe(true);
    expect(fake.state.subscribedWith[0]?.applicationServerKey).toEqual(keyBytes(KEY));
    const json = JSON.stringify(fake.state.subscription);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/user.php',
      query: { push: '1' },
      body: { subscription: json },
    });
    expect(JSON.parse(json)).toMatchObject({ endpoint: 'https://push.example/abc', keys: { auth: 'a' } });
    expect($push.get()).toMatchObject({ isCapable: true, isSubscribed: true, subscription: json });

    await initPush(fake.browser);
    expect($push.get()).toMatchObject({ isSubscribed: true, subscription: json });

    await unsubscribePush(fake.browser);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { endpoint: 'https://push.example/abc' } });
    expect(fake.state.subscription).toBeNull();
    expect($push.get()).toMatchObject({ isSubscribed: false, subscription: false });
  });

  it('a refused permission is the denied state, and nothing is sent', async () => {
    const { api, calls } = recordingApi();
    testEnvironment({ api });
    const fake = fakePushBrowser('default', 'denied');
    expect(await subscribePush(fake.browser)).toBe(false);
    expect($push.get()).toMatchObject({ isCapable: true, isSubscribed: false, subscription: 'denied' });
    expect(fake.state.registered).toEqual([]);
    expect(calls).toEqual([]);

    resetPush();
    await initPush(fakePushBrowser('denied').browser);
    expect($push.get().subscription).toBe('denied');
  });

  it('a push message reloads chats and likes; a click goes to checkUrl logged in, else openUrl', async () => {
    const { api, calls } = recordingApi();
    const env = testEnvironment({ api });
    const fake = fakePushBrowser('granted');
    const stop = watchPush(fake.browser);
    fake.post({ type: 'NEW_PUSH_MESSAGE', data: payload });
    expect($push.get().lastMessage).toEqual(payload);
    await vi.waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['/api/chats.php', '/api/likes.php']));

    $session.set({ status: 'guest' });
    fake.post({ type: 'NEW_PUSH_CLICK', data: payload });
    $session.set({ status: 'member', user: {} as never });
    onWorkerMessage({ type: 'NEW_PUSH_CLICK', data: payload });
    expect(env.navigations).toEqual(['/login', '/likes']);

    stop();
    fake.post({ type: 'NEW_PUSH_CLICK', data: payload });
    onWorkerMessage({ type: 'NEW_PUSH_CLICK', data: { nonsense: true } });
    expect(env.navigations).toHaveLength(2);
  });
});

describe('the push worker /sw-push.js', () => {
  type Listener = (event: Record<string, unknown>) => void;

  function runWorker(windows: { postMessage: (m: unknown) => void; focus: () => Promise<void> }[], loggedIn: boolean) {
    const listeners: Record<string, Listener> = {};
    const shown: { title: string; options: { body: string; data: unknown } }[] = [];
    const opened: string[] = [];
    const self = {
      addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
      skipWaiting: () => undefined,
      registration: {
        showNotification: (title: string, options: { body: string; data: unknown }) => {
          shown.push({ title, options });
          return Promise.resolve();
        },
      },
      clients: {
        claim: () => Promise.resolve(),
        matchAll: () => Promise.resolve(windows),
        openWindow: (url: string) => {
          opened.push(url);
          return Promise.resolve(null);
        },
      },
    };
    const fetch = () => Promise.resolve({ ok: loggedIn });
    runInNewContext(PUSH_HANDLERS_SOURCE, { self, fetch });
    const dispatch = async (type: string, event: Record<string, unknown>) => {
      let work: Promise<unknown> = Promise.resolve();
      listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
      await work;
    };
    return { dispatch, shown, opened };
  }

  it('shows the notification and tells the open windows', async () => {
    const messages: unknown[] = [];
    const worker = runWorker([{ postMessage: (m) => messages.push(m), focus: () => Promise.resolve() }], true);
    await worker.dispatch('push', { data: { json: () => payload } });
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]?.title).toBe('New like');
    expect(worker.shown[0]?.options).toMatchObject({ body: 'Anna likes you.', data: payload });
    expect(messages).toEqual([{ type: 'NEW_PUSH_MESSAGE', data: payload }]);
  });

  it('a click posts NEW_PUSH_CLICK to an open window, or opens checkUrl / openUrl by the login', async () => {
    const messages: unknown[] = [];
    const notification = { close: () => undefined, data: payload };
    const withWindow = runWorker([{ postMessage: (m) => messages.push(m), focus: () => Promise.resolve() }], true);
    await withWindow.dispatch('notificationclick', { notification });
    expect(messages).toEqual([{ type: 'NEW_PUSH_CLICK', data: payload }]);
    expect(withWindow.opened).toEqual([]);

    const member = runWorker([], true);
    await member.dispatch('notificationclick', { notification });
    expect(member.opened).toEqual(['/likes']);
    const guest = runWorker([], false);
    await guest.dispatch('notificationclick', { notification });
    expect(guest.opened).toEqual(['/login']);
  });
});
