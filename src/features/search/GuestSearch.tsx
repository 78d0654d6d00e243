/**
 * /members for a logged-out visitor (SPEC §6 Visitor): the member search when the site opens
 * it to visitors (`visitorMaySearch`: logged_out_search, or logged_out_search_trafficsource
 * with a traffic source), else `fallback` (the login prompt). The traffic source is the
 * address's `network`, else the one stored when the visitor landed (src/scripts/traffic.ts);
 * the search sends it as `trafficsource`. The server checks the same rule and shows visitors
 * only whom a visitor may see (no invisible or privacy-mode members).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { TRAFFIC_STORAGE_KEY } from '#src/lib/traffic.ts';
import type { Locale } from '#src/lib/locales.ts';
import { environment } from '#src/stores/environment.ts';
import { $siteSettings, loadSiteSettings } from '#src/stores/site-data.ts';
import Spinner from '#src/ui/Spinner.tsx';
import SearchScreen from './SearchScreen.tsx';
import { visitorMaySearch } from './search-rules.ts';

interface Props {
  locale: Locale;
  /** The URL's query parameters ($router's page.search). */
  search: Record<string, string>;
  /** What a visitor who may not search sees. */
  fallback: ReactNode;
}

/** The `network` of the traffic source stored on landing, or null. */
export function storedTrafficNetwork(): string | null {
  try {
    const raw = environment().storage?.getItem(TRAFFIC_STORAGE_KEY);
    const network = raw ? (JSON.parse(raw) as { network?: unknown }).network : undefined;
    return typeof network === 'string' && network !== '' ? network : null;
  } catch {
    return null;
  }
}

export default function GuestSearch({ locale, search, fallback }: Props) {
  const { t } = useTranslation();
  const settings = useStore($siteSettings);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadSiteSettings().catch(() => setFailed(true));
  }, []);
  if (failed) return fallback;
  if (!settings) return <Spinner label={t('members.loading')} />;
  const network = search['network'] || storedTrafficNetwork();
  if (!visitorMaySearch(settings, network)) return fallback;
  const query = network && !search['network'] ? { ...search, network } : search;
  // The members layout's page frame (a visitor has no layout around the screen).
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <SearchScreen user={null} locale={locale} search={query} />
    </div>
  );
}
