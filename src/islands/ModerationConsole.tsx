/**
 * The moderation console island (issue 4 'Moderation'), mounted on /moderation of every
 * site. It resolves the session first: a guest is asked to log in, a member without the
 * moderator or admin role is told there is no access, and moderators get the queue
 * (src/features/moderation/). The header shows the site's brand and, once logged in, who is
 * signed in with a logout button. The server checks the role on every call regardless.
 */
import '../styles/islands.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '../i18n/index.ts';
import type { Locale } from '../lib/locales.ts';
import { $session, loadSession } from '../stores/session.ts';
import { logout } from '../stores/account.ts';
import type { CurrentUser } from '../contract/user.ts';
import IslandI18n from '../ui/IslandI18n.tsx';
import BrandLink from '../ui/BrandLink.tsx';
import type { ModerationSite } from '../features/moderation/ModerationScreen.tsx';
import ConsoleTabs from '../features/moderation/ConsoleTabs.tsx';
import { MODERATOR_ROLES } from '../lib/constants.ts';

/** The catalogue namespaces the island uses: the page passes only these. */
export const MODERATION_NAMESPACES = [
  'moderation',
  'photos',
  'nav',
  'complaints',
] as const satisfies readonly (keyof Catalogue)[];
export type ModerationCatalogue = Pick<Catalogue, (typeof MODERATION_NAMESPACES)[number]>;

interface Props {
  locale: Locale;
  catalogue: ModerationCatalogue;
  /** The sites of the network, for the site filter and the site names on the cards. */
  sites: readonly ModerationSite[];
  /** The site's brand: the header's home link is named by it. */
  brand: string;
  /** The site's logo (inline SVG markup, decorative); the brand name when null. */
  logo?: string | null;
}

export default function ModerationConsole({ locale, catalogue, sites, brand, logo = null }: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <ConsoleHeader brand={brand} logo={logo} />
      <ConsoleRoot locale={locale} sites={sites} />
    </IslandI18n>
  );
}

function ConsoleHeader({ brand, logo }: { brand: string; logo: string | null }) {
  const session = useStore($session);
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <BrandLink brand={brand} logo={logo} size="h-7" />
        {session.status === 'member' && <SignedIn user={session.user} />}
      </div>
    </header>
  );
}

function SignedIn({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <p className="min-w-0 text-right text-sm leading-tight">
        <span className="block truncate font-semibold">{t('moderation.signed_in_as', { name: user.name })}</span>
        <span className="block truncate text-ink-muted">{user.email}</span>
      </p>
      <button
        type="button"
        className="btn btn-outline min-h-10 px-4"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          logout().catch(() => setState('failed'));
        }}
      >
        {t('nav.logout')}
      </button>
      {state === 'failed' && (
        <p role="alert" className="w-full text-sm text-danger">
          {t('moderation.try_later')}
        </p>
      )}
    </div>
  );
}

function ConsoleRoot({ locale, sites }: { locale: Locale; sites: readonly ModerationSite[] }) {
  const { t } = useTranslation();
  const session = useStore($session);
  useEffect(() => {
    void loadSession({ cookies: document.cookie });
  }, []);

  if (session.status === 'loading') {
    return (
      <p role="status" className="p-12 text-center text-ink-muted">
        {t('moderation.loading')}
      </p>
    );
  }
  if (session.status === 'error') {
    return (
      <p role="alert" className="p-8 text-center text-danger">
        {t('moderation.try_later')}
      </p>
    );
  }
  if (session.status === 'guest') {
    return (
      <Notice title={t('moderation.title')} text={t('moderation.login_required')}>
        <a href="/login" className="btn btn-primary">
          {t('moderation.log_in')}
        </a>
      </Notice>
    );
  }
  if (!MODERATOR_ROLES.includes(session.user.role)) {
    return (
      <Notice title={t('moderation.no_access_title')} text={t('moderation.no_access_text')}>
        <a href="/members" className="btn btn-outline">
          {t('moderation.back_to_members')}
        </a>
      </Notice>
    );
  }
  return <ConsoleTabs locale={locale} sites={sites} />;
}

function Notice({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{text}</p>
      {children}
    </div>
  );
}
