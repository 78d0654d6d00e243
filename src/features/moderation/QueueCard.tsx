/**
 * One photo being inspected: the photo large, who uploaded it (name, age, gender, site), the
 * profile's approved photos small for comparison, and the decision: Approve, or Reject with
 * a reason the member will see (the member-facing text of `photos.reject_reasons`).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueuedPhoto } from '#src/contract/moderation.ts';
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '#src/contract/photos.ts';
import { formatDate } from '#src/lib/dates.ts';
import type { Locale } from '#src/lib/locales.ts';
import { PhotoStrip } from '#src/ui/console-frame.tsx';
import { Alert, inputClass } from '#src/ui/fields.tsx';
import type { Problem } from './moderation-store.ts';

interface Props {
  photo: QueuedPhoto;
  locale: Locale;
  /** The brand of the profile's site. */
  brand: string;
  /** The first cards load at once; the rest when scrolled near. */
  eager: boolean;
  /** Why the last decision on this photo failed. */
  problem: Problem | null;
  onApprove: () => void;
  onReject: (reason: PhotoRejectReason) => void;
}

function isReason(value: string): value is PhotoRejectReason {
  return (PHOTO_REJECT_REASONS as readonly string[]).includes(value);
}

export default function QueueCard({ photo, locale, brand, eager, problem, onApprove, onReject }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<PhotoRejectReason | ''>('');
  const id = useId();
  const { profile } = photo;
  const uploaded = formatDate(photo.uploaded_at, 'dateTime', locale);

  return (
    <article
      data-photo={photo.id}
      tabIndex={-1}
      aria-labelledby={`${id}-name`}
      className="card flex h-full flex-col overflow-hidden focus-visible:outline-2 focus-visible:outline-primary-ink"
    >
      <div className="relative bg-ink-soft">
        <img
          src={photo.url}
          alt={t('moderation.photo_alt', { name: profile.name })}
          width={photo.width}
          height={photo.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[3/4] w-full object-contain"
        />
        {photo.is_main && (
          <span className="absolute top-3 left-3 rounded-full bg-surface px-3 py-1 text-sm font-semibold elevation-1">
            {t('moderation.profile_photo')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div>
          <h2 id={`${id}-name`} className="text-lg font-bold break-words">
            {profile.name}
          </h2>
          <p className="text-sm text-ink-muted">
            {[t('moderation.age', { age: profile.age }), t(`moderation.gender.${profile.gender}`), brand].join(' · ')}
          </p>
          {profile.type === 'fictional' && (
            <p className="mt-1 text-sm font-semibold text-warning">{t('moderation.fictional')}</p>
          )}
          <p className="mt-1 text-sm text-ink-muted">{t('moderation.uploaded', { date: uploaded })}</p>
        </div>

        <PhotoStrip
          title={t('moderation.active_photos')}
          empty={t('moderation.no_active_photos')}
          photos={profile.active_photos}
          alt={t('moderation.active_photo_alt', { name: profile.name })}
        />

        {problem && <Alert tone="danger">{t('moderation.decision_failed', { message: problem.message })}</Alert>}

        <div className="mt-auto flex flex-col gap-3">
          <button type="button" className="btn btn-primary w-full" onClick={onApprove}>
            {t('moderation.approve')}
          </button>
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason !== '') onReject(reason);
            }}
          >
            <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
              {t('moderation.reason')}
            </label>
            <select
              id={`${id}-reason`}
              className={inputClass}
              value={reason}
              aria-describedby={`${id}-reason-hint`}
              onChange={(event) => setReason(isReason(event.target.value) ? event.target.value : '')}
            >
              <option value="">{t('moderation.choose_reason')}</option>
              {PHOTO_REJECT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`photos.reject_reasons.${r}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-reason-hint`} className="text-sm text-ink-muted">
              {t('moderation.reason_hint')}
            </p>
            <button type="submit" className="btn btn-outline w-full" disabled={reason === ''}>
              {t('moderation.reject')}
            </button>
          </form>
        </div>
      </div>
    </article>
  );
}
