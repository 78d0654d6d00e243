/**
 * The pieces the staff consoles' screens share (the moderation queue and its complaints, the
 * operator inbox), inside the island's frame (StaffConsole.tsx): the page with its title and
 * introduction, the site filter, the load failure with Try again, the empty state and a
 * profile's photo strip. Texts come from the console's own namespace, as StaffConsole's do.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, inputClass } from './fields.tsx';

/** The namespace of a console's texts (site_filter, all_sites, load_failed, try_again, empty_title). */
export type ConsoleNamespace = 'operator';

/** A site of the network as a console's filter offers it and its cards name it. */
export interface ConsoleSite {
  id: string;
  brand: string;
}

/** A site's brand for a card (its id when the network does not know it). */
export function brandOf(sites: readonly ConsoleSite[], id: string): string {
  return sites.find((s) => s.id === id)?.brand ?? id;
}

/**
 * A console's page: its title (and introduction) over `children`. `width` is the console's
 * own (as its header's); `headingClass` hides the heading where the screen needs the room.
 */
export function ConsolePage({
  title,
  intro,
  width,
  headingClass,
  children,
}: {
  title: string;
  intro?: string;
  width: 'max-w-6xl' | 'max-w-7xl';
  headingClass?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto flex w-full ${width} flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8`}>
      {intro === undefined ? (
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      ) : (
        <div className={headingClass}>
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          <p className="mt-1 text-ink-muted">{intro}</p>
        </div>
      )}
      {children}
    </div>
  );
}

/** The site filter: every site of the network, or all of them (''). */
export function SiteFilter({
  namespace,
  id,
  sites,
  value,
  onChange,
  selectClass = '',
}: {
  namespace: ConsoleNamespace;
  id: string;
  sites: readonly ConsoleSite[];
  value: string;
  onChange: (site: string) => void;
  /** The select's width in the toolbar. */
  selectClass?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {t(`${namespace}.site_filter`)}
      </label>
      <select
        id={id}
        className={selectClass ? `${inputClass} ${selectClass}` : inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t(`${namespace}.all_sites`)}</option>
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.brand}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What failed to load, with the server's message, and Try again. */
export function LoadFailed({
  namespace,
  message,
  onRetry,
}: {
  namespace: ConsoleNamespace;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="danger">
        {t(`${namespace}.load_failed`)} {message}
      </Alert>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        {t(`${namespace}.try_again`)}
      </button>
    </div>
  );
}

/** Nothing to work on: the console's empty title over `text`. */
export function EmptyState({
  namespace,
  text,
  padding,
}: {
  namespace: ConsoleNamespace;
  text: string;
  padding: 'py-10' | 'py-12';
}) {
  const { t } = useTranslation();
  return (
    <div className={`card flex flex-col items-center gap-2 px-6 ${padding} text-center`}>
      <p className="text-xl font-bold">{t(`${namespace}.empty_title`)}</p>
      <p className="text-ink-muted">{text}</p>
    </div>
  );
}

/** A profile's photos as small thumbnails under `title`, or `empty` without any; one with a `url` opens it. */
export function PhotoStrip({
  title,
  empty,
  photos,
  alt,
}: {
  title: string;
  empty: string;
  photos: readonly { id: string; thumb_url: string; url?: string }[];
  alt: string;
}) {
  return (
    <div>
      <p className="text-sm font-semibold">{title}</p>
      {photos.length === 0 ? (
        <p className="text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-1.5 flex flex-wrap gap-2">
          {photos.map((photo) => {
            const thumb = (
              <img
                src={photo.thumb_url}
                alt={alt}
                width={60}
                height={80}
                loading="lazy"
                decoding="async"
                className="h-20 w-15 rounded-lg object-cover"
              />
            );
            return (
              <li key={photo.id}>
                {photo.url ? (
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    {thumb}
                  </a>
                ) : (
                  thumb
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
