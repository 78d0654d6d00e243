/**
 * One conversation (route chats-id; SPEC §2.7 'Chats overview and conversation'). On phones
 * and tablets it fills the screen above everything (the chat layout: no nav, no footer) and
 * follows the visual viewport, so the composer stays at the bottom above the keyboard; on a
 * desktop it is the right pane next to the list.
 *
 * Top bar: back to the list (phones), the other profile (a link to it) or the site, the
 * credits badge (a link to buy credits) and a menu with Delete conversation and Block. A
 * chat pal carries the fictional warning under it. Then the messages (older ones on demand,
 * the privacy note when older ones are hidden), the icebreakers of a new chat with their
 * price, the typing indicator, the credit alert and the composer.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { ChatIcebreaker, ChatListItem } from '#src/contract/chat.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { CHAT_VISIBLE_DAYS } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { removeChat } from '#src/stores/chats.ts';
import { environment } from '#src/stores/environment.ts';
import { navigate } from '#src/stores/router.ts';
import { onAuthenticationRequired } from '#src/stores/session.ts';
import { $siteSettings, loadSiteSettings } from '#src/stores/site-data.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import BlockUserModal from '../member-profile/BlockUserModal.tsx';
import { creditsBadge } from '../members-shell/nav-badges.ts';
import FictionalNote from '../profile-card/FictionalNote.tsx';
import ChatIcon from './ChatIcon.tsx';
import { ChatAvatar } from './ChatList.tsx';
import { chatName } from './chat-format.ts';
import Composer, { type Panel } from './Composer.tsx';
import { createConversationStore, type ConversationStore, type ConversationData } from './conversation-store.ts';
import CreditAlert from './CreditAlert.tsx';
import DeleteChatModal from './DeleteChatModal.tsx';
import MessageBubble, { PendingBubble } from './MessageBubble.tsx';
import TypingIndicator from './TypingIndicator.tsx';
import { createChatPhotoUploader } from './upload-chat-photo.ts';

interface Props {
  id: string;
  user: CurrentUser;
  locale: Locale;
  brand: string;
  /** The panel to open first (`#gifts`: the gifts). */
  initialPanel?: Panel;
}

export default function ConversationScreen({ id, user, locale, brand, initialPanel = 'none' }: Props) {
  const { t } = useTranslation();
  const store = useMemo(
    () => createConversationStore(id, { uploadPhoto: createChatPhotoUploader({ onAuthenticationRequired }) }),
    [id],
  );
  const state = useStore(store.$state);
  const box = useViewportBox();
  useEffect(() => store.open(), [store]);
  useEffect(() => {
    void loadSiteSettings().catch(() => {
      // Without the settings the composer counts characters without a limit; the server keeps it.
    });
  }, []);

  let body;
  if (state.status === 'loading') body = <Spinner label={t('chat.conversation.loading')} />;
  else if (state.status === 'ready')
    body = <Ready store={store} state={state} user={user} locale={locale} brand={brand} initialPanel={initialPanel} />;
  else
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <p role="alert" className={state.status === 'error' ? 'text-danger' : 'text-ink'}>
          {state.status === 'gone' ? t('chat.conversation.gone') : state.message}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {state.status === 'error' && (
            <button type="button" className="btn btn-primary" onClick={() => void store.load()}>
              {t('chat.retry')}
            </button>
          )}
          <a href="/chats" className="btn btn-outline">
            {t('chat.top.back')}
          </a>
        </div>
      </div>
    );

  return (
    <section
      aria-label={state.status === 'ready' ? chatName(state.conversation, t, brand) : t('chat.title')}
      data-conversation={id}
      style={box}
      className="fixed inset-x-0 top-[var(--chat-top,0px)] z-40 flex h-[var(--chat-height,100dvh)] flex-col overflow-hidden bg-surface lg:static lg:z-auto lg:h-full lg:rounded-3xl lg:border lg:border-line"
    >
      {state.status !== 'ready' && (
        <div className="flex items-center gap-2 border-b border-line px-2 py-2 lg:hidden">
          <BackLink />
        </div>
      )}
      {body}
    </section>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <a
      href="/chats"
      aria-label={t('chat.top.back')}
      title={t('chat.top.back')}
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink no-underline hover:bg-ink-soft lg:hidden"
    >
      <ChatIcon name="back" className="size-6" />
    </a>
  );
}

function Ready({
  store,
  state,
  user,
  locale,
  brand,
  initialPanel,
}: {
  store: ConversationStore;
  state: ConversationData;
  user: CurrentUser;
  locale: Locale;
  brand: string;
  initialPanel: Panel;
}) {
  const { t } = useTranslation();
  const pending = useStore(store.$pending);
  const theyType = useStore(store.$theyType);
  const creditAlert = useStore(store.$creditAlert);
  const settings = useStore($siteSettings);
  const [modal, setModal] = useState<'none' | 'delete' | 'block'>('none');
  const block = useForm(store.block);
  const conversation = state.conversation;
  const name = chatName(conversation, t, brand);

  useEffect(() => {
    if (block.done) navigate('/chats');
  }, [block.done]);

  return (
    <>
      <TopBar
        conversation={conversation}
        name={name}
        credits={user.credits}
        brand={brand}
        onDelete={() => setModal('delete')}
        onBlock={() => {
          store.block.reset();
          setModal('block');
        }}
      />
      {conversation.profile?.type === 'fictional' && <FictionalNote className="mx-3 mt-2 py-2 text-xs sm:text-sm" />}
      <MessageList
        store={store}
        state={state}
        pending={pending}
        theyType={theyType}
        name={name}
        locale={locale}
        brand={brand}
      />
      {creditAlert && <CreditAlert onClose={store.closeCreditAlert} />}
      {state.canWrite ? (
        <Composer
          name={name}
          maxLength={settings?.message_length ?? null}
          initialPanel={initialPanel}
          onSend={(content) => void store.send(content)}
          onTyping={store.typing}
        />
      ) : (
        <p className="border-t border-line px-4 py-3 text-center text-sm text-ink-muted">
          {conversation.system ? t('chat.conversation.site_note', { brand }) : t('chat.conversation.closed')}
        </p>
      )}
      {modal === 'delete' && (
        <DeleteChatModal
          name={name}
          onClose={() => setModal('none')}
          onConfirm={() => {
            setModal('none');
            // Gone from the list at once; a refusal shows on the list, which loads again.
            void removeChat(conversation.id);
            navigate('/chats');
          }}
        />
      )}
      {modal === 'block' && conversation.profile && (
        <BlockUserModal
          name={conversation.profile.name}
          busy={block.busy}
          error={block.error}
          onConfirm={() => void store.block.submit()}
          onClose={() => setModal('none')}
        />
      )}
    </>
  );
}

function TopBar({
  conversation,
  name,
  credits,
  brand,
  onDelete,
  onBlock,
}: {
  conversation: ChatListItem;
  name: string;
  credits: number;
  brand: string;
  onDelete: () => void;
  onBlock: () => void;
}) {
  const { t } = useTranslation();
  const profile = conversation.profile;
  const badge = creditsBadge(credits);
  const who = (
    <>
      <ChatAvatar chat={conversation} brand={brand} size="size-10" />
      <span className="min-w-0">
        <span className="block truncate font-bold">{profile ? `${profile.name}, ${profile.age}` : name}</span>
      </span>
    </>
  );
  return (
    <header className="flex items-center gap-1 border-b border-line px-2 py-2 pt-[max(0.5rem,env(safe-area-inset-top))] sm:gap-2 lg:pt-2">
      <BackLink />
      {profile ? (
        <a
          href={`/members/${encodeURIComponent(profile.id)}`}
          title={t('chat.top.profile', { name: profile.name })}
          className="flex min-w-0 flex-1 items-center gap-2.5 rounded-2xl py-1 pr-2 text-ink no-underline hover:bg-ink-soft"
          data-profile-link
        >
          {who}
          {profile.type === 'fictional' && (
            <span
              title={t('fictional.warning')}
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-warning text-ink"
            >
              <LineIcon name="mask" className="size-4" />
              <span className="sr-only">{t('fictional.warning')}</span>
            </span>
          )}
        </a>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-2.5 py-1">{who}</div>
      )}
      <a
        href="/credits"
        aria-label={t('chat.top.credits', { count: credits })}
        title={t('chat.top.credits', { count: credits })}
        data-tone={badge?.tone ?? 'normal'}
        className={`flex min-h-9 shrink-0 items-center gap-1 rounded-full px-2.5 text-sm font-bold no-underline ${
          badge?.tone === 'danger'
            ? 'bg-danger text-white'
            : badge?.tone === 'warning'
              ? 'bg-warning text-black'
              : 'bg-ink-soft text-ink'
        }`}
        data-credits
      >
        <LineIcon name="coins" className="size-4" />
        {credits}
      </a>
      {!conversation.system && (
        <ActionsMenu name={profile?.name ?? name} canBlock={profile !== null} onDelete={onDelete} onBlock={onBlock} />
      )}
    </header>
  );
}

/** The top bar's menu: Delete conversation, Block. Closes on an outside click and on Escape. */
function ActionsMenu({
  name,
  canBlock,
  onDelete,
  onBlock,
}: {
  name: string;
  canBlock: boolean;
  onDelete: () => void;
  onBlock: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node))
        details.open = false;
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  const choose = (action: () => void) => () => {
    ref.current?.removeAttribute('open');
    action();
  };
  const item =
    'flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-sm font-semibold hover:bg-ink-soft';
  return (
    <details ref={ref} className="relative shrink-0">
      <summary
        aria-label={t('chat.top.actions')}
        title={t('chat.top.actions')}
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-ink-muted hover:bg-ink-soft [&::-webkit-details-marker]:hidden"
      >
        <ChatIcon name="more" className="size-6" />
      </summary>
      <div className="absolute right-0 z-50 mt-1 w-60 max-w-[calc(100vw-1rem)] rounded-2xl border border-line bg-surface p-1.5 elevation-3">
        <button type="button" className={`${item} text-ink`} onClick={choose(onDelete)}>
          <ChatIcon name="trash" />
          {t('chat.top.delete')}
        </button>
        {canBlock && (
          <button type="button" className={`${item} text-danger`} onClick={choose(onBlock)}>
            <LineIcon name="block" />
            {t('chat.top.block', { name })}
          </button>
        )}
      </div>
    </details>
  );
}

function MessageList({
  store,
  state,
  pending,
  theyType,
  name,
  locale,
  brand,
}: {
  store: ConversationStore;
  state: ConversationData;
  pending: ReturnType<ConversationStore['$pending']['get']>;
  theyType: boolean;
  name: string;
  locale: Locale;
  brand: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef(0);
  const firstId = state.messages[0]?.id;
  const seenFirst = useRef(firstId);
  const seenPending = useRef(pending.length);
  const now = environment().now();

  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    const prepended = seenFirst.current !== undefined && firstId !== seenFirst.current;
    const sentMore = pending.length > seenPending.current;
    seenFirst.current = firstId;
    seenPending.current = pending.length;
    // A new chat starts at the top, with its icebreakers.
    if (state.messages.length === 0 && pending.length === 0) return;
    // Older messages above: the one being read stays in place. Otherwise follow the newest
    // while the member is at the bottom, and always after they sent something.
    if (prepended && !atBottom.current) list.scrollTop = list.scrollHeight - list.clientHeight - fromBottom.current;
    else if (atBottom.current || sentMore) list.scrollTop = list.scrollHeight;
  }, [firstId, state.messages.length, pending.length, theyType]);

  const onScroll = () => {
    const list = ref.current;
    if (!list) return;
    fromBottom.current = list.scrollHeight - list.clientHeight - list.scrollTop;
    atBottom.current = fromBottom.current < 48;
  };

  const empty = state.messages.length === 0 && pending.length === 0;
  return (
    <div ref={ref} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3">
      {state.olderHidden && !state.hasMore && (
        <div
          className="mx-auto mb-3 max-w-md rounded-2xl bg-ink-soft px-4 py-2 text-center text-xs text-ink-muted"
          data-older-hidden
        >
          <p>{t('chat.conversation.older_hidden')}</p>
          <p>{t('chat.conversation.older_window', { days: CHAT_VISIBLE_DAYS })}</p>
        </div>
      )}
      {state.hasMore && (
        <div className="mb-3 flex flex-col items-center gap-1">
          <button
            type="button"
            className="btn btn-ghost min-h-10 text-sm"
            disabled={state.loadingOlder}
            onClick={() => void store.loadOlder()}
          >
            {state.loadingOlder && <Spinner variant="inline" />}
            {t('chat.conversation.older')}
          </button>
          {state.olderError && (
            <p role="alert" className="text-sm text-danger">
              {state.olderError}
            </p>
          )}
        </div>
      )}
      {empty && !state.conversation.system && (
        <p className="my-6 text-center text-ink-muted">{t('chat.conversation.empty', { name })}</p>
      )}
      {empty && state.icebreakers.length > 0 && state.canWrite && (
        <Icebreakers
          items={state.icebreakers}
          onPick={(icebreaker) => void store.send({ kind: 'icebreaker', icebreaker })}
        />
      )}
      <ol role="log" aria-label={t('chat.title')} className="flex flex-col">
        {state.messages.map((message) => (
          <MessageBubble key={message.id} message={message} locale={locale} brand={brand} now={now} />
        ))}
        {pending.map((item) => (
          <PendingBubble
            key={item.key}
            item={item}
            onRetry={() => void store.retry(item.key)}
            onDiscard={() => store.discard(item.key)}
          />
        ))}
      </ol>
      <TypingIndicator name={name} visible={theyType} />
    </div>
  );
}

/** The pickup lines of a new chat, each with its price (SPEC §2.7). */
function Icebreakers({ items, onPick }: { items: ChatIcebreaker[]; onPick: (item: ChatIcebreaker) => void }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto mb-4 max-w-md rounded-3xl border border-line bg-surface-alt p-4" data-icebreakers>
      <h3 className="font-bold">{t('chat.icebreakers.title')}</h3>
      <p className="text-sm text-ink-muted">{t('chat.icebreakers.hint')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              onClick={() => onPick(item)}
              aria-label={`${t('chat.icebreakers.send', { text: item.text })}, ${t('chat.price', { count: item.credits })}`}
              className="flex w-full items-center gap-3 rounded-2xl border border-line bg-surface px-3 py-2.5 text-left hover:border-primary-ink"
            >
              <span className="min-w-0 flex-1">{item.text}</span>
              <span className="flex shrink-0 items-center gap-1 rounded-full bg-ink-soft px-2 py-0.5 text-xs font-bold">
                <LineIcon name="coins" className="size-3.5" />
                {item.credits}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The visual viewport's top and height as CSS variables, so the full-screen conversation of
 * phones keeps its composer above the on-screen keyboard (which shrinks only the visual
 * viewport in today's mobile browsers). Phones also stop the page behind from scrolling.
 */
function useViewportBox(): Record<string, string> {
  const [box, setBox] = useState<Record<string, string>>({});
  useEffect(() => {
    const viewport = window.visualViewport;
    const phone = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 1023.98px)').matches;
    const previous = document.body.style.overflow;
    if (phone) document.body.style.overflow = 'hidden';
    if (!viewport) return () => void (document.body.style.overflow = previous);
    const update = () => setBox({ '--chat-top': `${viewport.offsetTop}px`, '--chat-height': `${viewport.height}px` });
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      document.body.style.overflow = previous;
    };
  }, []);
  return box;
}
