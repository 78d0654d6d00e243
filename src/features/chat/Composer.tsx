/**
 * The chat input (SPEC §2.7, §5 'Chat input'): a textarea with its character count
 * (`n / message_length`; the server enforces the limit too), a photo picker, the GIF search
 * and the gifts panel, and the send button. On a desktop (a fine pointer) Enter sends and
 * Shift+Enter starts a new line; on phones Enter is a new line and the button sends. Typing
 * is reported to the store (which throttles it).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { ChatGif, ChatGift } from '#src/contract/chat.ts';
import { PHOTO_ACCEPT } from '#src/contract/photos.ts';
import type { IconName } from '#src/ui/icon-shapes.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import type { Outgoing } from './conversation-store.ts';
import { $gifts, createGifSearch, loadGifts } from './media-store.ts';
import CloseButton from '#src/ui/CloseButton.tsx';

export type Panel = 'none' | 'gifs' | 'gifts';

interface Props {
  /** The other side's name (the textarea's label). */
  name: string;
  /** message_length; null while the site settings are not known (the server checks anyway). */
  maxLength: number | null;
  /** The panel open at first (the profile page's Gift button opens the gifts). */
  initialPanel?: Panel;
  /** What a text or GIF (0: free) and a photo cost, in credits; null while not known. */
  costs?: { text: number; photo: number } | null;
  onSend: (content: Outgoing) => void;
  onTyping: () => void;
}

function enterSends(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(hover: hover) and (pointer: fine)').matches
    : false;
}

export default function Composer({ name, maxLength, initialPanel = 'none', costs = null, onSend, onTyping }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState<Panel>(initialPanel);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const desktop = useMemo(() => enterSends(), []);

  useEffect(() => {
    // Grows with its text up to a few lines, then scrolls.
    const area = textRef.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, 160)}px`;
  }, [text]);

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    onSend({ kind: 'text', text: maxLength === null ? value : value.slice(0, maxLength) });
    setText('');
    textRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && desktop && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const toggle = (next: Panel) => setPanel((open) => (open === next ? 'none' : next));
  const sendAndClose = (content: Outgoing) => {
    onSend(content);
    setPanel('none');
  };

  return (
    <div className="border-t border-line bg-surface">
      {panel === 'gifs' && (
        <GifPanel onPick={(gif) => sendAndClose({ kind: 'gif', gif })} onClose={() => setPanel('none')} />
      )}
      {panel === 'gifts' && (
        <GiftPanel onPick={(gift) => sendAndClose({ kind: 'gift', gift })} onClose={() => setPanel('none')} />
      )}
      <form
        className="flex flex-wrap items-end gap-1 px-2 pt-2 pb-[max(0.25rem,env(safe-area-inset-bottom))] sm:flex-nowrap sm:gap-2 sm:px-3 sm:pb-[max(0.5rem,env(safe-area-inset-bottom))]"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {/* Phones: the tools on a row of their own under the text, which gets the width. */}
        <div className="order-last flex w-full shrink-0 items-center sm:order-none sm:w-auto">
          <ToolButton icon="image" label={t('chat.composer.photo')} onClick={() => fileRef.current?.click()} />
          <ToolButton
            icon="gif"
            label={t('chat.composer.gif')}
            pressed={panel === 'gifs'}
            onClick={() => toggle('gifs')}
          />
          <ToolButton
            icon="gift"
            label={t('chat.composer.gifts')}
            pressed={panel === 'gifts'}
            onClick={() => toggle('gifts')}
          />
          <input
            ref={fileRef}
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="chat-photo-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onSend({ kind: 'photo', photo: file, preview: URL.createObjectURL(file) });
            }}
          />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            {t('chat.composer.label', { name })}
          </label>
          <textarea
            ref={textRef}
            id={id}
            rows={1}
            value={text}
            maxLength={maxLength ?? undefined}
            placeholder={t('chat.composer.placeholder')}
            aria-describedby={`${id}-count${desktop ? ` ${id}-hint` : ''}${costs ? ` ${id}-cost` : ''}`}
            enterKeyHint={desktop ? 'send' : 'enter'}
            className="block max-h-40 min-h-11 w-full resize-none rounded-3xl border border-line bg-surface-alt px-4 py-2.5 text-base text-ink focus:border-primary-ink"
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) onTyping();
            }}
            onKeyDown={onKeyDown}
          />
          <p className="flex justify-between gap-2 px-3 pt-0.5 text-xs text-ink-muted">
            {desktop ? (
              <span id={`${id}-hint`} className="hidden truncate sm:inline">
                {t('chat.composer.enter_hint')}
              </span>
            ) : null}
            {/* The price before sending, as dating apps show it on paid actions (SPEC §1). */}
            {costs ? (
              <span id={`${id}-cost`} className="min-w-0 truncate" data-cost>
                {t('chat.composer.cost_text', {
                  price: costs.text === 0 ? t('chat.composer.free') : t('chat.composer.credits', { count: costs.text }),
                })}
                {' · '}
                {t('chat.composer.cost_photo', { price: t('chat.composer.credits', { count: costs.photo }) })}
              </span>
            ) : (
              <span />
            )}
            <span id={`${id}-count`} className="ml-auto whitespace-nowrap" data-count>
              {maxLength === null ? (
                text.length
              ) : (
                <>
                  <span aria-hidden="true">{`${text.length} / ${maxLength}`}</span>
                  <span className="sr-only">{t('chat.composer.count', { length: text.length, max: maxLength })}</span>
                </>
              )}
            </span>
          </p>
        </div>
        <button
          type="submit"
          disabled={!text.trim()}
          aria-label={t('chat.composer.send')}
          aria-describedby={costs ? `${id}-cost` : undefined}
          className="mb-5 flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary elevation-1 hover:bg-primary-deep disabled:opacity-50"
        >
          <LineIcon name="send" />
        </button>
      </form>
    </div>
  );
}

function ToolButton({
  icon,
  label,
  pressed,
  onClick,
}: {
  icon: IconName;
  label: string;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className="flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-ink-soft hover:text-ink aria-pressed:bg-primary-soft aria-pressed:text-primary-ink sm:mb-5 sm:size-11"
    >
      <LineIcon name={icon} className="size-6" />
    </button>
  );
}

function PanelFrame({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-b border-line px-3 pt-2 pb-3">
      <div className="flex items-center justify-between">
        <h3 id={id} className="text-sm font-bold">
          {title}
        </h3>
        <CloseButton label={t('common.close')} onClick={onClose} />
      </div>
      <div className="max-h-[min(18rem,35dvh)] overflow-y-auto overscroll-contain">{children}</div>
    </section>
  );
}

function GifPanel({ onPick, onClose }: { onPick: (gif: ChatGif) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const search = useMemo(() => createGifSearch(), []);
  const results = useStore(search.$results);
  const [words, setWords] = useState('');
  useEffect(() => {
    void search.now('');
    return search.stop;
  }, [search]);
  return (
    <PanelFrame title={t('chat.gifs.title')} onClose={onClose}>
      <input
        type="search"
        value={words}
        aria-label={t('chat.gifs.search')}
        placeholder={t('chat.gifs.search')}
        className="sticky top-0 z-10 my-2 block min-h-11 w-full rounded-full border border-line bg-surface-alt px-4 text-base"
        onChange={(event) => {
          setWords(event.target.value);
          search.typed(event.target.value);
        }}
      />
      {results.status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 py-4 text-sm text-ink-muted">
          <Spinner variant="inline" />
          {t('chat.gifs.loading')}
        </p>
      ) : results.status === 'error' ? (
        <p role="alert" className="py-4 text-sm text-danger">
          {results.message}
        </p>
      ) : results.items.length === 0 ? (
        <p className="py-4 text-sm text-ink-muted">{t('chat.gifs.none')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-4">
          {results.items.map((gif) => (
            <li key={gif.id}>
              <button
                type="button"
                onClick={() => onPick(gif)}
                className="block aspect-square w-full overflow-hidden rounded-xl bg-ink-soft"
              >
                <img
                  src={gif.preview_url}
                  alt={gif.title || t('chat.message.gif')}
                  width={gif.width}
                  height={gif.height}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </PanelFrame>
  );
}

function GiftPanel({ onPick, onClose }: { onPick: (gift: ChatGift) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const gifts = useStore($gifts);
  useEffect(() => {
    void loadGifts();
  }, []);
  return (
    <PanelFrame title={t('chat.gifts.title')} onClose={onClose}>
      {!gifts || gifts.status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 py-4 text-sm text-ink-muted">
          <Spinner variant="inline" />
          {t('chat.gifts.loading')}
        </p>
      ) : gifts.status === 'error' ? (
        <p role="alert" className="py-4 text-sm text-danger">
          {gifts.message}
        </p>
      ) : gifts.items.length === 0 ? (
        <p className="py-4 text-sm text-ink-muted">{t('chat.gifts.none')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 pt-2 sm:grid-cols-5">
          {gifts.items.map((gift) => (
            <li key={gift.key}>
              <button
                type="button"
                onClick={() => onPick(gift)}
                aria-label={`${t('chat.gifts.send', { name: gift.name })}, ${t('chat.price', { count: gift.credits })}`}
                className="flex w-full flex-col items-center gap-1 rounded-2xl border border-line bg-surface-alt p-2 hover:border-primary-ink"
              >
                <img src={gift.image} alt="" width={56} height={56} className="size-14" />
                <span className="w-full truncate text-center text-xs font-semibold">{gift.name}</span>
                <span className="flex items-center gap-1 text-xs font-bold text-ink-muted">
                  <LineIcon name="coins" className="size-3.5" />
                  {gift.credits}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PanelFrame>
  );
}
