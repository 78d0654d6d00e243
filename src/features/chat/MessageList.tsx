import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatIcebreaker } from '#src/contract/chat.ts';
import { CHAT_VISIBLE_DAYS } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { environment } from '#src/stores/environment.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import type { ConversationData, ConversationStore } from './conversation-store.ts';
import MessageBubble, { PendingBubble } from './MessageBubble.tsx';
import TypingIndicator from './TypingIndicator.tsx';

/**
 * The messages, older ones on demand (the privacy note when older ones are hidden), the
 * icebreakers of a new chat with their price, pending messages with retry, and the typing
 * indicator. Keeps the newest in view while the member is at the bottom, also when a photo or
 * GIF finishes loading and makes the list taller.
 */
export default function MessageList({
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

  // An image (a photo, a GIF, a gift) has no height until it loads: when it loads while the
  // member is at the bottom, the newest stays in view. `load` does not bubble, so capture it.
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement && atBottom.current) list.scrollTop = list.scrollHeight;
    };
    list.addEventListener('load', onLoad, true);
    return () => list.removeEventListener('load', onLoad, true);
  }, []);

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
      {empty && state.icebreakers.length > 0 && state.canWrite && !state.sending.start_blocked && (
        <Icebreakers
          items={state.icebreakers}
          onPick={(icebreaker) => void store.send({ kind: 'icebreaker', icebreaker })}
        />
      )}
      {/* The log is a list: role=log on the <ol> itself would take its list semantics away. */}
      <div role="log" aria-label={t('chat.title')}>
        <ol className="flex flex-col">
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
      </div>
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
              className="flex w-full items-center gap-3 rounded-2xl border border-line bg-surface px-3 py-2.5 text-left hover:border-primary-ink"
            >
              {/* The name is the visible line, then its price in words (WCAG 2.5.3 Label in Name). */}
              <span className="min-w-0 flex-1">{item.text}</span>
              <span
                aria-hidden="true"
                className="flex shrink-0 items-center gap-1 rounded-full bg-ink-soft px-2 py-0.5 text-xs font-bold"
              >
                <LineIcon name="coins" className="size-3.5" />
                {item.credits}
              </span>
              <span className="sr-only">, {t('chat.price', { count: item.credits })}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
