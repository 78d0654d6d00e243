/**
 * The push part of the service worker /sw-push.js (SPEC §7; the client registers
 * /sw-push.js?v=2). It is plain JavaScript, the same for every site and locale. The build
 * writes /sw-push.js into every static root: the members app's caching worker with these
 * handlers appended (src/pwa/app-worker.ts, docs/pwa.md), so one registration serves the
 * offline app and push.
 *
 * - `push`: shows the notification of the payload (src/contract/push.ts: title, body,
 *   checkUrl, openUrl, badge; never a message's text), sets the app icon's badge to `badge`
 *   (SPEC §2.5, so it is current while the app is closed; a refusal is ignored) and posts
 *   {type: 'NEW_PUSH_MESSAGE', data} to every open window of the site, which reloads its
 *   chats and likes.
 * - `notificationclick`: with a window open, posts {type: 'NEW_PUSH_CLICK', data} to it and
 *   focuses it; the page knows whether the member is logged in and goes to checkUrl or
 *   openUrl. With none, the worker asks GET /api/user.php (same origin, with the session
 *   cookie) and opens checkUrl when that answers 200, otherwise openUrl.
 */
export const SERVICE_WORKER_PATH = '/sw-push.js';

/**
 * The push and click handlers alone: the members app's worker (src/pwa/app-worker.ts, built
 * into every static root as /sw-push.js) appends them to its own caching code.
 */
export const PUSH_HANDLERS_SOURCE = `function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}
function setBadge(count) {
  var nav = self.navigator;
  if (typeof count !== 'number' || !nav || !nav.setAppBadge) return Promise.resolve();
  return (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(function () {});
}
self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(data.title || '', { body: data.body || '', tag: data.type, data: data }),
      setBadge(data.badge),
      windows().then(function (list) {
        list.forEach(function (client) {
          client.postMessage({ type: 'NEW_PUSH_MESSAGE', data: data });
        });
      }),
    ]),
  );
});
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  event.waitUntil(
    windows().then(function (list) {
      var client = list[0];
      if (client) {
        client.postMessage({ type: 'NEW_PUSH_CLICK', data: data });
        return client.focus();
      }
      return fetch('/api/user.php', { credentials: 'same-origin' })
        .then(function (response) {
          return response.ok;
        })
        .catch(function () {
          return false;
        })
        .then(function (loggedIn) {
          return self.clients.openWindow((loggedIn ? data.checkUrl : data.openUrl) || '/');
        });
    }),
  );
});
`;
