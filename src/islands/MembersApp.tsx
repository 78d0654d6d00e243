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
import { applyLangConfig, changeLanguage, logout } from '../stores/account.ts';
import { environment } from '../stores/environment.ts';
import { loginLink } from '#src/lib/return-path.ts';
import MembersNav from '../features/members-shell/MembersNav.tsx';
import MembersHome from '../features/members-shell/MembersHome.tsx';
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
  return <LoginWall />;
}

/** A visitor on a members page: log in and come back to it, or sign up. */
function LoginWall() {
  const { t } = useTranslation();
  const here = environment().location();
  return (
    <div className="mx-auto max-w-md p-8 text-center">
      <p>{t('members.login_required')}</p>
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
  useEffect(() => interceptLinks(), []);
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
        onLogout={logout}
        onLanguage={changeLanguage}
      />
      <Banners user={user} route={route} search={page?.search ?? {}} />
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
    default:
      return null;
  }
}

function Spinner() {
  const { t } = useTranslation();
  return <LoadingState label={t('members.loading')} />;
}
