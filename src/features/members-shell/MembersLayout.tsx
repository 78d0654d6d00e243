/**
 * The members layout (SPEC §2.2 'Default layout' for members): the logged-in top nav, the
 * banners, the offline notice and update prompt, the installed app's Back button and the
 * screen of the route, each screen in its own chunk and behind the error page
 * (ErrorBoundary.tsx). The members island loads this module while it asks for the session,
 * so the shell's first load carries neither it nor any screen.
 */
import { Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Locale } from '#src/lib/locales.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { $router, interceptLinks, type MembersRoute } from '#src/stores/router.ts';
import { $newLikes, $newestChat, $totalUnread } from '#src/stores/counters.ts';
import { environment } from '#src/stores/environment.ts';
import { inMembersArea, mayHaveTimeBonus } from '#src/lib/time-bonus.ts';
import { registerAppWorker, watchOnline } from '#src/pwa/app-worker-client.ts';
import Banners from '../banners/Banners.tsx';
import LoadingState from '#src/ui/Spinner.tsx';
import MembersNav from './MembersNav.tsx';
import MembersHome from './MembersHome.tsx';
import BackButton from './BackButton.tsx';
import AppStatus from './AppStatus.tsx';
import { MembersErrorBoundary } from './ErrorBoundary.tsx';
import { lazyRoute } from './chunk-reload.ts';
import { useTitleCount } from './use-title-count.ts';

/**
 * Screens load with their route (code splitting): each is a chunk of its own, loaded through
 * the chunk reload rule (chunk-reload.ts).
 */
const SettingsScreen = lazyRoute(() => import('../settings/SettingsScreen.tsx'));
const ProfileScreen = lazyRoute(() => import('../profile/ProfileScreen.tsx'));
const MemberProfileScreen = lazyRoute(() => import('../member-profile/MemberProfileScreen.tsx'));
const SearchScreen = lazyRoute(() => import('../search/SearchScreen.tsx'));
const LikesScreen = lazyRoute(() => import('../likes/LikesScreen.tsx'));
const SwipeGameScreen = lazyRoute(() => import('../swipe-game/SwipeGameScreen.tsx'));
const MatchFinderScreen = lazyRoute(() => import('../match-finder/MatchFinderScreen.tsx'));
const ChatsScreen = lazyRoute(() => import('../chat/ChatsScreen.tsx'));
const StartChat = lazyRoute(() => import('../chat/StartChat.tsx'));
const PremiumScreen = lazyRoute(() => import('../premium/PremiumScreen.tsx'));
const CreditsScreen = lazyRoute(() => import('../credits/CreditsScreen.tsx'));
const PaymentScreen = lazyRoute(() => import('../credits/PaymentScreen.tsx'));
const RepeatOrderScreen = lazyRoute(() => import('../credits/RepeatOrderScreen.tsx'));
const TransactionScreen = lazyRoute(() => import('../credits/TransactionScreen.tsx'));
const DirectDebitScreen = lazyRoute(() => import('../direct-debit/DirectDebitScreen.tsx'));
/** The complaints form (SPEC §2.7 'Complaints'): for visitors too, so it is not behind the login wall. */
const ComplaintsScreen = lazyRoute(() => import('../complaints/ComplaintsScreen.tsx'));
/** The time-bonus banner and modal (SPEC §2.4 (e), §2.6) load only for members who may have one, in the members area. */
const TimeBonus = lazyRoute(() => import('../time-bonus/TimeBonus.tsx'));
/** The like modal (SPEC §2.6) loads only when a page asks for it with `?t=`. */
const LikeModal = lazyRoute(() => import('../likes/LikeModal.tsx'));

export default function MembersLayout({
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
  useEffect(() => registerAppWorker(), []);
  useEffect(() => watchOnline(), []);
  useEffect(() => {
    // While the member is in (loaded on demand, outside the shell's first load): the server
    // events, the conversation list and the likes that feed the badges, with the polling as
    // the fallback.
    let active = true;
    let stopUpdates: (() => void) | undefined;
    import('#src/stores/polling.ts').then(
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
      />
      <AppStatus />
      <Banners user={user} route={route} search={page?.search ?? {}} />
      {/* Only in the members area: leaving it unmounts the banner and cancels the modal's wait. */}
      {inMembersArea(route) && mayHaveTimeBonus(user, environment().now()) && (
        <Suspense fallback={null}>
          <TimeBonus />
        </Suspense>
      )}
      <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-6 sm:px-6 sm:py-8">
        <BackButton route={route} />
        <MembersErrorBoundary
          resetKey={page?.path ?? null}
          failedText={t('errors.error_page_failed')}
          onError={(error) => environment().report(error)}
          onReload={() => environment().reload()}
        >
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
              <PaymentScreen
                user={user}
                locale={locale}
                id={page.params.id}
                paymentMethod={page.params.paymentmethod}
              />
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
        </MembersErrorBoundary>
      </div>
      {likeModal && (
        <Suspense fallback={null}>
          <LikeModal user={user} locale={locale} delay={likeModalAsk} onClose={() => setLikeModal(false)} />
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
