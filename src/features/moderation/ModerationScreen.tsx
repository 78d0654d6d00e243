/**
 * The moderation console's screen: the count of photos waiting, the site filter, the order,
 * the member search, reload, and one card per photo being inspected (QueueCard). Driven by
 * moderation-store.ts; after a decision the focus moves to the next card, so a moderator can
 * work with the keyboard, and an Undo bar offers the decision back until it is sent.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { MODERATION_ORDERS, type ModerationOrder, type QueuedPhoto } from '#src/contract/moderation.ts';
import type { Locale } from '#src/lib/locales.ts';
import { brandOf, ConsolePage, EmptyState, LoadFailed, SiteFilter, type ConsoleSite } from '#src/ui/console-frame.tsx';
import { Alert, inputClass } from '#src/ui/fields.tsx';
import { createModerationStore, type ModerationStore } from './moderation-store.ts';
import QueueCard from './QueueCard.tsx';
import Spinner from '#src/ui/Spinner.tsx';

interface Props {
  locale: Locale;
  sites: readonly ConsoleSite[];
}

export default function ModerationScreen({ locale, sites }: Props) {
  const { t } = useTranslation();
  const store = useMemo(() => createModerationStore(), []);
  useEffect(() => {
    void store.load();
    // Leaving the console (another page, closing the tab) sends the decisions still waiting.
    window.addEventListener('pagehide', store.sendWaiting);
    return () => {
      window.removeEventListener('pagehide', store.sendWaiting);
      store.sendWaiting();
    };
  }, [store]);
  const queue = useStore(store.$queue);

  return (
    <ConsolePage title={t('moderation.title')} intro={t('moderation.intro')} width="max-w-6xl">
      <Toolbar store={store} sites={sites} />
      <AlreadyDecided store={store} />
      {queue.status === 'loading' && <Loading />}
      {queue.status === 'error' && (
        <LoadFailed namespace="moderation" message={queue.problem.message} onRetry={() => void store.load()} />
      )}
      {queue.status === 'ready' && <Queue store={store} locale={locale} sites={sites} />}
      <UndoBar store={store} />
    </ConsolePage>
  );
}

function isOrder(value: string): value is ModerationOrder {
  return (MODERATION_ORDERS as readonly string[]).includes(value);
}

/** The decisions not sent yet, each with its Undo button, over the bottom of the screen. */
function UndoBar({ store }: { store: ModerationStore }) {
  const { t } = useTranslation();
  const undoable = useStore(store.$undoable);
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-30 pointer-events-none flex flex-col items-center gap-2 px-4 pb-4"
    >
      {undoable.map(({ photo, decision }) => (
        <div
          key={photo.id}
          className="pointer-events-auto flex w-full max-w-md items-center justify-between gap-3 rounded-2xl bg-ink px-4 py-2 text-surface elevation-3"
        >
          <span className="min-w-0 truncate">
            {t(decision.decision === 'approve' ? 'moderation.approved_undo' : 'moderation.rejected_undo', {
              name: photo.profile.name,
            })}
          </span>
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-4 text-surface hover:bg-surface/15 hover:text-surface"
            onClick={() => store.undo(photo.id)}
          >
            {t('moderation.undo')}
          </button>
        </div>
      ))}
    </div>
  );
}

function Toolbar({ store, sites }: { store: ModerationStore; sites: readonly ConsoleSite[] }) {
  const { t } = useTranslation();
  const queue = useStore(store.$queue);
  const site = useStore(store.$site);
  const order = useStore(store.$order);
  const member = useStore(store.$member);
  const [search, setSearch] = useState(member);
  const id = useId();
  const busy = queue.status === 'loading' || (queue.status === 'ready' && queue.reloading);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <p role="status" className="text-lg font-semibold">
        {queue.status === 'ready' ? t('moderation.waiting', { count: queue.total }) : ' '}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SiteFilter
          namespace="moderation"
          id={id}
          sites={sites}
          value={site}
          onChange={(next) => void store.setSite(next)}
          selectClass="sm:w-56"
        />
        <div>
          <label htmlFor={`${id}-order`} className="mb-1.5 block text-sm font-semibold">
            {t('moderation.order')}
          </label>
          <select
            id={`${id}-order`}
            className={`${inputClass} sm:w-48`}
            value={order}
            onChange={(event) => {
              if (isOrder(event.target.value)) void store.setOrder(event.target.value);
            }}
          >
            <option value="oldest">{t('moderation.oldest_first')}</option>
            <option value="newest">{t('moderation.newest_first')}</option>
          </select>
        </div>
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void store.searchMember(search);
          }}
        >
          <div>
            <label htmlFor={`${id}-member`} className="mb-1.5 block text-sm font-semibold">
              {t('moderation.member_search')}
            </label>
            <input
              id={`${id}-member`}
              type="search"
              className={`${inputClass} sm:w-56`}
              value={search}
              maxLength={60}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-outline">
            {t('moderation.search')}
          </button>
        </form>
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

function Queue({ store, locale, sites }: { store: ModerationStore; locale: Locale; sites: readonly ConsoleSite[] }) {
  const { t } = useTranslation();
  const queue = useStore(store.$queue);
  const failed = useStore(store.$failed);
  const member = useStore(store.$member);
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
      <EmptyState
        namespace="moderation"
        padding="py-12"
        text={
          queue.total > 0 ? t('moderation.loading') : member ? t('moderation.no_match') : t('moderation.empty_text')
        }
      />
    );
  }

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
            brand={brandOf(sites, photo.profile.site)}
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
