/**
 * The members app's service worker, written by the build into every static root as
 * /sw-push.js (the one worker SPEC §7 names; the page registers /sw-push.js?v=2). It is
 * plain JavaScript made from a template with the variant's precache list and version, then
 * the push handlers of src/pwa/push-handlers.ts (docs/pwa.md):
 *
 * - install: caches the precache list (the members shell page under /members, every script
 *   the shell can load, the manifest and the icons) into `members-app-<version>`. It does
 *   not take over by itself: it waits until the page asks (SKIP_WAITING, the update prompt).
 * - activate: deletes the caches of older versions and takes control of open pages.
 * - fetch (same origin, GET only): a navigation to a members path goes to the network and,
 *   when that fails, answers with the cached shell page; /_astro/ files (hashed, never
 *   changing) answer from the cache, else from the network (and are kept); the other
 *   precached files go to the network first. /api/ calls are never cached.
 */
import { SHELL_ROUTES } from '#src/lib/routes.ts';
import { PUSH_HANDLERS_SOURCE, SERVICE_WORKER_PATH } from './push-handlers.ts';

/** The worker's file in each static root. */
export const APP_WORKER_FILE = SERVICE_WORKER_PATH.slice(1);
/** The URL the cached shell page is kept under. */
export const SHELL_URL = '/members';
export const CACHE_PREFIX = 'members-app-';

/** The members paths as regular expression sources, for navigations the shell answers. */
function shellPatterns(): string[] {
  return SHELL_ROUTES.map(
    (route) =>
      `^${route
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
  );
}

const APP_HANDLERS_SOURCE = `var CACHE = PREFIX + VERSION;
var PATTERNS = SHELL_PATTERNS.map(function (source) {
  return new RegExp(source);
});
function isShellPath(pathname) {
  return PATTERNS.some(function (re) {
    return re.test(pathname);
  });
}
self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(PRECACHE);
    }),
  );
});
self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (keys) {
        return Promise.all(
          keys
            .filter(function (key) {
              return key.indexOf(PREFIX) === 0 && key !== CACHE;
            })
            .map(function (key) {
              return caches.delete(key);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});
self.addEventListener('message', function (event) {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
function fromCache(key) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(key, { ignoreVary: true, ignoreSearch: true });
  });
}
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf('/api/') === 0) return;
  if (request.mode === 'navigate') {
    if (!isShellPath(url.pathname)) return;
    event.respondWith(
      fetch(request).catch(function (error) {
        return fromCache(SHELL).then(function (hit) {
          if (hit) return hit;
          throw error;
        });
      }),
    );
    return;
  }
  if (url.pathname.indexOf('/_astro/') === 0) {
    event.respondWith(
      fromCache(url.pathname).then(function (hit) {
        return (
          hit ||
          fetch(request).then(function (response) {
            if (response.ok) {
              var copy = response.clone();
              caches.open(CACHE).then(function (cache) {
                return cache.put(url.pathname, copy);
              });
            }
            return response;
          })
        );
      }),
    );
    return;
  }
  if (PRECACHE.indexOf(url.pathname) >= 0) {
    event.respondWith(
      fetch(request).catch(function (error) {
        return fromCache(url.pathname).then(function (hit) {
          if (hit) return hit;
          throw error;
        });
      }),
    );
  }
});
`;

export interface AppWorkerOptions {
  /** Changes whenever a precached file changes, so browsers see a new worker. */
  version: string;
  /** Same-origin paths cached on install; the shell page first. */
  precache: readonly string[];
}

/** The worker's source for one static root. */
export function appWorkerSource({ version, precache }: AppWorkerOptions): string {
  return [
    "'use strict';",
    `var VERSION = ${JSON.stringify(version)};`,
    `var PREFIX = ${JSON.stringify(CACHE_PREFIX)};`,
    `var SHELL = ${JSON.stringify(SHELL_URL)};`,
    `var PRECACHE = ${JSON.stringify(precache)};`,
    `var SHELL_PATTERNS = ${JSON.stringify(shellPatterns())};`,
    APP_HANDLERS_SOURCE,
    PUSH_HANDLERS_SOURCE,
  ].join('\n');
}
