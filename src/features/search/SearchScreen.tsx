/**
 * The members page (route `members`, SPEC §2.7 'Member search'): a heading and the member
 * search with the page URL's parameters. The search itself is MemberSearch, which other
 * pages embed too.
 */
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import MemberSearch from './MemberSearch.tsx';

interface Props {
  /** Null for a logged-out visitor (GuestSearch.tsx). */
  user: CurrentUser | null;
  locale: Locale;
  /** The URL's query parameters ($router's page.search). */
  search: Record<string, string>;
}

export default function SearchScreen({ user, locale, search }: Props) {
  const { t } = useTranslation();
  return (
    // On phones the nav's tab names the screen: its heading is for screen readers there, so the
    // first results stay in the first screen.
    <div className="flex flex-col gap-3 sm:gap-5">
      <header>
        <h1 className="sr-only text-2xl font-bold sm:not-sr-only sm:text-3xl">{t('search.title')}</h1>
        <p className="mt-1 hidden text-ink-muted sm:block">{t('search.intro')}</p>
      </header>
      <MemberSearch user={user} locale={locale} query={search} source="members" />
    </div>
  );
}
