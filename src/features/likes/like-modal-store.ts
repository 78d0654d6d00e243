/**
 * The like modal's flow (SPEC §2.6 'Like modal', §9 'Likes reload after auto-like'):
 * - waiting: the page asked for it with `?t=<seconds>`; after that many seconds `t` leaves
 *   the URL (replaced, no new history entry);
 * - then the supplied profile is shown, or, with none, the auto-like profile is fetched
 *   (GET /api/auto-like.php: a chat pal who likes the member now) and shown;
 * - shown: LIKES_RELOAD_AFTER_AUTO_LIKE_MS later the likes are reloaded, so the new like
 *   reaches the likes page, the nav badge and the title;
 * - closed: no pal was available (404) or the call failed; the modal goes away unseen.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getAutoLike } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { LIKES_RELOAD_AFTER_AUTO_LIKE_MS } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { loadLikes } from '#src/stores/likes.ts';

export type LikeModalState = { status: 'waiting' } | { status: 'shown'; profile: ProfileCard } | { status: 'closed' };

export interface LikeModalStore {
  $state: ReadableAtom<LikeModalState>;
  /** Starts the wait; `stop` cancels what has not happened yet (the reload still comes). */
  start: () => void;
  stop: () => void;
}

/** The wait of `?t=` in milliseconds: a number of seconds, anything else shows at once. */
export function likeModalDelay(t: string | undefined): number {
  const seconds = Number(t);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** `path` (pathname, query and hash) without the query parameter `name`. */
export function withoutQueryParam(path: string, name: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

export function createLikeModalStore(options: {
  /** The `t` query parameter. */
  t: string | undefined;
  /** Removes `t` from the URL without a new history entry. */
  removeT: () => void;
  /** A profile to show instead of fetching the auto-like. */
  profile?: ProfileCard | undefined;
}): LikeModalStore {
  const $state = atom<LikeModalState>({ status: 'waiting' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function show(profile: ProfileCard) {
    if (stopped) return;
    $state.set({ status: 'shown', profile });
    // Not cancelled by closing: the like was given either way.
    setTimeout(() => void loadLikes(), LIKES_RELOAD_AFTER_AUTO_LIKE_MS);
  }

  async function appear() {
    options.removeT();
    if (options.profile) {
      show(options.profile);
      return;
    }
    try {
      const answer = await environment().api.call(getAutoLike);
      show(answer.profile);
    } catch {
      // No pal (404) or a failed call: the member did not ask for this modal, so it stays away.
      if (!stopped) $state.set({ status: 'closed' });
    }
  }

  return {
    $state,
    start() {
      stopped = false;
      timer = setTimeout(() => void appear(), likeModalDelay(options.t));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
