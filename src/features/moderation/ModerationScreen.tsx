/**
 * The moderation console's screen: the count of photos waiting, the site filter, reload,
 * and one card per photo being inspected (QueueCard). Driven by moderation-store.ts; after
 * a decision the focus moves to the next card, so a moderator can work with the keyboard.
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { QueuedPhoto } from '#src/contract/moderation.ts';
import type { Locale } from '#src/lib/locales.ts';
import { Alert, inputClass } from '#src/ui/fields.tsx';
import { createModerationStore, type ModerationStore } from './moderation-store.ts';
import QueueCard from './QueueCard.tsx';
import Spinner from '#src/ui/Spinner.tsx';

/** A site of the network as the filter offers it. */
export interface ModerationSite {
  id: string;
  brand: string;
}

interface Props {
  locale: Locale;
  sites: readonly ModerationSite[];
}

export default function ModerationScreen({ locale, sites }: Props) {
  const { t } = useTranslation();
  const store = useMemo(() => createModerationStore(), []);
  useEffect(() => {
    void store.load();
  }, [store]);
  const queue = useStore(store.$queue);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('moderation.title')}</h1>
        <p className="mt-1 text-ink-muted">{t('moderation.intro')}</p>
      </div>
      <Toolbar store={store} sites={sites} />
      <AlreadyDecided store={store} />
      {queue.status === 'loading' && <Loading />}
      {queue.status === 'error' && (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="danger">
            {t('moderation.load_failed')} {queue.problem.message}
          </Alert>
          <button type="button" className="btn btn-outline" onClick={() => void store.load()}>
            {t('moderation.try_again')}
          </button>
        </div>
      )}
      {queue.status === 'ready' && <Queue store={store} locale={locale} sites={sites} />}
    </div>
  );
}

function Toolbar({ store, sites }: { store: ModerationStore; sites: readonly ModerationSite[] }) {
  const { t } = useTranslation();
  const queue = useStore(store.$queue);
  const site = useStore(store.$site);
  const id = useId();
  const busy = queue.status === 'loading' || (queue.status === 'ready' && queue.reloading);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <p role="status" className="text-lg font-semibold">
        {queue.status === 'ready' ? t('moderation.waiting', { count: queue.total }) : ' '}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
            {t('moderation.site_filter')}
          </label>
          <select
            id={id}
            className={`${inputClass} sm:w-56`}
            value={site}
            onChange={(event) => void store.setSite(event.target.value)}
          >
            <option value="">{t('moderation.all_sites')}</option>
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.brand}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => void store.load()} disabled={busy}>
          {busy ? t('moderation.loading') : t('moderation.reload')}
        </button>
      </div>
    </div>
  );
}

function AlreadyDecided({ store }: { store: ModerationStore }) {
  const { t } = useTranslation();
  const count = useStore(store.$alreadyDecided);
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Alert tone="info">{t('moderation.already_decided', { count })}</Alert>
      <button type="button" className="btn btn-ghost" onClick={store.dismissAlreadyDecided}>
        {t('moderation.dismiss')}
      </button>
    </div>
  );
}

const NO_PHOTOS: readonly QueuedPhoto[] = [];

function Queue({ store, locale, sites }: { store: ModerationStore; locale: Locale; sites: readonly ModerationSite[] }) {
  const { t } = useTranslation();
  const queue = useStore(store.$queue);
  const failed = useStore(store.$failed);
  const list = useRef<HTMLUListElement | null>(null);
  /** The card to focus once the decided one has left the list. */
  const focusNext = useRef<string | null>(null);
  const photos = queue.status === 'ready' ? queue.photos : NO_PHOTOS;

  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    const cards = [...(list.current?.querySelectorAll<HTMLElement>('[data-photo]') ?? [])];
    (cards.find((card) => card.dataset['photo'] === next) ?? cards[0])?.focus();
  }, [photos]);

  if (queue.status !== 'ready') return null;
  if (photos.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-2 px-6 py-12 text-center">
        <p className="text-xl font-bold">{t('moderation.empty_title')}</p>
        <p className="text-ink-muted">{queue.total > 0 ? t('moderation.loading') : t('moderation.empty_text')}</p>
      </div>
    );
  }

  const brandOf = (id: string) => sites.find((s) => s.id === id)?.brand ?? id;
  const decided = (photoId: string) => {
    const index = photos.findIndex((p) => p.id === photoId);
    focusNext.current = photos[index + 1]?.id ?? photos[index - 1]?.id ?? null;
  };
  return (
    <ul ref={list} className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <QueueCard
            photo={photo}
            locale={locale}
            brand={brandOf(photo.profile.site)}
            eager={index < 3}
            problem={failed[photo.id] ?? null}
            onApprove={() => {
              decided(photo.id);
              void store.approve(photo.id);
            }}
            onReject={(reason) => {
              decided(photo.id);
              void store.reject(photo.id, reason);
            }}
          />
        </li>
      ))}
    </ul>
  );
}

function Loading() {
  const { t } = useTranslation();
  return <Spinner label={t('moderation.loading')} />;
}
