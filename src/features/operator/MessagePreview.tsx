/** How the inbox and the conversation show a message: its text or its kind, and its time. */
import { useTranslation } from 'react-i18next';
import type { OperatorMessage } from '#src/contract/operator.ts';
import { formatRecent } from '#src/lib/dates.ts';
import type { Locale } from '#src/lib/locales.ts';

/** A time of today as "14:05", of another day with its date. */
export function formatTime(iso: string, locale: Locale, now = new Date()): string {
  return formatRecent(iso, locale, now, 'time', 'dateTime');
}

/** What a message says: its text, or what kind it is (a photo, a gift...). */
export function MessagePreview({ message }: { message: OperatorMessage }) {
  const { t } = useTranslation();
  if (message.kind === 'text') return <>{message.text}</>;
  const label = {
    photo: t('operator.kind.photo'),
    gift: t('operator.kind.gift'),
    gif: t('operator.kind.gif'),
    icebreaker: t('operator.kind.icebreaker'),
  }[message.kind];
  return <span className="italic">{message.item ? `${label}: ${message.item}` : label}</span>;
}
