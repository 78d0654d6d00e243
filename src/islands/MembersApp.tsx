/**
 * The members island (ARCHITECTURE "One members island"): mounted on the members shell page
 * that every members-area path is rewritten to. It resolves the session, then routes on the
 * client ($router, route names of SPEC §2.1): a guest is asked to log in (and brought back to
 * the page after it) or to sign up, a member gets the members layout (logged-in top nav,
 * banners) and the screen of the route. Routes whose
 * screens later issues build show the members home.
 */
import '../styles/islands.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Catalogue } from '../i18n/index.ts';
import type { Locale } from '../lib/locales.ts';
import type { CurrentUser } from '../contract/user.ts';
import { $session, loadSession } from '../stores/session.ts';
import { $router, interceptLinks, type MembersRoute } from '../stores/router.ts';
import { $newLikes, $newestChat, $totalUnread } from '../stores/counters.ts';
import { applyLangConfig, changeLanguage, logout } from '../stores/account.ts';
import { environment } from '../stores/environment.ts';
import { mayHaveTimeBonus } from '#src/lib/time-bonus.ts';
import { loginLink } from '#src/lib/return-path.ts';
import MembersNav from '../features/members-shell/MembersNav.tsx';
import MembersHome from '../features/members-shell/MembersHome.tsx';
import { useTitleCount } from '../features/members-shell/use-title-count.ts';
import Banners from '../features/banners/Banners.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import LoadingState from '#src/ui/Spinner.tsx';

/**
 * Screens load with their route (code splitting), so the shell's first load carries only
 * the layout; each later issue's screen adds its own chunk.
 */
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen.tsx'));
const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen.tsx'));
const MemberProfileScreen = lazy(() => import('../features/member-profile/MemberProfileScreen.tsx'));
const SearchScreen = lazy(() => import('../features/search/SearchScreen.tsx'));
const LikesScreen = lazy(() => import('../features/likes/LikesScreen.tsx'));
const SwipeGameScreen = lazy(() => import('../features/swipe-game/SwipeGameScreen.tsx'));
const MatchFinderScreen = lazy(() => import('../features/match-finder/MatchFinderScreen.tsx'));
const ChatsScreen = lazy(() => import('../features/chat/ChatsScreen.tsx'));
const StartChat = lazy(() => import('../features/chat/StartChat.tsx'));
const PremiumScreen = lazy(() => import('../features/premium/PremiumScreen.tsx'));
const CreditsScreen = lazy(() => import('../features/credits/CreditsScreen.tsx'));
const PaymentScreen = lazy(() => import('../features/credits/PaymentScreen.tsx'));
const RepeatOrderScreen = lazy(() => import('../features/credits/RepeatOrderScreen.tsx'));
const TransactionScreen = lazy(() => import('../features/credits/TransactionScreen.tsx'));
const DirectDebitScreen = lazy(() => import('../features/direct-debit/DirectDebitScreen.tsx'));
/** The complaints form (SPEC §2.7 'Complaints'): for visitors too, so it is not behind the login wall. */
const ComplaintsScreen = lazy(() => import('../features/complaints/ComplaintsScreen.tsx'));
/** The time-bonus banner and modal (SPEC §2.4 (e), §2.6) load only for members who may have one. */
const TimeBonus = lazy(() => import('../features/time-bonus/TimeBonus.tsx'));
/** The like modal (SPEC §2.6) loads only when a page asks for it with `?t=`. */
const LikeModal = lazy(() => import('../features/likes/LikeModal.tsx'));

/** The catalogue namespaces the island uses: the page passes only these. */
export const MEMBERS_NAMESPACES = [
  'common',
  'nav',
  'errors',
  'members',
  'members_nav',
  'settings',
  'push',
  'banners',
  'profile',
  'member_profile',
  'attributes',
  'interests',
  'photos',
  'fictional',
  'region_label',
  'search',
  'likes',
  'swipe',
  'match_finder',
  'time_bonus',
  'premium',
  'discounts',
  'credits',
  'direct_debit',
  'chat',
  'complaints',
] as const satisfies readonly (keyof Catalogue)[];
export type MembersCatalogue = Pick<Catalogue, (typeof MEMBERS_NAMESPACES)[number]>;

interface Props {
  locale: Locale;
  catalogue: MembersCatalogue;
  /** The site's brand name, shown at the start of the members nav. */
  brand?: string;
  /** The site's logo (inline SVG markup, decorative) for the nav; the brand name when null. */
  logo?: string | null;
}

export default function MembersApp({ locale, catalogue, brand = '', logo = null }: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <MembersRoot locale={locale} brand={brand} logo={logo} />
    </IslandI18n>
  );
}

function MembersRoot({ locale, brand, logo }: { locale: Locale; brand: string; logo: string | null }) {
  const { t } = useTranslation();
  const session = useStore($session);
  const page = useStore($router);
  const langConfig = page?.route === 'lang-config' ? page.search : null;
  useEffect(() => {
    void loadSession({ cookies: document.cookie });
  }, []);
  useEffect(() => {
    if (!langConfig || session.status === 'loading') return;
    // Leaves the page: replace, so Back does not return to the switch.
    void applyLangConfig(langConfig, { replace: true });
  }, [langConfig, session.status]);
  useEffect(() => {
    // A stale login marker: the static nav (hidden for members) comes back for the guest.
    if (session.status === 'guest') delete document.documentElement.dataset['member'];
  }, [session.status]);

  if (session.status === 'loading' || langConfig) return <Spinner />;
  if (session.status === 'member')
    return <MembersLayout user={session.user} locale={locale} brand={brand} logo={logo} />;
  if (session.status === 'error')
    return (
      <p role="alert" className="p-8 text-center text-danger">
        {t('errors.try_later')}
      </p>
    );
  if (page?.route === 'complaints')
    return (
      <Suspense fallback={<Spinner />}>
        <ComplaintsScreen member={false} search={page.search} />
      </Suspense>
    );
  const chat = page?.route === 'members-id-chat' || page?.route === 'chats' || page?.route === 'chats-id';
  return <LoginWall chat={chat} />;
}

/** A visitor on a members page: log in and come back to it, or sign up. */
function LoginWall({ chat }: { chat: boolean }) {
  const { t } = useTranslation();
  const here = environment().location();
  return (
    <div className="mx-auto max-w-md p-8 text-center">
      <p>{chat ? t('chat.login_required') : t('members.login_required')}</p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <a href={loginLink(here.pathname + here.search + here.hash)} className="btn btn-primary">
          {t('nav.login')}
        </a>
        <a href="/signup" className="btn btn-outline">
          {t('nav.signup')}
        </a>
      </div>
    </div>
  );
}

function MembersLayout({
  user,
  locale,
  brand,
  logo,
}: {
  user: CurrentUser;
  locale: Locale;
  brand: string;
  logo: string | null;
}) {
  const { t } = useTranslation();
  const page = useStore($router);
  const unread = useStore($totalUnread);
  const newLikes = useStore($newLikes);
  const newestChat = useStore($newestChat);
  useEffect(() => interceptLinks(), []);
  useEffect(() => {
    // While the member is in (loaded on demand, outside the shell's first load): the server
    // events, the conversation list and the likes that feed the badges, with the polling as
    // the fallback.
    let active = true;
    let stopUpdates: (() => void) | undefined;
    import('../stores/polling.ts').then(
      (polling) => {
        if (active) stopUpdates = polling.startMemberUpdates();
      },
      // Without it the screens still load their own data; the badges wait for a reload.
      (error: unknown) => environment().report(error),
    );
    return () => {
      active = false;
      stopUpdates?.();
    };
  }, []);
  useTitleCount(unread + newLikes);
  const route = page?.route ?? null;
  const isSettings = route === 'notifications' || route === 'settings';
  const [shellTitle] = useState(() => document.title);
  // Stays open once asked for (the modal itself takes `t` out of the URL), until it closes.
  const likeModalAsk = page?.search['t'];
  const [likeModal, setLikeModal] = useState(likeModalAsk !== undefined);
  const [seenAsk, setSeenAsk] = useState(likeModalAsk);
  if (likeModalAsk !== seenAsk) {
    setSeenAsk(likeModalAsk);
    if (likeModalAsk !== undefined) setLikeModal(true);
  }
  useEffect(() => {
    // Screens with a title of their own (a member's name) set it themselves.
    if (route === 'members-id') return;
    const title = isSettings ? t('settings.title') : route ? screenTitle(route, t) : null;
    document.title = title ? `${title} · ${brand}` : shellTitle;
  }, [isSettings, route, t, brand, shellTitle]);
  useEffect(() => {
    if (page?.hash) document.getElementById(page.hash.slice(1))?.scrollIntoView();
  }, [page?.hash, route]);
  return (
    <div className="flex min-h-[60dvh] flex-col">
      <MembersNav
        user={user}
        brand={brand}
        logo={logo}
        locale={locale}
        route={route}
        unreadMessages={unread}
        newLikes={newLikes}
        newestChat={newestChat}
        onLogout={logout}
        onLanguage={changeLanguage}
      />
      <Banners user={user} route={route} search={page?.search ?? {}} />
      {mayHaveTimeBonus(user, environment().now()) && (
        <Suspense fallback={null}>
          <TimeBonus />
        </Suspense>
      )}
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Suspense fallback={<Spinner />}>
          {isSettings ? (
            <SettingsScreen user={user} locale={locale} />
          ) : route === 'profile' ? (
            <ProfileScreen user={user} locale={locale} />
          ) : page?.route === 'members-id' ? (
            <MemberProfileScreen key={page.params.id} id={page.params.id} user={user} locale={locale} brand={brand} />
          ) : route === 'members' ? (
            <SearchScreen user={user} locale={locale} search={page?.search ?? {}} />
          ) : page?.route === 'likes' || page?.route === 'likes-type' || page?.route === 'likes-m-id' ? (
            <LikesScreen
              user={user}
              locale={locale}
              type={page.route === 'likes-type' ? page.params.type : null}
              memberId={page.route === 'likes-m-id' ? page.params.id : null}
            />
          ) : route === 'swipe-game' ? (
            <SwipeGameScreen user={user} locale={locale} />
          ) : route === 'match-finder' ? (
            <MatchFinderScreen user={user} locale={locale} />
          ) : page?.route === 'chats' || page?.route === 'chats-id' ? (
            <ChatsScreen
              user={user}
              locale={locale}
              brand={brand}
              conversationId={page.route === 'chats-id' ? page.params.id : null}
              hash={page.hash}
            />
          ) : route === 'premium' ? (
            <PremiumScreen user={user} />
          ) : route === 'credits' ? (
            <CreditsScreen user={user} locale={locale} />
          ) : route === 'credits-repeat-order' ? (
            <RepeatOrderScreen user={user} locale={locale} />
          ) : page?.route === 'credits-id-paymentmethod' ? (
            <PaymentScreen user={user} locale={locale} id={page.params.id} paymentMethod={page.params.paymentmethod} />
          ) : page?.route === 'transactions-id' ? (
            <TransactionScreen user={user} locale={locale} id={page.params.id} />
          ) : route === 'directdebit' ? (
            <DirectDebitScreen locale={locale} brand={brand} search={page?.search ?? {}} />
          ) : page?.route === 'complaints' ? (
            <ComplaintsScreen member search={page.search} />
          ) : page?.route === 'members-id-chat' ? (
            <StartChat key={page.params.id} profile={page.params.id} hash={page.hash} />
          ) : (
            <MembersHome user={user} />
          )}
        </Suspense>
      </div>
      {likeModal && (
        <Suspense fallback={null}>
          <LikeModal user={user} locale={locale} onClose={() => setLikeModal(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The page title of a screen route, when it has one of its own. */
function screenTitle(route: MembersRoute, t: TFunction): string | null {
  switch (route) {
    case 'profile':
      return t('profile.title');
    case 'members':
      return t('search.title');
    case 'likes':
    case 'likes-type':
    case 'likes-m-id':
      return t('likes.title');
    case 'swipe-game':
      return t('swipe.title');
    case 'match-finder':
      return t('match_finder.title');
    case 'premium':
      return t('premium.title');
    case 'credits':
    case 'credits-id-paymentmethod':
    case 'credits-repeat-order':
      return t('credits.title');
    case 'transactions-id':
      return t('credits.transaction.title');
    case 'chats':
    case 'chats-id':
    case 'members-id-chat':
      return t('chat.title');
    case 'complaints':
      return t('complaints.title');
    default:
      return null;
  }
}

function Spinner() {
  const { t } = useTranslation();
  return <LoadingState label={t('members.loading')} />;
}
