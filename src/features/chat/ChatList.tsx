/**
 * The conversation list (SPEC §2.7, §3 'Conversation / chat list item'): newest first, each
 * with the other profile's photo and name (the site's own conversation with its mark), the
 * last message in one line, its time and the unread count. A chat pal's entry carries the
 * fictional mark. The open conversation (desktop two-pane view) is marked current.
 */
import { useTranslation } from 'react-i18next';
import type { ChatListItem } from '#src/contract/chat.ts';
import { badgeText } from '../members-shell/nav-badges.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { chatName, listTime, previewText } from './chat-format.ts';

interface Props {
  chats: ChatListItem[];
  selected: string | null;
  locale: string;
  brand: string;
  now: number;
}

export default function ChatList({ chats, selected, locale, brand, now }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col" data-chat-list>
      {chats.map((chat) => {
        const name = chatName(chat, t, brand);
        const unread = badgeText(chat.num_unread_messages);
        const preview = chat.last_message ? previewText(chat.last_message, t, brand) : t('chat.list.no_messages');
        return (
          <li key={chat.id} className="border-b border-line last:border-b-0">
            <a
              href={`/chats/${encodeURIComponent(chat.id)}`}
              aria-current={chat.id === selected ? 'page' : undefined}
              data-chat={chat.id}
              className="flex min-h-18 items-center gap-3 px-3 py-2.5 text-ink no-underline hover:bg-ink-soft aria-[current=page]:bg-primary-soft"
            >
              <ChatAvatar chat={chat} brand={brand} size="size-12" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className={`min-w-0 flex-1 truncate ${unread ? 'font-extrabold' : 'font-semibold'}`}>
                    {name}
                    {chat.profile?.type === 'fictional' && (
                      <span title={t('fictional.warning')} className="ml-1 inline-flex align-middle text-warning">
                        <LineIcon name="mask" className="size-4" />
                        <span className="sr-only">{t('fictional.warning')}</span>
                      </span>
                    )}
                  </span>
                  {chat.last_message && (
                    <time dateTime={chat.updated_at} className="shrink-0 text-xs text-ink-muted">
                      {listTime(chat.updated_at, locale, now)}
                    </time>
                  )}
                </span>
                <span className="flex items-center gap-2">
                  <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'text-ink' : 'text-ink-muted'}`}>
                    {preview}
                  </span>
                  {unread && (
                    <span className="shrink-0 rounded-full bg-unread px-1.5 text-xs leading-5 font-bold text-on-unread">
                      <span aria-hidden="true">{unread}</span>
                      <span className="sr-only">{t('chat.list.unread', { count: chat.num_unread_messages })}</span>
                    </span>
                  )}
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The round picture of a conversation: the profile's photo, its initial, or the site's mark. */
export function ChatAvatar({ chat, brand, size }: { chat: ChatListItem; brand: string; size: string }) {
  const image = chat.profile?.main_image;
  if (image)
    return (
      <img
        src={image.thumb_filename}
        width={image.thumb_width}
        height={image.thumb_height}
        alt=""
        className={`${size} shrink-0 rounded-full object-cover`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full font-bold uppercase ${
        chat.system ? 'bg-secondary text-on-secondary' : 'bg-primary text-on-primary'
      }`}
    >
      {chat.system ? <LineIcon name="sparkle" className="size-1/2" /> : (chat.profile?.name ?? brand).charAt(0)}
    </span>
  );
}
