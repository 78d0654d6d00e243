/**
 * One conversation (route chats-id; SPEC §2.7 'Chats overview and conversation'). On phones
 * and tablets it fills the screen above everything (the chat layout: no nav, no footer; what
 * it covers is inert, use-inert-behind.ts) and follows the visual viewport, so the composer
 * stays at the bottom above the keyboard; on a desktop it is the right pane next to the list.
 *
 * The top bar (ConversationTopBar.tsx); a chat pal carries the fictional warning under it.
 * Then the messages with the icebreakers and the typing indicator (MessageList.tsx), the
 * credit alert and the composer, and the delete and block modals.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { removeChat } from '#src/stores/chats.ts';
import { navigate } from '#src/stores/router.ts';
import { onAuthenticationRequired } from '#src/stores/session.ts';
import { $siteSettings, loadSiteSettings } from '#src/stores/site-data.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import BlockUserModal from '../member-profile/BlockUserModal.tsx';
import FictionalNote from '../profile-card/FictionalNote.tsx';
import { chatName } from './chat-format.ts';
import Composer, { type Panel } from './Composer.tsx';
import { createConversationStore, type ConversationStore, type ConversationData } from './conversation-store.ts';
import { BackLink, TopBar } from './ConversationTopBar.tsx';
import CreditAlert from './CreditAlert.tsx';
import DeleteChatModal from './DeleteChatModal.tsx';
import MessageList from './MessageList.tsx';
import { createChatPhotoUploader } from './upload-chat-photo.ts';
import { useInertBehind } from './use-inert-behind.ts';

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
  const section = useRef<HTMLElement>(null);
  useInertBehind(section);
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
      ref={section}
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
      {creditAlert && <CreditAlert conversation={store.id} onClose={store.closeCreditAlert} />}
      {state.canWrite && state.sending.start_blocked ? (
        // Said before typing (SPEC §6: a free member starts up to 2 conversations), with the way on.
        <div className="flex flex-col items-center gap-3 border-t border-line px-4 py-4 text-center" data-start-limit>
          <p className="text-sm font-semibold">{t('chat.start_limit')}</p>
          <a href="/premium" className="btn btn-primary">
            <LineIcon name="sparkle" className="size-5" />
            {t('nav.get_premium')}
          </a>
        </div>
      ) : state.canWrite ? (
        <Composer
          name={name}
          maxLength={settings?.message_length ?? null}
          initialPanel={initialPanel}
          costs={
            settings ? { text: state.sending.free ? 0 : settings.message_credits, photo: settings.photo_credits } : null
          }
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
