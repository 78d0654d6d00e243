/** How the chat screens word messages and times (pure, tested without rendering). */
import type { ChatListItem, ChatMessage } from '#src/contract/chat.ts';
import { PHOTO_REJECT_REASONS } from '#src/contract/photos.ts';
import type { Translate } from '#src/i18n/index.ts';
import { formatRecent } from '#src/lib/dates.ts';

/** The text of a system message, robust to a missing parameter (an empty one reads fine). */
export function systemText(message: ChatMessage, t: Translate, brand: string): string {
  if (!message.system) return '';
  const params: Record<string, string | number> = { brand, order: '', credits: '', ...message.system.params };
  if (message.system.key === 'photo_rejected') {
    const reason = String(message.system.params['reason'] ?? '');
    params['reason'] = (PHOTO_REJECT_REASONS as readonly string[]).includes(reason)
      ? t(`photos.reject_reasons.${reason as (typeof PHOTO_REJECT_REASONS)[number]}`)
      : '';
  }
  return t(`chat.system.${message.system.key}`, params).trim();
}

/** One line about a message for the conversation list. */
export function previewText(message: ChatMessage, t: Translate, brand: string): string {
  const body = (() => {
    switch (message.kind) {
      case 'text':
      case 'icebreaker':
        return message.text ?? '';
      case 'photo':
        return t('chat.message.photo');
      case 'gift':
        return t('chat.message.gift', { name: message.gift?.name ?? '' });
      case 'gif':
        return t('chat.message.gif');
      case 'system':
        return systemText(message, t, brand);
    }
  })();
  return message.from === 'me' ? t('chat.preview.you', { text: body }) : body;
}

/** The name a conversation goes by: the other member's, or the site's for its own. */
export function chatName(chat: ChatListItem, t: Translate, brand: string): string {
  return chat.profile?.name ?? t('chat.list.site', { brand });
}

/** A message's time: the clock time today, the date and time before. */
export function messageTime(iso: string, locale: string, now: number): string {
  return formatRecent(iso, locale, now, 'clock', 'dayMonthClock');
}

/** A list entry's time: the clock time today, the date before. */
export function listTime(iso: string, locale: string, now: number): string {
  return formatRecent(iso, locale, now, 'clock', 'dayMonth');
}
