/**
 * Page links of a result list (SPEC §2.7: pagination where infinite scroll is not used, and
 * the similar section's own): previous / next and the page numbers around the current one,
 * in a labelled nav. Links carry the real URL (open in a new tab works); a plain click is
 * handed to `onPage` so the list changes without a reload.
 */
import { useTranslation } from 'react-i18next';
import { pageCount, pageItems } from './search-rules.ts';

interface Props {
  /** What the nav is called for screen readers (two lists may have one each). */
  label: string;
  /** 0-based. */
  page: number;
  numResults: number;
  capped: boolean;
  perPage: number;
  /** The URL of a page (0-based), for the links' href. */
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
  busy?: boolean;
}

export default function Pagination({ label, page, numResults, capped, perPage, hrefOf, onPage, busy }: Props) {
  const { t } = useTranslation();
  // A capped count has more pages than counted: at least one after the current one.
  const total = Math.max(pageCount(numResults, perPage), capped ? page + 2 : 1);
  if (total <= 1 && page === 0) return null;
  const current = page + 1;
  const link = (target: number, text: string, options: { rel?: string; aria?: string } = {}) => (
    <a
      href={hrefOf(target)}
      rel={options.rel}
      aria-label={options.aria}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onPage(target);
      }}
      className="btn btn-ghost min-w-11 px-3"
    >
      {text}
    </a>
  );
  return (
    <nav aria-label={label} aria-busy={busy || undefined} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {current > 1 && <li>{link(page - 1, t('search.pagination.previous'), { rel: 'prev' })}</li>}
        {pageItems(current, total, { capped }).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={item}>
              {item === current ? (
                <span aria-current="page" className="btn min-w-11 bg-primary px-3 text-on-primary">
                  <span className="sr-only">{t('search.pagination.page', { page: item })}</span>
                  <span aria-hidden="true">{item}</span>
                </span>
              ) : (
                link(item - 1, String(item), { aria: t('search.pagination.page', { page: item }) })
              )}
            </li>
          ),
        )}
        {current < total && <li>{link(page + 1, t('search.pagination.next'), { rel: 'next' })}</li>}
      </ul>
    </nav>
  );
}
