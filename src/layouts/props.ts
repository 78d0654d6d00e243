import type { SiteConfig } from '#sites-config';
import type { Locale } from '../lib/locales.ts';

/** What every layout needs to know about its page. */
export interface LayoutProps {
  site: SiteConfig;
  locale: Locale;
  title: string;
  description?: string;
  /** Path of this page without locale, e.g. '/pages/terms'; null for pages not to index. */
  path: string | null;
}
