/**
 * The moderation console's queue (issue 4 'Moderation'): the oldest photos being inspected,
 * optionally of one site, and the moderator's decisions on them.
 *
 * A decision removes the card at once (optimistic) and is sent in the background. When it
 * fails, the card comes back where it was with the error on it; when the photo turns out to
 * be decided already (by another moderator, or deleted by its member: `not_found`), it stays
 * away and the console says so. When the visible page runs empty while photos still wait,
 * the next page is loaded.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { getModerationQueue, postModerationDecision, type QueuedPhoto } from '#src/contract/moderation.ts';
import type { PhotoRejectReason } from '#src/contract/photos.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError, errorText, isNetworkError, isUnexpected } from '#src/stores/errors.ts';

export type QueueState =
  | { status: 'loading' }
  /** `reloading`: a fresh page is on its way; the current cards stay usable meanwhile. */
  | { status: 'ready'; photos: readonly QueuedPhoto[]; total: number; reloading: boolean }
  | { status: 'error'; problem: Problem };

/** What went wrong: the API's code and its text in the moderator's language. */
export interface Problem {
  code: string;
  message: string;
}

export type Decision = { decision: 'approve' } | { decision: 'reject'; reason: PhotoRejectReason };

export interface ModerationStore {
  $queue: ReadableAtom<QueueState>;
  /** The site filter: a site id, or '' for all sites. */
  $site: ReadableAtom<string>;
  /** Cards that came back after a failed decision, with the reason it failed. */
  $failed: ReadableAtom<Readonly<Record<string, Problem>>>;
  /** Photos that another moderator had decided already (they left the list). */
  $alreadyDecided: ReadableAtom<number>;
  load: () => Promise<void>;
  setSite: (site: string) => Promise<void>;
  approve: (photoId: string) => Promise<void>;
  reject: (photoId: string, reason: PhotoRejectReason) => Promise<void>;
  dismissAlreadyDecided: () => void;
}

function problemOf(error: unknown): Problem {
  const code = error instanceof ApiError ? error.code : 'internal';
  // Trouble that is not the moderator's (network, server faults) has the console's own text.
  if (isNetworkError(error) || isUnexpected(error)) {
    if (!isNetworkError(error)) environment().report(error);
    return { code, message: errorText(new CheckError('moderation.try_later')) };
  }
  return { code, message: errorText(error) };
}

/** Puts a card back in upload order (oldest first). */
function restore(photos: readonly QueuedPhoto[], photo: QueuedPhoto): QueuedPhoto[] {
  const at = photos.findIndex((p) => p.uploaded_at > photo.uploaded_at);
  return at === -1 ? [...photos, photo] : [...photos.slice(0, at), photo, ...photos.slice(at)];
}

export function createModerationStore(): ModerationStore {
  const $queue = atom<QueueState>({ status: 'loading' });
  const $site = atom('');
  const $failed = atom<Readonly<Record<string, Problem>>>({});
  const $alreadyDecided = atom(0);
  /** Decisions sent and not answered yet: their cards must not come back with a reload. */
  const pending = new Set<string>();
  /** Only the newest load may write the queue (the site filter can change meanwhile). */
  let loadNumber = 0;

  const withoutFailure = (photoId: string) => {
    if (!(photoId in $failed.get())) return;
    $failed.set(Object.fromEntries(Object.entries($failed.get()).filter(([id]) => id !== photoId)));
  };

  async function load(): Promise<void> {
    const number = ++loadNumber;
    const current = $queue.get();
    $queue.set(current.status === 'ready' ? { ...current, reloading: true } : { status: 'loading' });
    const site = $site.get();
    try {
      const answer = await environment().api.call(getModerationQueue, { query: site ? { site } : {} });
      if (number !== loadNumber) return;
      const photos = answer.photos.filter((p) => !pending.has(p.id));
      const total = Math.max(photos.length, answer.total - (answer.photos.length - photos.length));
      $queue.set({ status: 'ready', photos, total, reloading: false });
      const shown = new Set(photos.map((p) => p.id));
      $failed.set(Object.fromEntries(Object.entries($failed.get()).filter(([id]) => shown.has(id))));
    } catch (error) {
      if (number !== loadNumber) return;
      $queue.set({ status: 'error', problem: problemOf(error) });
    }
  }

  async function decide(photoId: string, decision: Decision): Promise<void> {
    const state = $queue.get();
    if (state.status !== 'ready' || pending.has(photoId)) return;
    const photo = state.photos.find((p) => p.id === photoId);
    if (!photo) return;
    pending.add(photoId);
    withoutFailure(photoId);
    $queue.set({
      ...state,
      photos: state.photos.filter((p) => p.id !== photoId),
      total: Math.max(0, state.total - 1),
    });

    try {
      const { remaining } = await environment().api.call(postModerationDecision, {
        body: { photo: photoId, ...decision },
      });
      pending.delete(photoId);
      const now = $queue.get();
      if (now.status !== 'ready') return;
      // `remaining` counts every site; it is the truth only for the unfiltered view.
      if ($site.get() === '' && pending.size === 0) $queue.set({ ...now, total: remaining });
      refillWhenEmpty();
    } catch (error) {
      pending.delete(photoId);
      const problem = problemOf(error);
      const now = $queue.get();
      if (problem.code === 'not_found') {
        $alreadyDecided.set($alreadyDecided.get() + 1);
        refillWhenEmpty();
        return;
      }
      if (now.status !== 'ready') return;
      const site = $site.get();
      if (site !== '' && photo.profile.site !== site) return;
      // A reload may have brought the card back already.
      if (!now.photos.some((p) => p.id === photoId)) {
        $queue.set({ ...now, photos: restore(now.photos, photo), total: now.total + 1 });
      }
      $failed.set({ ...$failed.get(), [photoId]: problem });
    }
  }

  function refillWhenEmpty(): void {
    const now = $queue.get();
    if (now.status === 'ready' && now.photos.length === 0 && pending.size === 0 && now.total > 0 && !now.reloading) {
      void load();
    }
  }

  return {
    $queue,
    $site,
    $failed,
    $alreadyDecided,
    load,
    async setSite(site) {
      if (site === $site.get()) return;
      $site.set(site);
      $queue.set({ status: 'loading' });
      await load();
    },
    approve: (photoId) => decide(photoId, { decision: 'approve' }),
    reject: (photoId, reason) => decide(photoId, { decision: 'reject', reason }),
    dismissAlreadyDecided: () => $alreadyDecided.set(0),
  };
}
