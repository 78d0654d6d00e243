/** How the inbox and the conversation show a message: its text or its kind, and its time. */
import { useTranslation } from 'react-i18next';
import type { OperatorMessage } from '#src/contract/operator.ts';
import { formatRecent } from '#src/lib/dates.ts';
import type { Locale } from '#src/lib/locales.ts';

/** A time of today as "14:05", of another day with its date. */
export function formatTime(iso: string, locale: Locale, now = new Date()): string {
  return formatRecent(iso, locale, now, 'time', 'dateTime');
}

/**
 * What a message says: its text; an icebreaker's line; the GIF and the photo themselves (the
 * photo from the operator's own photo route, opened full size by its link). A message without
 * those (a GIF the service failed on) shows what kind it is. In the inbox's rows (`inRow`: the
 * row is a button) a photo or GIF is named by its kind, as neither an image nor a link fits in
 * one line of a button.
 */
export function MessagePreview({ message, inRow = false }: { message: OperatorMessage; inRow?: boolean }) {
  const { t } = useTranslation();
  if (message.kind === 'text') return <>{message.text}</>;
  const label = {
    photo: t('operator.kind.photo'),
    gift: t('operator.kind.gift'),
    gif: t('operator.kind.gif'),
    icebreaker: t('operator.kind.icebreaker'),
  }[message.kind];
  if (message.kind === 'icebreaker' && message.text)
    return (
      <span className="italic">
        <span className="sr-only">{label}: </span>
        {message.text}
      </span>
    );
  if (message.kind === 'gif' && message.gif && !inRow)
    return (
      <img
        src={message.gif.url}
        width={message.gif.width}
        height={message.gif.height}
        alt={message.gif.title || label}
        loading="lazy"
        className="h-auto max-h-64 w-auto max-w-full rounded-2xl"
      />
    );
  if (message.kind === 'photo' && message.photo && !inRow)
    return (
      <a href={message.photo.url} target="_blank" rel="noopener" className="block">
        <img
          src={message.photo.thumb_url}
          width={message.photo.width || undefined}
          height={message.photo.height || undefined}
          alt={label}
          loading="lazy"
          className="h-auto max-h-72 w-auto max-w-full rounded-2xl object-contain"
        />
      </a>
    );
  return <span className="italic">{message.item ? `${label}: ${message.item}` : label}</span>;
}
