/**
 * $push: web push in this browser (SPEC §3 'Push state', §4 Push). `subscription` is the
 * subscription sent to the server as a JSON string, false when there is none, or 'denied'
 * when the member refused notifications. Subscribing asks for permission, registers the push
 * service worker /sw-push.js?v=2, subscribes with the site's public VAPID key
 * (settings push_public_key) and sends POST /api/user.php?push=1. The worker's messages:
 * NEW_PUSH_MESSAGE reloads chats and likes; NEW_PUSH_CLICK goes to data.checkUrl when logged
 * in, otherwise data.openUrl. Loaded on demand (dynamic import), never in the shell's first load.
 */
import { atom } from 'nanostores';
import { deletePushSubscription, postPushSubscription, pushPayload, type PushPayload } from '#src/contract/push.ts';
import { loadChats } from './chats.ts';
import { environment } from './environment.ts';
import { loadLikes } from './likes.ts';
import { $session } from './session.ts';
import { loadSiteSettings } from './site-data.ts';

export const PUSH_WORKER_URL = '/sw-push.js?v=2';

export interface PushState {
  /** The browser has service workers, PushManager and notifications. */
  isCapable: boolean;
  isSubscribed: boolean;
  /** The payload of the newest push that arrived while a page was open. */
  lastMessage: PushPayload | null;
  /** The subscription's JSON, false for none, 'denied' when notifications were refused (SPEC §3). */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- 'denied' documents SPEC's third state
  subscription: string | false | 'denied';
}

/** What the store uses of the browser; tests pass fakes. */
export interface PushBrowser {
  serviceWorker: ServiceWorkerContainer | undefined;
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  hasPushManager: boolean;
}

export function browserPush(): PushBrowser {
  const available = typeof window !== 'undefined';
  return {
    serviceWorker: available && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    notification: available && 'Notification' in window ? Notification : undefined,
    hasPushManager: available && 'PushManager' in window,
  };
}

const initial: PushState = { isCapable: false, isSubscribed: false, lastMessage: null, subscription: false };
export const $push = atom<PushState>(initial);

function capable(browser: PushBrowser): browser is PushBrowser & {
  serviceWorker: ServiceWorkerContainer;
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'>;
} {
  return browser.serviceWorker !== undefined && browser.notification !== undefined && browser.hasPushManager;
}

function update(patch: Partial<PushState>): void {
  $push.set({ ...$push.get(), ...patch });
}

/** The VAPID key (URL-safe base64) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads what this browser has: capability, a refusal, an existing subscription. */
export async function initPush(browser: PushBrowser = browserPush()): Promise<void> {
  if (!capable(browser)) {
    update({ isCapable: false });
    return;
  }
  if (browser.notification.permission === 'denied') {
    update({ isCapable: true, isSubscribed: false, subscription: 'denied' });
    return;
  }
  const registration = await browser.serviceWorker.getRegistration(PUSH_WORKER_URL);
  const existing = await registration?.pushManager.getSubscription();
  update({
    isCapable: true,
    isSubscribed: Boolean(existing),
    subscription: existing ? JSON.stringify(existing) : false,
  });
}

/** Subscribes this browser; false when it cannot or the member refused. */
export async function subscribePush(browser: PushBrowser = browserPush()): Promise<boolean> {
  if (!capable(browser)) return false;
  const permission = await browser.notification.requestPermission();
  if (permission !== 'granted') {
    update({ isCapable: true, isSubscribed: false, subscription: permission === 'denied' ? 'denied' : false });
    return false;
  }
  const settings = await loadSiteSettings();
  const registration = await browser.serviceWorker.register(PUSH_WORKER_URL);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(settings.push_public_key),
    }));
  const json = JSON.stringify(subscription);
  await environment().api.call(postPushSubscription, { query: { push: '1' }, body: { subscription: json } });
  update({ isCapable: true, isSubscribed: true, subscription: json });
  return true;
}

/** Ends this browser's subscription here and on the server. */
export async function unsubscribePush(browser: PushBrowser = browserPush()): Promise<void> {
  const registration = await browser.serviceWorker?.getRegistration(PUSH_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await environment().api.call(deletePushSubscription, {
      query: { push: '1' },
      body: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  update({ isSubscribed: false, subscription: false });
}

/** Handles a message of the push worker (see the module comment). */
export function onWorkerMessage(message: unknown): void {
  const { type, data } = (message ?? {}) as { type?: unknown; data?: unknown };
  const payload = pushPayload.safeParse(data);
  if (!payload.success) return;
  if (type === 'NEW_PUSH_MESSAGE') {
    update({ lastMessage: payload.data });
    // News of the server: a load under way may have been read before it.
    void loadChats({ fresh: true });
    void loadLikes({ fresh: true });
  } else if (type === 'NEW_PUSH_CLICK') {
    const loggedIn = $session.get().status === 'member';
    environment().navigate(loggedIn ? payload.data.checkUrl : payload.data.openUrl);
  }
}

/** Listens for the push worker's messages; returns the function that stops. */
export function watchPush(browser: PushBrowser = browserPush()): () => void {
  const container = browser.serviceWorker;
  if (!container) return () => undefined;
  const listener = (event: MessageEvent) => onWorkerMessage(event.data);
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}

/** Tests: back to the first state. */
export function resetPush(): void {
  $push.set(initial);
}
