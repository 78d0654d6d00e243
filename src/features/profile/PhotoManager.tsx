/**
 * The photos section of 'My profile' (SPEC §2.7, §4 photos, §6 photo rights): the member's
 * photos with their state (being inspected, rejected with the moderator's reason), per photo
 * 'Set as profile image', 'Premium members only' and 'Delete' (asked first), and the
 * add-photo tile (file picker; 'Take a photo' with the front camera on phones) until the
 * photo limit, where free members get the photo-limit alert instead.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { OwnPhoto } from '#src/contract/photos.ts';
import { Alert } from '#src/ui/fields.tsx';
import PhotoFileInputs from '#src/ui/PhotoFileInputs.tsx';
import ProgressBar from '#src/ui/ProgressBar.tsx';
import { useIsSmartphone } from '../auth/hooks.ts';
import Section from '../settings/Section.tsx';
import type { OwnProfile } from '#src/contract/profile.ts';
import { photoLimitState, type ProfileStore } from './profile-store.ts';

const badgeClass = 'rounded-full px-2.5 py-1 text-xs font-bold shadow';
// The tiles are two to a row on a phone (about 120 px at 320 px): long labels ('Als
// Profilbild festlegen', 'Foto hinzufügen') wrap, within a word where they must.
const wrapLabel = 'hyphens-auto [overflow-wrap:anywhere]';
const smallButton = `btn btn-outline min-h-10 w-full px-2 text-sm ${wrapLabel}`;

export default function PhotoManager({ store, profile }: { store: ProfileStore; profile: OwnProfile }) {
  const { t } = useTranslation();
  const upload = useStore(store.$upload);
  const limit = photoLimitState(profile.photos, profile.photo_limit);
  return (
    <Section id="photos" title={t('photos.manager.title')}>
      <p className="mt-1 text-sm text-ink-muted">{t('photos.manager.intro')}</p>
      <p className="mt-1 text-sm font-semibold">{t('photos.manager.count', { used: limit.count, max: limit.limit })}</p>
      {profile.photos.length === 0 && <p className="mt-3">{t('photos.manager.empty')}</p>}
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2">
        {profile.photos.map((photo, index) => (
          <PhotoTile key={photo.id} store={store} photo={photo} number={index + 1} />
        ))}
        {!limit.reached && (
          <li>
            <AddPhotoTile store={store} />
          </li>
        )}
      </ul>
      <div className="mt-4 flex flex-col gap-3">
        {upload.status === 'failed' && (
          <Alert tone="danger">
            <span className="flex items-start justify-between gap-3">
              {upload.error}
              <button type="button" className="text-sm font-semibold underline" onClick={store.dismissUploadError}>
                {t('common.dismiss')}
              </button>
            </span>
          </Alert>
        )}
        {limit.offerPremium ? (
          <Alert tone="info">
            <span className="flex flex-col gap-3">
              {/* SPEC §6: what a free member meets at a premium feature. */}
              <span className="font-semibold">{t('premium.feature_only')}</span>
              {t('photos.errors.photo_limit', { max: limit.limit })}
              <a href="/premium" className="btn btn-primary self-start">
                {t('nav.get_premium')}
              </a>
            </span>
          </Alert>
        ) : (
          limit.reached && <Alert tone="info">{t('photos.manager.limit_reached', { max: limit.limit })}</Alert>
        )}
      </div>
    </Section>
  );
}

function PhotoTile({ store, photo, number }: { store: ProfileStore; photo: OwnPhoto; number: number }) {
  const { t } = useTranslation();
  const action = useStore(store.$photoAction);
  const rejected = photo.status === 'rejected';
  const mine = 'photo' in action && action.photo === photo.id;
  const busy = action.status === 'busy';
  return (
    <li className="flex flex-col gap-2" aria-busy={mine && busy}>
      <div className="relative aspect-square overflow-hidden rounded-2xl border border-line bg-surface">
        <img
          src={photo.thumb_url}
          alt={t('photos.manager.photo_alt', { number })}
          loading="lazy"
          className={`size-full object-cover ${rejected ? 'opacity-40 grayscale' : ''}`}
        />
        <div className="absolute inset-x-2 top-2 flex flex-wrap gap-1">
          {photo.is_main && (
            <span className={`${badgeClass} bg-primary text-on-primary`}>{t('photos.manager.main')}</span>
          )}
          {photo.status === 'being_inspected' && (
            <span className={`${badgeClass} bg-warning text-ink`}>{t('photos.manager.being_inspected')}</span>
          )}
          {rejected && <span className={`${badgeClass} bg-danger text-white`}>{t('photos.manager.rejected')}</span>}
        </div>
      </div>
      {rejected && photo.reject_reason && (
        <p className="text-sm text-danger-ink">{t(`photos.reject_reasons.${photo.reject_reason}`)}</p>
      )}
      {mine && action.status === 'confirm_delete' ? (
        <div role="group" aria-label={t('photos.manager.delete_question')} className="flex flex-col gap-2">
          <p className="text-sm font-semibold">{t('photos.manager.delete_question')}</p>
          <button
            type="button"
            autoFocus
            className={`btn min-h-10 bg-danger px-2 text-sm text-white ${wrapLabel}`}
            onClick={() => void store.confirmDeletePhoto()}
          >
            {t('photos.manager.delete_confirm')}
          </button>
          <button
            type="button"
            className={`btn btn-ghost min-h-10 px-2 text-sm ${wrapLabel}`}
            onClick={store.cancelPhotoAction}
          >
            {t('common.cancel')}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {!rejected && !photo.is_main && (
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              onClick={() => void store.setMainPhoto(photo.id)}
            >
              {t('photos.manager.set_main')}
            </button>
          )}
          {/* The profile image is shown to everyone (cards, search): never premium-only. */}
          {!rejected && !photo.is_main && (
            <label className={`flex min-h-10 cursor-pointer items-center gap-2 text-sm ${wrapLabel}`}>
              <input
                type="checkbox"
                role="switch"
                className="size-5 shrink-0 accent-primary"
                checked={photo.premium}
                disabled={busy}
                onChange={(event) => void store.setPhotoPremium(photo.id, event.target.checked)}
              />
              <span className="min-w-0">{t('photos.manager.premium_only')}</span>
            </label>
          )}
          <button
            type="button"
            className={`btn btn-ghost min-h-10 px-2 text-sm text-danger-ink ${wrapLabel}`}
            disabled={busy}
            onClick={() => store.askDeletePhoto(photo.id)}
          >
            {t('photos.manager.delete')}
          </button>
        </div>
      )}
      {mine && action.status === 'error' && (
        <p role="alert" className="text-sm font-semibold text-danger-ink">
          {action.error}
        </p>
      )}
    </li>
  );
}

function AddPhotoTile({ store }: { store: ProfileStore }) {
  const { t } = useTranslation();
  const upload = useStore(store.$upload);
  const phone = useIsSmartphone();
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const uploading = upload.status === 'uploading';
  const percent = uploading ? Math.round(upload.progress * 100) : 0;

  return (
    <div className="flex aspect-square flex-col items-stretch justify-center gap-2 rounded-2xl border-2 border-dashed border-line bg-surface p-2 sm:p-3">
      <PhotoFileInputs pickerRef={pickerRef} cameraRef={cameraRef} onFile={(file) => void store.addPhoto(file)} />
      {uploading ? (
        <div role="status" aria-live="polite" className="flex flex-col gap-2 text-center">
          <p className="text-sm font-semibold">{t('photos.manager.uploading', { percent })}</p>
          <ProgressBar label={t('photos.manager.progress_label')} value={percent} />
        </div>
      ) : (
        <>
          <button
            type="button"
            className={`btn btn-primary min-h-10 px-2 text-sm ${wrapLabel}`}
            onClick={() => pickerRef.current?.click()}
          >
            <span aria-hidden="true">+</span> {t('photos.manager.add')}
          </button>
          {phone && (
            <button
              type="button"
              className={`btn btn-outline min-h-10 px-2 text-sm ${wrapLabel}`}
              onClick={() => cameraRef.current?.click()}
            >
              {t('photos.manager.take')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
