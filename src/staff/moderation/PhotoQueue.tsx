/**
 * The photo queue (docs/staff.md "Reports and moderation"): the photos being inspected, one
 * card each with the profile's approved photos for comparison, Approve and Reject (with the
 * reason chosen above), a checkbox per card for bulk decisions, and keyboard shortcuts (J/K,
 * A, R, X; listed on screen, inactive while typing in a field).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { MODERATION_ORDERS, type QueuedPhoto } from '#src/contract/staff-moderation.ts';
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '#src/contract/photos.ts';
import { Alert, SelectField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import {
  $current,
  $currentPhoto,
  $order,
  $outcome,
  $photos,
  $rejectReason,
  $selected,
  decidePhotosForm,
  loadPhotosForm,
  move,
  selectAll,
  setOrder,
  toggleSelected,
} from './photos-store.ts';
import { shortcutOf } from './shortcuts.ts';
import { MODERATION_TEXT as T } from './texts.ts';

function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      const photo = $currentPhoto.get();
      if (!action) return;
      event.preventDefault();
      if (action === 'next') move(1);
      else if (action === 'previous') move(-1);
      else if (photo && action === 'select') toggleSelected(photo.id);
      else if (photo && (action === 'approve' || action === 'reject')) void decidePhotosForm.submit([photo.id], action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function Shortcuts() {
  return (
    <details className="card p-3 text-sm">
      <summary className="cursor-pointer font-semibold">{T.shortcuts_title}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {T.shortcuts.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-line px-1.5 font-mono">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-ink-muted">{T.shortcuts_note}</p>
    </details>
  );
}

function PhotoCard({ photo, current }: { photo: QueuedPhoto; current: boolean }) {
  const selected = useStore($selected).has(photo.id);
  const { busy } = useForm(decidePhotosForm);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  const { profile } = photo;
  const name = `${profile.name}, ${profile.age}`;
  return (
    <article
      ref={ref}
      aria-current={current ? 'true' : undefined}
      aria-label={name}
      className={`card flex flex-col gap-2 p-3 ${current ? 'ring-2 ring-primary' : ''}`}
    >
      <label className="flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="size-5"
          checked={selected}
          onChange={() => toggleSelected(photo.id)}
          aria-label={T.select(name)}
        />
        <span>
          {name} · {profile.gender} · {profile.site}
          {current && <span className="sr-only"> ({T.current})</span>}
        </span>
      </label>
      <img
        src={photo.url}
        alt={T.photo_alt(profile.name)}
        width={photo.width}
        height={photo.height}
        className="h-auto max-h-96 w-full rounded object-contain"
      />
      {profile.active_photos.length > 0 && (
        <div>
          <p className="text-sm text-ink-muted">{T.approved_photos}</p>
          <ul className="flex gap-1">
            {profile.active_photos.slice(0, 6).map((active) => (
              <li key={active.id}>
                <img src={active.thumb_url} alt="" width={48} height={48} className="size-12 rounded object-cover" />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary flex-1"
          disabled={busy}
          onClick={() => void decidePhotosForm.submit([photo.id], 'approve')}
        >
          {T.approve}
        </button>
        <button
          type="button"
          className="btn btn-outline flex-1"
          disabled={busy}
          onClick={() => void decidePhotosForm.submit([photo.id], 'reject')}
        >
          {T.reject}
        </button>
      </div>
    </article>
  );
}

function BulkBar({ ids }: { ids: readonly string[] }) {
  const { busy } = useForm(decidePhotosForm);
  const selected = [...useStore($selected)];
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={T.selected(selected.length)}>
      <span aria-live="polite">{T.selected(selected.length)}</span>
      <button type="button" className="btn btn-outline" onClick={() => selectAll(selected.length < ids.length)}>
        {selected.length < ids.length ? T.select_all : T.clear_selection}
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || selected.length === 0}
        onClick={() => void decidePhotosForm.submit(selected, 'approve')}
      >
        {T.approve_selected}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy || selected.length === 0}
        onClick={() => void decidePhotosForm.submit(selected, 'reject')}
      >
        {T.reject_selected}
      </button>
    </div>
  );
}

export function PhotoQueue() {
  const queue = useStore($photos);
  const current = useStore($current);
  const order = useStore($order);
  const reason = useStore($rejectReason);
  const outcome = useStore($outcome);
  const load = useForm(loadPhotosForm);
  const decide = useForm(decidePhotosForm);
  useShortcuts();
  useEffect(() => {
    if (!$photos.get()) void loadPhotosForm.submit();
  }, []);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="photo-queue-heading">
      <h2 id="photo-queue-heading" className="text-xl font-bold">
        {T.tab_photos}
        {queue && <span className="ml-2 text-base font-normal text-ink-muted">{T.waiting(queue.total)}</span>}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={T.order}
          value={order}
          onChange={(event) => setOrder(event.currentTarget.value as (typeof MODERATION_ORDERS)[number])}
        >
          <option value="oldest">{T.oldest}</option>
          <option value="newest">{T.newest}</option>
        </SelectField>
        <SelectField
          label={T.reject_reason}
          value={reason}
          onChange={(event) => $rejectReason.set(event.currentTarget.value as PhotoRejectReason)}
        >
          {PHOTO_REJECT_REASONS.map((key) => (
            <option key={key} value={key}>
              {T.photo_reasons[key]}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="btn btn-outline"
          disabled={load.busy}
          onClick={() => void loadPhotosForm.submit()}
        >
          {T.reload}
        </button>
      </div>
      <Shortcuts />
      {load.error && <Alert tone="danger">{load.error}</Alert>}
      {decide.error && <Alert tone="danger">{decide.error}</Alert>}
      <div aria-live="polite">{outcome && <p>{T.decided(outcome.decided, outcome.missed)}</p>}</div>
      {queue && queue.photos.length === 0 && <p>{T.no_photos}</p>}
      {queue && queue.photos.length > 0 && (
        <>
          <BulkBar ids={queue.photos.map((photo) => photo.id)} />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {queue.photos.map((photo, index) => (
              <PhotoCard key={photo.id} photo={photo} current={index === current} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
