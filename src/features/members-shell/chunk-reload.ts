/**
 * A route chunk that fails to load (SPEC §4 'Chunk-load failure', §8): after a deploy the
 * page may still name chunks that are gone, so the page is loaded again, but at most once per
 * 60 s, so a chunk that is really broken (or a network that is down) does not reload in a
 * loop. The time of the last such reload is kept in sessionStorage (per tab); without
 * storage no reload is tried and the error goes on to the error page.
 *
 * It takes the browser's parts directly, not through the stores' environment(): the island
 * loads its first chunk through it before any store code has loaded (tests pass fakes).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '#src/lib/constants.ts';

/** What the rule uses of the browser. */
export interface ReloadParts {
  /** sessionStorage, or undefined where blocked. */
  storage: Storage | undefined;
  now: () => number;
  reload: () => void;
  online: () => boolean;
}

export function browserReloadParts(): ReloadParts {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return {
    storage,
    now: () => Date.now(),
    reload: () => window.location.reload(),
    online: () => navigator.onLine,
  };
}

export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/** Whether a failed chunk may reload the page now, given the time of the last such reload. */
export function mayReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS;
}

/**
 * Runs a dynamic import; when it fails and the rule allows, records the time and reloads the
 * page (the promise then never settles, so nothing renders an error in between). Otherwise
 * the error is passed on. An offline browser does not reload: the offline state says why.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  parts: ReloadParts = browserReloadParts(),
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { storage } = parts;
    if (storage && parts.online()) {
      const last = storage.getItem(CHUNK_RELOAD_KEY);
      const now = parts.now();
      if (mayReloadForChunk(now, last === null ? null : Number(last))) {
        storage.setItem(CHUNK_RELOAD_KEY, String(now));
        parts.reload();
        return new Promise<T>(() => undefined);
      }
    }
    throw error;
  }
}

/** `React.lazy` with the reload rule: every route screen of the members app loads through it. */
export function lazyRoute<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => importWithReload(load));
}
