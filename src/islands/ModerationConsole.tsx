/**
 * The moderation console island (issue 4 'Moderation'), mounted on /moderation of every
 * site. It resolves the session first: a guest is asked to log in, a member without the
 * moderator or admin role is told there is no access, and moderators get the queue
 * (src/features/moderation/). The server checks the role on every call regardless.
 */
import '../styles/islands.css';
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '../i18n/index.ts';
import type { Locale } from '../lib/locales.ts';
import { $session, loadSession } from '../stores/session.ts';
import IslandI18n from '../ui/IslandI18n.tsx';
import ModerationScreen, { type ModerationSite } from '../features/moderation/ModerationScreen.tsx';
import { MODERATOR_ROLES } from '../lib/constants.ts';

/** The catalogue namespaces the island uses: the page passes only these. */
export const MODERATION_NAMESPACES = ['moderation', 'photos'] as const satisfies readonly (keyof Catalogue)[];
export type ModerationCatalogue = Pick<Catalogue, (typeof MODERATION_NAMESPACES)[number]>;

interface Props {
  locale: Locale;
  catalogue: ModerationCatalogue;
  /** The sites of the network, for the site filter and the site names on the cards. */
  sites: readonly ModerationSite[];
}

export default function ModerationConsole({ locale, catalogue, sites }: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <ConsoleRoot locale={locale} sites={sites} />
    </IslandI18n>
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
  return <ModerationScreen locale={locale} sites={sites} />;
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
