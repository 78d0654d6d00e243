/**
 * The page's side of the members app's worker (docs/pwa.md). `registerAppWorker` registers
 * /sw-push.js?v=2, the same registration push subscribes with (src/stores/push.ts), so one
 * worker serves the offline app and push. When a new version of the worker has installed and
 * waits while an older one controls the page, `$appUpdate` holds it and the shell shows
 * 'A new version is available'; `applyUpdate` tells it to take over and the page reloads
 * once it has. `$online` follows the browser's connection for the offline state.
 * Loaded on demand by the members layout, never in the shell's first load.
 */
import { atom } from 'nanostores';
import { environment } from '#src/stores/environment.ts';

/** SPEC §7's worker URL; tests/unit/pwa.test.ts checks it is the one push registers. */
export const APP_WORKER_URL = '/sw-push.js?v=2';

/** The worker of a new version that waits for the member's go-ahead, or null. */
export const $appUpdate = atom<ServiceWorker | null>(null);
/** False while the browser has no connection. */
export const $online = atom<boolean>(typeof navigator === 'undefined' || navigator.onLine);

/** What registering needs of the browser; tests pass fakes. */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'register' | 'addEventListener' | 'removeEventListener' | 'controller'
>;

let updateAsked = false;

/**
 * Registers the worker and watches for a waiting new version; answers the function that
 * stops watching. Failures (no worker support, a dev server without the file) are ignored:
 * the app works without offline support.
 */
export function registerAppWorker(
  container: WorkerContainer | undefined = typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined,
): () => void {
  if (!container) return () => undefined;
  let active = true;
  const waiting = (worker: ServiceWorker | null | undefined) => {
    // With no controller this is the first install, not an update.
    if (active && worker && container.controller) $appUpdate.set(worker);
  };
  const watch = (worker: ServiceWorker | null | undefined) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waiting(worker);
    });
  };
  const onControllerChange = () => {
    // Only after the member asked: a first install also takes control, without a reload.
    if (active && updateAsked) {
      updateAsked = false;
      environment().reload();
    }
  };
  container.addEventListener('controllerchange', onControllerChange);
  container.register(APP_WORKER_URL).then(
    (registration) => {
      waiting(registration.waiting);
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
    },
    () => undefined,
  );
  return () => {
    active = false;
    container.removeEventListener('controllerchange', onControllerChange);
  };
}

/** The member chose to load the new version: the waiting worker takes over, then the page reloads. */
export function applyUpdate(): void {
  const worker = $appUpdate.get();
  if (!worker) return;
  updateAsked = true;
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Keeps `$online` current; answers the function that stops. */
export function watchOnline(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const online = () => $online.set(true);
  const offline = () => $online.set(false);
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}
