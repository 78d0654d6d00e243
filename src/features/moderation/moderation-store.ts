/**
 * The moderation console's queue (docs/profiles.md 'Moderation'): the oldest (or newest) photos
 * being inspected, optionally of one site or one member, and the moderator's decisions on them.
 *
 * A decision removes the card at once and can be undone for UNDO_DELAY_MS; then (or at once
 * when the console is left: `sendWaiting`) it is sent in the background. When it
 * fails, the card comes back where it was with the error on it; when the photo turns out to
 * be decided already (by another moderator, or deleted by its member: `not_found`), it stays
 * away and the console says so. When the visible page runs empty while photos still wait,
 * the next page is loaded.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import {
  getModerationQueue,
  postModerationDecision,
  type ModerationOrder,
  type QueuedPhoto,
} from '#src/contract/moderation.ts';
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

/** How long a decision can be undone before it is sent. */
export const UNDO_DELAY_MS = 5_000;

/** A decision taken and not sent yet: it can still be undone. */
export interface Undoable {
  photo: QueuedPhoto;
  decision: Decision;
}

export interface ModerationStore {
  $queue: ReadableAtom<QueueState>;
  /** The site filter: a site id, or '' for all sites. */
  $site: ReadableAtom<string>;
  $order: ReadableAtom<ModerationOrder>;
  /** The member search as sent: part of a name or a profile id; '' for everyone. */
  $member: ReadableAtom<string>;
  /** Decisions waiting to be sent, oldest first. */
  $undoable: ReadableAtom<readonly Undoable[]>;
  /** Cards that came back after a failed decision, with the reason it failed. */
  $failed: ReadableAtom<Readonly<Record<string, Problem>>>;
  /** Photos that another moderator had decided already (they left the list). */
  $alreadyDecided: ReadableAtom<number>;
  load: () => Promise<void>;
  setSite: (site: string) => Promise<void>;
  setOrder: (order: ModerationOrder) => Promise<void>;
  searchMember: (member: string) => Promise<void>;
  approve: (photoId: string) => Promise<void>;
  reject: (photoId: string, reason: PhotoRejectReason) => Promise<void>;
  /** Takes a decision back before it is sent: the card returns to the queue. */
  undo: (photoId: string) => void;
  /** Sends every decision still waiting, now (the console is being left). */
  sendWaiting: () => void;
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

/** Puts a card back in upload order (oldest or newest first). */
function restore(photos: readonly QueuedPhoto[], photo: QueuedPhoto, order: ModerationOrder): QueuedPhoto[] {
  const at = photos.findIndex((p) =>
    order === 'newest' ? p.uploaded_at < photo.uploaded_at : p.uploaded_at > photo.uploaded_at,
  );
  return at === -1 ? [...photos, photo] : [...photos.slice(0, at), photo, ...photos.slice(at)];
}

export function createModerationStore({ undoDelayMs = UNDO_DELAY_MS } = {}): ModerationStore {
  const $queue = atom<QueueState>({ status: 'loading' });
  const $site = atom('');
  const $order = atom<ModerationOrder>('oldest');
  const $member = atom('');
  const $undoable = atom<readonly Undoable[]>([]);
  /** The timers of the decisions in $undoable and what ends their wait (true: send). */
  const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; end: (send: boolean) => void }>();
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
    const member = $member.get();
    const order = $order.get();
    const query = {
      ...(site ? { site } : {}),
      ...(order === 'newest' ? { order } : {}),
      ...(member ? { member } : {}),
    };
    try {
      const answer = await environment().api.call(getModerationQueue, { query });
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

  /** A card returns only to a view whose filters it matches (as the server filters). */
  const inView = ({ profile }: QueuedPhoto) => {
    const site = $site.get();
    const member = $member.get().toLocaleLowerCase();
    return (
      (site === '' || profile.site === site) &&
      (member === '' || profile.id === $member.get() || profile.name.toLocaleLowerCase().includes(member))
    );
  };

  /** Resolves true when the decision is to be sent, false when it was undone. */
  function waitForUndo(photo: QueuedPhoto, decision: Decision): Promise<boolean> {
    return new Promise((resolve) => {
      const end = (send: boolean) => {
        const entry = waiting.get(photo.id);
        if (!entry) return;
        clearTimeout(entry.timer);
        waiting.delete(photo.id);
        $undoable.set($undoable.get().filter((u) => u.photo.id !== photo.id));
        resolve(send);
      };
      waiting.set(photo.id, { timer: setTimeout(() => end(true), undoDelayMs), end });
      $undoable.set([...$undoable.get(), { photo, decision }]);
    });
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

    if (!(await waitForUndo(photo, decision))) {
      pending.delete(photoId);
      const now = $queue.get();
      if (now.status !== 'ready' || !inView(photo) || now.photos.some((p) => p.id === photoId)) return;
      $queue.set({ ...now, photos: restore(now.photos, photo, $order.get()), total: now.total + 1 });
      return;
    }

    try {
      const { remaining } = await environment().api.call(postModerationDecision, {
        body: { photo: photoId, ...decision },
        keepalive: true,
      });
      pending.delete(photoId);
      const now = $queue.get();
      if (now.status !== 'ready') return;
      // `remaining` counts every site and member; it is the truth only for the unfiltered view.
      if ($site.get() === '' && $member.get() === '' && pending.size === 0) $queue.set({ ...now, total: remaining });
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
      if (!inView(photo)) return;
      // A reload may have brought the card back already.
      if (!now.photos.some((p) => p.id === photoId)) {
        $queue.set({ ...now, photos: restore(now.photos, photo, $order.get()), total: now.total + 1 });
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

  /** Shows another set of photos: a new filter or order, loaded from the start. */
  async function reloadWith(change: () => void): Promise<void> {
    change();
    $queue.set({ status: 'loading' });
    await load();
  }

  return {
    $queue,
    $site,
    $order,
    $member,
    $undoable,
    $failed,
    $alreadyDecided,
    load,
    async setSite(site) {
      if (site !== $site.get()) await reloadWith(() => $site.set(site));
    },
    async setOrder(order) {
      if (order !== $order.get()) await reloadWith(() => $order.set(order));
    },
    async searchMember(member) {
      const text = member.trim();
      if (text !== $member.get()) await reloadWith(() => $member.set(text));
    },
    approve: (photoId) => decide(photoId, { decision: 'approve' }),
    reject: (photoId, reason) => decide(photoId, { decision: 'reject', reason }),
    undo: (photoId) => waiting.get(photoId)?.end(false),
    sendWaiting: () => {
      for (const { end } of [...waiting.values()]) end(true);
    },
    dismissAlreadyDecided: () => $alreadyDecided.set(0),
  };
}
