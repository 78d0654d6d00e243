/**
 * The chats screen (routes chats and chats-id; SPEC §2.7 'Chats overview and conversation').
 * Phones: `/chats` is the list, `/chats/{id}` the conversation filling the screen. Desktop:
 * two panes, the list beside the open conversation (or a hint to choose one). A failed
 * delete shows its alert above the list, which has been loaded again.
 */
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { $chats, $chatsError, $chatsLoad, dismissChatsError, loadChats } from '#src/stores/chats.ts';
import { environment } from '#src/stores/environment.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import ChatList from './ChatList.tsx';
import ConversationScreen from './ConversationScreen.tsx';
import CloseButton from '#src/ui/CloseButton.tsx';

interface Props {
  user: CurrentUser;
  locale: Locale;
  brand: string;
  /** The open conversation (chats-id), null on the overview. */
  conversationId: string | null;
  /** The page's hash: `#gifts` opens the gifts panel. */
  hash: string;
}

export default function ChatsScreen({ user, locale, brand, conversationId, hash }: Props) {
  const { t } = useTranslation();
  const chats = useStore($chats);
  const load = useStore($chatsLoad);
  const error = useStore($chatsError);
  const panes = useRef<HTMLDivElement>(null);
  const height = usePanesHeight(panes);
  useEffect(() => {
    void loadChats();
  }, []);

  return (
    <div
      ref={panes}
      style={height ? ({ '--panes-height': `${height}px` } as CSSProperties) : undefined}
      className="lg:grid lg:h-[var(--panes-height,calc(100dvh-8.5rem))] lg:min-h-[30rem] lg:grid-cols-[minmax(18rem,22rem)_1fr] lg:gap-4"
    >
      <section
        aria-labelledby="chats-title"
        className={`${conversationId ? 'hidden lg:flex' : 'flex'} min-h-0 flex-col lg:overflow-hidden lg:rounded-3xl lg:border lg:border-line lg:bg-surface`}
      >
        <h1
          id="chats-title"
          className="mb-3 text-2xl font-bold lg:mb-0 lg:border-b lg:border-line lg:px-4 lg:py-3 lg:text-xl"
        >
          {t('chat.title')}
        </h1>
        {error && (
          <div
            role="alert"
            className="mb-3 flex items-start gap-2 rounded-2xl border-2 border-danger bg-surface p-3 text-danger lg:m-3"
          >
            <p className="min-w-0 flex-1 text-sm font-semibold">{error}</p>
            <CloseButton label={t('common.dismiss')} onClick={dismissChatsError} small className="" />
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-hidden rounded-3xl border border-line bg-surface lg:overflow-y-auto lg:rounded-none lg:border-0">
          {chats === null ? (
            load.status === 'error' ? (
              <div className="flex flex-col items-center gap-3 p-6 text-center">
                <p role="alert" className="text-danger">
                  {load.message}
                </p>
                <button type="button" className="btn btn-primary" onClick={() => void loadChats()}>
                  {t('chat.retry')}
                </button>
              </div>
            ) : (
              <Spinner label={t('chat.list.loading')} />
            )
          ) : chats.length === 0 ? (
            <div className="flex flex-col items-center gap-2 p-8 text-center">
              <LineIcon name="chat" className="size-10 text-primary-ink" />
              <p className="font-semibold">{t('chat.list.empty')}</p>
              <p className="text-sm text-ink-muted">{t('chat.list.empty_hint')}</p>
              <a href="/members" className="btn btn-primary mt-2">
                {t('chat.list.find_members')}
              </a>
            </div>
          ) : (
            <ChatList chats={chats} selected={conversationId} locale={locale} brand={brand} now={environment().now()} />
          )}
        </div>
      </section>
      {conversationId ? (
        <ConversationScreen
          key={conversationId}
          id={conversationId}
          user={user}
          locale={locale}
          brand={brand}
          initialPanel={hash === '#gifts' ? 'gifts' : 'none'}
        />
      ) : (
        <div className="hidden items-center justify-center rounded-3xl border border-dashed border-line p-8 text-center text-ink-muted lg:flex">
          <p className="flex flex-col items-center gap-3">
            <LineIcon name="chat" className="size-10" />
            {t('chat.list.choose')}
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * Desktop: the two panes fill the window below whatever is above them (the nav, banners),
 * so the composer stays in view. Measured again when the window or the page above changes.
 */
function usePanesHeight(ref: RefObject<HTMLDivElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.round(window.innerHeight - top - 24));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return height;
}
