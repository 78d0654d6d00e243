/**
 * The photos of a member profile page: the chosen photo large, the others as thumbnails to
 * switch to. A locked photo (premium-only, viewer not premium) shows only the server-blurred
 * image it came with, behind a lock with the way to premium; its other URLs are never used.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPhoto } from '#src/contract/members.ts';
import ReportButton from '#src/features/reports/ReportButton.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';

export default function PhotoGallery({
  photos,
  name,
  reportable = false,
}: {
  photos: PublicPhoto[];
  name: string;
  /** Offers 'Report photo' (another member's photos). */
  reportable?: boolean;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const photo = photos[Math.min(chosen, photos.length - 1)];
  if (!photo) {
    return (
      <div
        role="img"
        aria-label={t('member_profile.card.no_photo')}
        className="flex aspect-[4/5] w-full items-center justify-center rounded-3xl bg-ink-soft text-ink-muted"
      >
        <LineIcon name="user" className="size-24 opacity-60" />
      </div>
    );
  }
  const index = photos.indexOf(photo);
  return (
    <div className="flex flex-col gap-3">
      <figure className="relative overflow-hidden rounded-3xl bg-ink-soft">
        <img
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt={t('member_profile.photos.alt', { name, index: index + 1, count: photos.length })}
          decoding="async"
          className="aspect-[4/5] w-full object-contain"
        />
        {photo.locked && (
          <figcaption className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/35 p-6 text-center text-white">
            <span className="flex size-14 items-center justify-center rounded-full bg-black/50">
              <LineIcon name="lock" className="size-7" />
            </span>
            <span className="max-w-xs font-semibold">{t('member_profile.photos.locked')}</span>
            {/* SPEC §6: what a free member meets at a premium feature. */}
            <span className="max-w-xs text-sm">{t('premium.feature_only')}</span>
            <a href="/premium" className="btn btn-light">
              {t('nav.get_premium')}
            </a>
          </figcaption>
        )}
      </figure>
      {reportable && !photo.locked && (
        <ReportButton target="photo" id={photo.id} className="btn btn-ghost min-h-9 self-end px-3 text-sm" />
      )}
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('member_profile.photos.choose')}>
          {photos.map((item, i) => (
            <li key={item.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setChosen(i)}
                aria-pressed={i === index}
                aria-label={t('member_profile.photos.show', { index: i + 1, count: photos.length })}
                className={`relative block size-16 overflow-hidden rounded-xl border-2 sm:size-20 ${
                  i === index ? 'border-primary' : 'border-transparent'
                }`}
              >
                <img
                  // A locked photo's only image is its blurred one.
                  src={item.locked ? item.url : item.thumb_url}
                  width={item.width}
                  height={item.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
                {item.locked && (
                  <span className="absolute inset-0 flex items-center justify-center bg-black/35 text-white">
                    <LineIcon name="lock" className="size-5" />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
