/**
 * The members island (ARCHITECTURE "One members island"), mounted on the members shell page
 * that every members-area path is rewritten to. Up front it carries only React, the texts
 * and the loading state: its root (MembersRoot: session, login wall, offline state) is the
 * first chunk, asked for as soon as this module runs; the members layout loads while the
 * session is asked for, and every screen is a chunk of its own (docs/pwa.md; budgets in
 * tests/budgets). Chunks that fail to load follow the reload rule (chunk-reload.ts); render
 * errors show the error page (ErrorBoundary.tsx).
 */
import '#src/styles/islands.css';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n, type Catalogue } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { lazyRoute } from '#src/features/members-shell/chunk-reload.ts';
import { MembersErrorBoundary } from '#src/features/members-shell/ErrorBoundary.tsx';
import LoadingState from '#src/ui/Spinner.tsx';

const loadRoot = () => import('#src/features/members-shell/MembersRoot.tsx');
const MembersRoot = lazyRoute(loadRoot);
if (typeof window !== 'undefined') void loadRoot().catch(() => undefined);

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
  'reports',
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
  // The island's texts (as IslandI18n gives them, which would bring the stores up front).
  const i18n = useMemo(() => createI18n(locale, catalogue), [locale, catalogue]);
  return (
    <I18nextProvider i18n={i18n}>
      <Boundary>
        <Suspense fallback={<Spinner />}>
          <MembersRoot locale={locale} brand={brand} logo={logo} />
        </Suspense>
      </Boundary>
    </I18nextProvider>
  );
}

/** The error page around the whole island (SPEC §8); reports go through the stores once loaded. */
function Boundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MembersErrorBoundary
      failedText={t('errors.error_page_failed')}
      onError={(error) => {
        import('#src/stores/environment.ts').then(
          ({ environment }) => environment().report(error),
          () => undefined,
        );
      }}
    >
      {children}
    </MembersErrorBoundary>
  );
}

function Spinner() {
  const { t } = useTranslation();
  return <LoadingState label={t('members.loading')} />;
}
