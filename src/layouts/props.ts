/** What every layout needs to know about its page (the site and locale: `pageContext`). */
export interface LayoutProps {
  title: string;
  description?: string;
  /** Path of this page without locale, e.g. '/pages/terms'; null for pages not to index. */
  path: string | null;
}
