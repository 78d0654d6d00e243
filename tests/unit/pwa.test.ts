/**
 * The installable app (docs/pwa.md): the reload rule for chunks that fail to load, the
 * installed app's Back button rule, the members nav's languages, the page's side of the
 * worker (update prompt) and the worker itself, run against a fake worker scope.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, importWithReload, type ReloadParts } from '#src/features/members-shell/chunk-reload.ts';
import { showsBackButton } from '#src/features/members-shell/back-button.ts';
import { memberMenuLocales } from '#src/features/members-shell/language-name.ts';
import { $appUpdate, APP_WORKER_URL, applyUpdate, registerAppWorker } from '#src/pwa/app-worker-client.ts';
import { appWorkerSource } from '#src/pwa/app-worker.ts';
import { PUSH_WORKER_URL } from '#src/stores/push.ts';
import { LOCALES } from '#src/lib/locales.ts';
import type { MembersRoute } from '#src/stores/router.ts';
import { MemoryStorage, testEnvironment } from './test-environment.ts';

describe('a chunk that fails to load', () => {
  function parts(online = true) {
    let clock = Date.UTC(2026, 0, 15, 12);
    const reloads: number[] = [];
    const value: ReloadParts & { advance: (ms: number) => void; reloads: number[] } = {
      storage: new MemoryStorage(),
      now: () => clock,
      reload: () => reloads.push(clock),
      online: () => online,
      advance: (ms) => (clock += ms),
      reloads,
    };
    return value;
  }
  const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

  it('reloads the page, then not again within 60 s, then again after', async () => {
    const browser = parts();
    const first = importWithReload(failing, browser);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.reloads).toHaveLength(1);
    expect(browser.storage?.getItem(CHUNK_RELOAD_KEY)).toBe(String(browser.now()));
    void first;

    browser.advance(59_999);
    await expect(importWithReload(failing, browser)).rejects.toThrow('dynamically imported');
    expect(browser.reloads).toHaveLength(1);

    browser.advance(1);
    void importWithReload(failing, browser);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.reloads).toHaveLength(2);
  });

  it('passes the module through when it loads, and never reloads offline or without storage', async () => {
    const browser = parts();
    await expect(importWithReload(() => Promise.resolve({ default: 1 }), browser)).resolves.toEqual({ default: 1 });
    const offline = parts(false);
    await expect(importWithReload(failing, offline)).rejects.toThrow();
    await expect(importWithReload(failing, { ...parts(), storage: undefined })).rejects.toThrow();
    expect([...browser.reloads, ...offline.reloads]).toEqual([]);
  });
});

describe("the installed app's Back button", () => {
  it('shows on members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod only', () => {
    const routes: MembersRoute[] = ['members', 'members-id', 'likes', 'likes-type', 'likes-m-id', 'chats-id'];
    routes.push('credits', 'credits-id-paymentmethod', 'credits-repeat-order');
    const shown = routes.filter((route) => showsBackButton({ route, installed: true, canGoBack: true }));
    expect(shown).toEqual(['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']);
  });

  it('needs the installed app and history to go back to', () => {
    expect(showsBackButton({ route: 'members-id', installed: false, canGoBack: true })).toBe(false);
    expect(showsBackButton({ route: 'members-id', installed: true, canGoBack: false })).toBe(false);
    expect(showsBackButton({ route: null, installed: true, canGoBack: true })).toBe(false);
  });
});

describe("the members nav's languages", () => {
  it("offers the member's country's locales, keeping the current one", () => {
    expect(memberMenuLocales('BE', 'nl')).toEqual(['nl', 'fr', 'de']);
    expect(memberMenuLocales('DE', 'de')).toEqual(['de']);
    expect(memberMenuLocales('DE', 'en')).toEqual(['en', 'de']);
    expect(memberMenuLocales('JP', 'en')).toEqual(LOCALES);
  });
});

/** A ServiceWorker stand-in whose state the test moves. */
class FakeWorker extends EventTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeContainer(controlled: boolean) {
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    registered: [] as string[],
    register(url: string) {
      container.registered.push(url);
      return Promise.resolve(registration as unknown as ServiceWorkerRegistration);
    },
  });
  return { container, registration };
}

describe('the page and the worker', () => {
  afterEach(() => $appUpdate.set(null));

  it('registers the one worker SPEC §7 names, the one push subscribes with', () => {
    expect(APP_WORKER_URL).toBe(PUSH_WORKER_URL);
    const { container } = fakeContainer(false);
    registerAppWorker(container)();
    expect(container.registered).toEqual(['/sw-push.js?v=2']);
  });

  it('offers the update when a new version waits, and reloads once it has taken over', async () => {
    const env = testEnvironment();
    const { container, registration } = fakeContainer(true);
    const stop = registerAppWorker(container);
    await Promise.resolve();
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    expect($appUpdate.get()).toBeNull();
    next.moveTo('installed');
    expect($appUpdate.get()).toBe(next);

    applyUpdate();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(env.reloads).toBe(0);
    container.dispatchEvent(new Event('controllerchange'));
    expect(env.reloads).toBe(1);
    stop();
  });

  it('asks nothing on the first install, and takes a version already waiting', async () => {
    const env = testEnvironment();
    const first = fakeContainer(false);
    const stop = registerAppWorker(first.container);
    await Promise.resolve();
    const worker = new FakeWorker();
    first.registration.installing = worker;
    first.registration.dispatchEvent(new Event('updatefound'));
    worker.moveTo('installed');
    first.container.dispatchEvent(new Event('controllerchange'));
    expect($appUpdate.get()).toBeNull();
    expect(env.reloads).toBe(0);
    stop();

    const later = fakeContainer(true);
    const waiting = new FakeWorker();
    later.registration.waiting = waiting;
    const stopLater = registerAppWorker(later.container);
    await Promise.resolve();
    expect($appUpdate.get()).toBe(waiting);
    stopLater();
  });
});

describe('the worker /sw-push.js', () => {
  type Listener = (event: Record<string, unknown>) => void;
  const PRECACHE = ['/members', '/_astro/App.1.js', '/manifest.webmanifest'];

  /** Runs the worker in a scope with a Cache Storage in memory and a network the test answers. */
  function runWorker(network: (url: string) => Response | Error, caches = new Map<string, Map<string, Response>>()) {
    const listeners: Record<string, Listener> = {};
    let skipped = false;
    let claimed = false;
    const fetched: string[] = [];
    const badges: (number | 'cleared')[] = [];
    const open = (name: string) => {
      const entries = caches.get(name) ?? new Map<string, Response>();
      caches.set(name, entries);
      const key = (request: string | { url: string }) =>
        new URL(typeof request === 'string' ? request : request.url, 'https://site.test').pathname;
      return Promise.resolve({
        addAll: (urls: string[]) => {
          for (const url of urls) {
            const answer = network(url);
            if (answer instanceof Error) return Promise.reject(answer);
            entries.set(url, answer);
          }
          return Promise.resolve();
        },
        put: (request: string, response: Response) => Promise.resolve(void entries.set(key(request), response)),
        match: (request: string) => Promise.resolve(entries.get(key(request))?.clone()),
      });
    };
    const self = {
      location: new URL('https://site.test/sw-push.js?v=2'),
      addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
      skipWaiting: () => (skipped = true),
      clients: { claim: () => Promise.resolve(void (claimed = true)), matchAll: () => Promise.resolve([]) },
      registration: { showNotification: () => Promise.resolve() },
      navigator: {
        setAppBadge: (count: number) => Promise.resolve(void badges.push(count)),
        clearAppBadge: () => Promise.resolve(void badges.push('cleared')),
      },
    };
    const scope = {
      self,
      caches: {
        open,
        keys: () => Promise.resolve([...caches.keys()]),
        delete: (name: string) => Promise.resolve(caches.delete(name)),
      },
      fetch: (request: { url: string } | string) => {
        const url = typeof request === 'string' ? request : request.url;
        fetched.push(new URL(url, 'https://site.test').pathname);
        const answer = network(url);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
      URL,
      Promise,
    };
    runInNewContext(appWorkerSource({ version: 'v2', precache: PRECACHE }), scope);
    const lifecycle = async (type: string, event: Record<string, unknown> = {}) => {
      let work: Promise<unknown> = Promise.resolve();
      listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
      await work;
    };
    const request = async (path: string, mode = 'no-cors', method = 'GET') => {
      let answer: Promise<Response> | undefined;
      listeners['fetch']?.({
        request: { url: `https://site.test${path}`, method, mode },
        respondWith: (p: Promise<Response>) => (answer = p),
      });
      return answer ? await answer : null;
    };
    /** The body of the worker's answer; 'network' when it left the request to the browser. */
    const text = async (path: string, mode?: string, method?: string) => {
      const answer = await request(path, mode, method);
      return answer ? answer.text() : 'network';
    };
    return {
      lifecycle,
      request,
      text,
      caches,
      fetched,
      listeners,
      badges,
      skipped: () => skipped,
      claimed: () => claimed,
    };
  }

  const page = (text: string) => new Response(text, { status: 200 });
  const online = (url: string) => page(`online ${new URL(url, 'https://site.test').pathname}`);
  const offline = () => new TypeError('Failed to fetch');

  it('caches the shell and its scripts on install, and drops older versions on activate', async () => {
    const caches = new Map([['members-app-v1', new Map<string, Response>()]]);
    const worker = runWorker(online, caches);
    await worker.lifecycle('install');
    expect([...(caches.get('members-app-v2')?.keys() ?? [])]).toEqual(PRECACHE);
    expect(worker.skipped()).toBe(false);
    await worker.lifecycle('activate');
    expect([...caches.keys()]).toEqual(['members-app-v2']);
    expect(worker.claimed()).toBe(true);
  });

  it('opens a members path offline with the cached shell, online from the network', async () => {
    const caches = new Map<string, Map<string, Response>>();
    await runWorker(online, caches).lifecycle('install');
    const worker = runWorker(offline, caches);
    expect(await worker.text('/chats/12', 'navigate')).toBe('online /members');
    // A static page is not the shell's: it is left to the browser.
    expect(await worker.text('/pages/terms', 'navigate')).toBe('network');
    const live = runWorker(online, caches);
    expect(await live.text('/likes', 'navigate')).toBe('online /likes');
  });

  it('answers /_astro/ files from the cache, keeps new ones, and never touches the API', async () => {
    const caches = new Map<string, Map<string, Response>>();
    const worker = runWorker(online, caches);
    await worker.lifecycle('install');
    worker.fetched.length = 0;
    expect(await worker.text('/_astro/App.1.js')).toBe('online /_astro/App.1.js');
    expect(worker.fetched).toEqual([]);
    await worker.request('/_astro/Screen.2.js');
    expect(worker.fetched).toEqual(['/_astro/Screen.2.js']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(caches.get('members-app-v2')?.has('/_astro/Screen.2.js')).toBe(true);
    expect(await worker.text('/api/user.php')).toBe('network');
    expect(await worker.text('/api/user.php', 'cors', 'POST')).toBe('network');
  });

  it('sets the app icon badge of a push while the app is closed (SPEC §2.5)', async () => {
    const worker = runWorker(online);
    const push = (payload: Record<string, unknown>) =>
      worker.lifecycle('push', { data: { json: () => ({ type: 'message', title: 'New message', ...payload }) } });
    await push({ badge: 3 });
    await push({ badge: 0 });
    await push({});
    expect(worker.badges).toEqual([3, 'cleared']);
  });

  it('takes over when the page asks (the update prompt), and keeps the push handlers', () => {
    const worker = runWorker(online);
    worker.listeners['message']?.({ data: { type: 'SOMETHING' } });
    expect(worker.skipped()).toBe(false);
    worker.listeners['message']?.({ data: { type: 'SKIP_WAITING' } });
    expect(worker.skipped()).toBe(true);
    expect(Object.keys(worker.listeners)).toEqual(
      expect.arrayContaining(['install', 'activate', 'fetch', 'push', 'notificationclick']),
    );
  });
});
