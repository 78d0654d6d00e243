/**
 * The photo queue's state (docs/staff.md "Reports and moderation"): the queue of photos being
 * inspected, the current card (J/K), the selection (bulk decisions), the reject reason chosen
 * and the last decision's outcome. A decision removes the decided photos from the list and
 * keeps the current position; photos someone else decided meanwhile go too.
 */
import { atom, computed } from 'nanostores';
import type { PhotoRejectReason } from '#src/contract/photos.ts';
import type { ModerationOrder, QueuedPhoto } from '#src/contract/staff-moderation.ts';
import { getStaffModerationPhotos, postStaffModerationPhotos } from '#src/contract/staff-moderation.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export const $photos = atom<{ photos: QueuedPhoto[]; total: number } | null>(null);
export const $order = atom<ModerationOrder>('oldest');
export const $current = atom(0);
export const $selected = atom<ReadonlySet<string>>(new Set());
export const $rejectReason = atom<PhotoRejectReason>('no_face');
export const $outcome = atom<{ decided: number; missed: number } | null>(null);

/** The photo the shortcuts act on. */
export const $currentPhoto = computed([$photos, $current], (queue, index) => queue?.photos[index] ?? null);

function reset(): void {
  $photos.set(null);
  $current.set(0);
  $selected.set(new Set());
  $outcome.set(null);
}
onSessionEnd(reset);

export const loadPhotosForm = createForm(
  async () => {
    const queue = await environment().api.call(getStaffModerationPhotos, { query: { order: $order.get() } });
    $photos.set(queue);
    $current.set(Math.min($current.get(), Math.max(queue.photos.length - 1, 0)));
    $selected.set(new Set([...$selected.get()].filter((id) => queue.photos.some((photo) => photo.id === id))));
  },
  { latest: true },
);

export function setOrder(order: ModerationOrder): void {
  $order.set(order);
  $current.set(0);
  void loadPhotosForm.submit();
}

/** J/K: the next or previous card (it stays within the list). */
export function move(step: 1 | -1): void {
  const count = $photos.get()?.photos.length ?? 0;
  $current.set(Math.max(0, Math.min(count - 1, $current.get() + step)));
}

export function toggleSelected(id: string): void {
  const next = new Set($selected.get());
  if (next.has(id)) next.delete(id);
  else next.add(id);
  $selected.set(next);
}

export function selectAll(all: boolean): void {
  $selected.set(new Set(all ? ($photos.get()?.photos ?? []).map((photo) => photo.id) : []));
}

/** Approves or rejects the photos `ids` (one, or the selection); the decided and missed leave the list. */
export const decidePhotosForm = createForm(
  async (ids: readonly string[], decision: 'approve' | 'reject') => {
    if (ids.length === 0) return;
    const photos = [...ids];
    const body = decision === 'approve' ? { photos, decision } : { photos, decision, reason: $rejectReason.get() };
    const answer = await environment().api.call(postStaffModerationPhotos, { body });
    const gone = new Set([...answer.decided, ...answer.missed]);
    const queue = $photos.get();
    if (queue) {
      const left = queue.photos.filter((photo) => !gone.has(photo.id));
      $photos.set({ photos: left, total: answer.remaining });
      $current.set(Math.min($current.get(), Math.max(left.length - 1, 0)));
      // A page decided to its last card: the next page.
      if (left.length === 0 && answer.remaining > 0) await loadPhotosForm.submit();
    }
    $selected.set(new Set([...$selected.get()].filter((id) => !gone.has(id))));
    $outcome.set({ decided: answer.decided.length, missed: answer.missed.length });
  },
  { repeatable: true },
);
