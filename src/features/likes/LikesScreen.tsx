/**
 * The likes page (routes likes, likes-type, likes-m-id; SPEC §2.7 'Likes'): tabs of received
 * likes (new first), sent likes and matches, each with its number; the cards of the chosen
 * tab as profile cards, with 'like back' on received likes (a match opens the match modal)
 * and 'unlike' on sent ones; the likes left today or, with none left, the wait until the
 * next one. `/likes/m/{id}` opens that member's match modal (likes-view.ts, docs/likes.md).
 * Data and actions live in src/stores/likes.ts, the buttons' form in like-actions.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { LikesData } from '#src/contract/likes.ts';
import type { ProfileCard as ProfileCardDto } from '#src/contract/members.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { LIKES_PER_DAY } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import {
  $likes,
  $likesLoad,
  LIKES_TABS,
  likesCounts,
  likesOfTab,
  loadLikes,
  type LikesTab,
} from '#src/stores/likes.ts';
import { $router } from '#src/stores/router.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import ProfileCard from '../profile-card/ProfileCard.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createLikeActions, type LikeAction } from './like-actions.ts';
import MatchModal from './MatchModal.tsx';
import { likesView } from './likes-view.ts';

interface Props {
  user: CurrentUser;
  locale: Locale;
  /** The `:type` of /likes/:type. */
  type: string | null;
  /** The `:id` of /likes/m/:id. */
  memberId: string | null;
}

export default function LikesScreen({ user, locale, type, memberId }: Props) {
  const { t } = useTranslation();
  const data = useStore($likes);
  const load = useStore($likesLoad);
  // Data from before this page (or link) opened may predate a new match: /likes/m/{id} waits
  // for a load started after it. `freshFor` is the member id of the last finished load.
  const [freshFor, setFreshFor] = useState<string | null | undefined>(undefined);
  const fresh = freshFor === memberId;
  const [match, setMatch] = useState<ProfileCardDto | null>(null);
  const actions = useMemo(() => createLikeActions(), []);
  const { error } = useForm(actions.form);
  const actingOn = useStore(actions.$actingOn);
  const matchOpenedFor = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    void loadLikes().then(() => {
      if (active) setFreshFor(memberId);
    });
    return () => {
      active = false;
    };
  }, [memberId]);

  const view = data ? likesView(data, type, memberId) : null;
  const linkedMatch = fresh ? view?.match : null;
  useEffect(() => {
    if (memberId === null) matchOpenedFor.current = null;
    if (!linkedMatch || !memberId || matchOpenedFor.current === memberId) return;
    matchOpenedFor.current = memberId;
    setMatch(linkedMatch);
  }, [linkedMatch, memberId]);

  const closeMatch = () => {
    setMatch(null);
    // Closed on the notification's link: the matches tab stays, the link's modal does not
    // come back on reload. "Send a message" has already left the page.
    if ($router.get()?.route === 'likes-m-id') $router.open('/likes/matches', true);
  };

  const act = async (card: ProfileCardDto, action: LikeAction) => {
    const matched = await actions.form.submit(card, action);
    if (matched) setMatch(matched);
  };

  if (!data || !view || (memberId !== null && !fresh)) {
    if (load.status === 'error' && !data) {
      return (
        <div className="card mx-auto max-w-lg p-6 text-center sm:p-8">
          <p role="alert" className="font-semibold text-danger">
            {t('likes.load_failed')}
          </p>
          <button type="button" className="btn btn-primary mt-4" onClick={() => void loadLikes()}>
            {t('likes.retry')}
          </button>
        </div>
      );
    }
    return <Spinner label={t('common.loading')} />;
  }

  const cards = likesOfTab(data, view.tab);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('likes.title')}</h1>
        <LikesLeft data={data} />
      </header>
      <Tabs data={data} current={view.tab} />
      {error && (
        <p role="alert" className="rounded-2xl border border-danger p-4 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      {cards.length === 0 ? (
        <Empty tab={view.tab} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {cards.map((card, index) => (
            <LikeItem
              key={card.id}
              card={card}
              tab={view.tab}
              locale={locale}
              eager={index < 4}
              highlight={card.id === view.highlight}
              busy={actingOn === card.id}
              onAct={(action) => void act(card, action)}
            />
          ))}
        </ul>
      )}
      {match && <MatchModal profile={match} user={user} locale={locale} onClose={closeMatch} />}
    </div>
  );
}

/** "3 of 4 likes left today", or with none left the wait until the next like. */
function LikesLeft({ data }: { data: LikesData }) {
  const { t } = useTranslation();
  const text =
    data.likes_left === 0 && data.next_like_in_hours !== null
      ? t('likes.errors.daily_limit', { max: LIKES_PER_DAY, count: data.next_like_in_hours })
      : t('likes.left', { count: data.likes_left, max: LIKES_PER_DAY });
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-ink-muted">
      <LineIcon name="heart" className="size-4 shrink-0 text-primary-ink" />
      {text}
    </p>
  );
}

function Tabs({ data, current }: { data: LikesData; current: LikesTab }) {
  const { t } = useTranslation();
  const counts = likesCounts(data);
  return (
    // Too narrow for every tab: the row scrolls on its own, never the page.
    <nav aria-label={t('likes.tabs.label')} className="min-w-0">
      <ul className="flex overflow-x-auto border-b border-line sm:gap-1">
        {LIKES_TABS.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab} className="shrink-0">
              <a
                href={`/likes/${tab}`}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px flex min-h-11 items-center gap-1.5 border-b-2 px-2.5 text-sm font-semibold whitespace-nowrap no-underline sm:gap-2 sm:px-4 sm:text-base ${
                  active ? 'border-primary text-primary-ink' : 'border-transparent text-ink-muted hover:text-ink'
                }`}
              >
                {t(`likes.tabs.${tab}`)}{' '}
                <span
                  data-count={tab}
                  className={`rounded-full px-1.5 py-0.5 text-xs font-bold sm:px-2 ${
                    active ? 'bg-primary text-on-primary' : 'bg-ink-soft text-ink'
                  }`}
                >
                  {counts[tab]}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LikeItem({
  card,
  tab,
  locale,
  eager,
  highlight,
  busy,
  onAct,
}: {
  card: ProfileCardDto;
  tab: LikesTab;
  locale: Locale;
  eager: boolean;
  highlight: boolean;
  busy: boolean;
  onAct: (action: LikeAction) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlight) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlight]);
  const action = tab === 'sent' ? 'unlike' : tab === 'received' && !card.did_like_profile ? 'like' : null;
  return (
    <li
      ref={ref}
      data-highlight={highlight || undefined}
      className={`flex min-w-0 flex-col gap-2 ${highlight ? 'rounded-3xl ring-4 ring-primary ring-offset-2 ring-offset-surface' : ''}`}
    >
      <ProfileCard
        card={card}
        locale={locale}
        eager={eager}
        title={highlight ? t('likes.highlight', { name: card.name }) : undefined}
      />
      {action && (
        <button
          type="button"
          // Long words ('zurücknehmen') get the whole width under the icon on the narrowest
          // phones, and hyphenate or break inside the button rather than run into the next one.
          className={`btn w-full min-w-0 px-2 text-sm hyphens-auto [overflow-wrap:anywhere] disabled:opacity-60 max-[359px]:flex-col max-[359px]:gap-0.5 sm:px-3 sm:text-base ${action === 'like' ? 'btn-primary' : 'btn-outline'}`}
          disabled={busy}
          onClick={() => onAct(action)}
        >
          <LineIcon name={action === 'like' ? 'heart' : 'heart-in'} className="size-5 shrink-0" />
          {t(action === 'like' ? 'likes.actions.like_back' : 'likes.actions.unlike')}
          {/* Whom it is for, after the visible words (WCAG 2.5.3: the name starts with them). */}
          <span className="sr-only">, {card.name}</span>
        </button>
      )}
    </li>
  );
}

function Empty({ tab }: { tab: LikesTab }) {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-center gap-4 p-6 text-center sm:p-10">
      <LineIcon name={tab === 'matches' ? 'match' : 'heart'} className="size-10 text-primary-ink" />
      <p className="max-w-md text-ink-muted">{t(`likes.empty.${tab}`)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/members" className="btn btn-primary">
          <LineIcon name="search" className="size-5" />
          {t('likes.empty.search')}
        </a>
        <a href="/swipe-game" className="btn btn-outline">
          <LineIcon name="heart" className="size-5" />
          {t('likes.empty.swipe_game')}
        </a>
      </div>
    </div>
  );
}
