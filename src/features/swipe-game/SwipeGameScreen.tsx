/**
 * The swipe game, route swipe-game (SPEC §2.7 'Swipe game', §8 'Likes and swipes'): one
 * profile at a time as a big card with Yes / No buttons (at the bottom of the screen on
 * phones, in thumb reach), ArrowRight / ArrowLeft on a keyboard, or a drag of the card. The
 * swipes and likes left today show above the card. With no likes left (a like on a profile page
 * uses one too) Yes is off, with a line saying so and when likes come back, and No plays on;
 * with no swipes left, the daily-limit message with the hours until the game goes on. State
 * and rules live in swipe-game-store.ts.
 */
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { loadLikes } from '#src/stores/likes.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import LinkButtons from '#src/ui/LinkButtons.tsx';
import MatchModal from '../likes/MatchModal.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import SwipeCard from './SwipeCard.tsx';
import { createSwipeGameStore, type DailyLimit, type SwipeGameStore } from './swipe-game-store.ts';
import { canSayYes, keyDecision } from './swipe-rules.ts';

interface Props {
  user: CurrentUser;
  locale: Locale;
}

export default function SwipeGameScreen({ user, locale }: Props) {
  const { t } = useTranslation();
  const store = useMemo(() => createSwipeGameStore({ onLiked: () => void loadLikes() }), []);
  useEffect(() => {
    void store.load();
  }, [store]);
  useEffect(() => {
    // A reload or another page right after a decision keeps it (swipe-game-store.ts).
    const leave = () => store.leave();
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [store]);
  const state = useStore(store.$state);

  const playing = state.status === 'ready' && state.limit === null && state.match === null && state.queue.length > 0;
  useEffect(() => {
    if (!playing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const decision = keyDecision(event);
      if (!decision) return;
      event.preventDefault();
      store.decide(decision);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [playing, store]);

  // The next card's image loads while this one is decided.
  const nextImage = state.status === 'ready' ? state.queue[1]?.main_image?.match : undefined;
  useEffect(() => {
    if (nextImage) new Image().src = nextImage;
  }, [nextImage]);

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('swipe.title')}</h1>
        {/* On phones the card and its buttons take the first screen (the buttons say what to do). */}
        <p className="mt-1 hidden text-ink-muted sm:block">{t('swipe.intro')}</p>
        {state.status === 'ready' && state.limit === null && (
          <p className="mt-3 flex flex-wrap gap-2 text-sm font-semibold" data-testid="swipe-allowance">
            <span className="rounded-full bg-primary-soft px-3 py-1 text-primary-ink">
              {t('swipe.swipes_left', { number: state.left.swipes })}
            </span>
            <span className="rounded-full bg-primary-soft px-3 py-1 text-primary-ink">
              {t('swipe.likes_left', { number: state.left.likes })}
            </span>
          </p>
        )}
      </header>
      <Game store={store} locale={locale} />
      {state.status === 'ready' && state.match && (
        <MatchModal profile={state.match} user={user} locale={locale} onClose={store.dismissMatch} />
      )}
    </div>
  );
}

function Game({ store, locale }: { store: SwipeGameStore; locale: Locale }) {
  const { t } = useTranslation();
  const state = useStore(store.$state);
  const noLikesId = useId();
  if (state.status === 'loading') return <Spinner label={t('swipe.loading')} />;
  if (state.status === 'error') {
    return (
      <Notice title={t('swipe.errors.load')} alert>
        <button type="button" className="btn btn-primary" onClick={() => void store.load()}>
          {t('swipe.retry')}
        </button>
      </Notice>
    );
  }
  if (state.limit) return <LimitReached limit={state.limit} likesLeft={state.left.likes} />;
  const card = state.queue[0];
  if (!card) {
    if (state.refillFailed) {
      return (
        <Notice title={t('swipe.errors.load')} alert>
          <button type="button" className="btn btn-primary" onClick={store.refill}>
            {t('swipe.retry')}
          </button>
        </Notice>
      );
    }
    if (!state.exhausted) return <Spinner label={t('swipe.loading')} />;
    return (
      <Notice title={t('swipe.empty.title')} text={t('swipe.empty.text')}>
        <LinkButtons
          links={[
            { href: '/members', label: t('swipe.links.search') },
            { href: '/match-finder', label: t('swipe.links.match_finder') },
          ]}
        />
      </Notice>
    );
  }
  const failed = state.failure?.profileId === card.id;
  const yesOff = !canSayYes(state.left);
  return (
    <>
      {/* Keyed by profile: a new card starts undragged. */}
      <SwipeCard key={card.id} card={card} locale={locale} onDecide={store.decide} />
      {/* Screen readers hear who the buttons now decide on. */}
      <p aria-live="polite" className="sr-only">
        {card.name}, {card.age}
      </p>
      {failed && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-danger p-3">
          <p className="flex-1 text-sm font-semibold text-danger">{t('swipe.errors.decision')}</p>
          <button type="button" className="btn btn-outline" onClick={store.retry}>
            {t('swipe.retry')}
          </button>
        </div>
      )}
      <div className="sticky bottom-0 z-10 -mx-4 bg-linear-to-t from-surface from-60% to-transparent px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:static sm:mx-0 sm:bg-none sm:p-0">
        {yesOff && (
          <p id={noLikesId} className="mb-3 text-center text-sm font-semibold text-ink-muted">
            {t('swipe.no_likes.text')}
            {state.likeHours !== null && <> {t('swipe.no_likes.back', { count: state.likeHours })}</>}
          </p>
        )}
        <div className="flex gap-3">
          <button
            type="button"
            aria-keyshortcuts="ArrowLeft"
            className="btn btn-outline btn-lg flex-1 bg-surface"
            onClick={() => store.decide('no')}
          >
            <LineIcon name="close" className="size-6" strokeWidth={2.2} />
            {t('swipe.no')}
          </button>
          <button
            type="button"
            aria-keyshortcuts="ArrowRight"
            className="btn btn-primary btn-lg flex-1 disabled:cursor-not-allowed disabled:opacity-50"
            disabled={yesOff}
            aria-describedby={yesOff ? noLikesId : undefined}
            onClick={() => store.decide('yes')}
          >
            <LineIcon name="heart" className="size-6" />
            {t('swipe.yes')}
          </button>
        </div>
        <p className="mt-3 hidden text-center text-sm text-ink-muted sm:block">{t('swipe.keys_hint')}</p>
      </div>
    </>
  );
}

/**
 * No swipes left. SPEC §8: 'You have no Swipes and Likes left for today...' with the hours to
 * wait; with likes still left, the text names the swipes only.
 */
function LimitReached({ limit, likesLeft }: { limit: DailyLimit; likesLeft: number }) {
  const { t } = useTranslation();
  const hoursText = (hours: number) =>
    likesLeft > 0 ? t('likes.errors.no_swipes', { count: hours }) : t('likes.errors.swipe_limit', { count: hours });
  const text =
    limit.message ??
    (limit.hours !== null ? hoursText(limit.hours) : likesLeft > 0 ? undefined : t('swipe.limit.text'));
  return (
    <Notice title={t('swipe.limit.title')} text={text} alert>
      <LinkButtons
        links={[
          { href: '/members', label: t('swipe.links.search') },
          { href: '/likes', label: t('swipe.links.likes') },
        ]}
      />
    </Notice>
  );
}

function Notice({
  title,
  text,
  alert = false,
  children,
}: {
  title: string;
  text?: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="card bg-surface p-6 text-center sm:p-8" role={alert ? 'alert' : undefined}>
      <h2 className="text-xl font-bold">{title}</h2>
      {text && <p className="mt-2 text-ink-muted">{text}</p>}
      <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
