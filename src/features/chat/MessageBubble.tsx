/**
 * One message of a conversation: text, photo, gift, GIF or icebreaker in a bubble (mine on
 * the right in the primary colour, theirs on the left), a system message of the site across
 * the width as a note of its own. Under my messages: sent / read, or held until the e-mail
 * address is confirmed. A pending message (on its way, or failed with a retry) is drawn by
 * `PendingBubble` with the same look.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#src/contract/chat.ts';
import ReportButton from '#src/features/reports/ReportButton.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import { messageTime, systemText } from './chat-format.ts';
import type { PendingMessage } from './conversation-store.ts';

interface Props {
  message: ChatMessage;
  locale: string;
  brand: string;
  now: number;
}

export default function MessageBubble({ message, locale, brand, now }: Props) {
  const { t } = useTranslation();
  const time = messageTime(message.sent_at, locale, now);
  if (message.kind === 'system' || message.from === 'system')
    return (
      <li className="my-3 flex justify-center" data-message={message.id} data-kind="system">
        <div className="w-full max-w-md rounded-2xl border-2 border-dashed border-secondary bg-surface-alt px-4 py-3 text-sm text-ink">
          <p className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-ink-muted uppercase">
            <LineIcon name="sparkle" className="size-4 text-secondary" />
            {t('chat.message.site', { brand })}
          </p>
          <p className="mt-1 whitespace-pre-line">{systemText(message, t, brand)}</p>
          <p className="mt-1 text-right text-xs text-ink-muted">
            <time dateTime={message.sent_at}>{time}</time>
          </p>
        </div>
      </li>
    );
  const mine = message.from === 'me';
  return (
    <Bubble mine={mine} id={message.id} kind={message.kind}>
      <Content message={message} />
      <p className={`mt-1 flex items-center justify-end gap-1 text-xs ${mine ? 'text-on-primary' : 'text-ink-muted'}`}>
        <time dateTime={message.sent_at}>{time}</time>
        {mine &&
          (message.status === 'held' ? (
            <LineIcon name="clock" className="size-4" />
          ) : (
            <>
              <LineIcon name={message.read ? 'check-double' : 'check'} className="size-4" />
              <span className="sr-only">{message.read ? t('chat.message.read') : t('chat.message.sent')}</span>
            </>
          ))}
      </p>
      {mine && message.status === 'held' && (
        <p className="mt-1 text-xs font-semibold text-on-primary" data-held>
          {t('chat.message.held')}
        </p>
      )}
      {!mine && (
        <ReportButton
          target="message"
          id={message.id}
          className="mt-1 inline-flex min-h-6 items-center gap-1 text-xs text-ink-muted"
        />
      )}
    </Bubble>
  );
}

function Bubble({ mine, id, kind, children }: { mine: boolean; id: string; kind: string; children: ReactNode }) {
  return (
    <li
      className={`my-1 flex ${mine ? 'justify-end' : 'justify-start'}`}
      data-message={id}
      data-kind={kind}
      data-from={mine ? 'me' : 'them'}
    >
      <div
        className={`max-w-[85%] rounded-3xl px-3.5 py-2 break-words sm:max-w-[70%] ${
          mine ? 'rounded-br-md bg-primary text-on-primary' : 'rounded-bl-md bg-ink-soft text-ink'
        }`}
      >
        {children}
      </div>
    </li>
  );
}

function Content({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  switch (message.kind) {
    case 'photo':
      return message.photo ? (
        <a href={message.photo.url} target="_blank" rel="noopener" className="block">
          <img
            src={message.photo.thumb_url}
            width={message.photo.width}
            height={message.photo.height}
            alt={t('chat.message.photo')}
            loading="lazy"
            className="h-auto max-h-72 w-auto max-w-full rounded-2xl object-contain"
          />
        </a>
      ) : (
        <p>{t('chat.message.photo')}</p>
      );
    case 'gift':
      return message.gift ? <GiftFigure gift={message.gift} /> : null;
    case 'gif':
      return message.gif ? <GifImage gif={message.gif} src={message.gif.url} lazy /> : null;
    case 'icebreaker':
      return <p className="whitespace-pre-line italic">{message.text}</p>;
    default:
      return <p className="whitespace-pre-line">{message.text}</p>;
  }
}

/** A gift in a bubble: its picture and 'Gift: {name}'. */
function GiftFigure({ gift }: { gift: { image: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <figure className="flex flex-col items-center gap-1 px-2 py-1">
      <img src={gift.image} alt="" width={96} height={96} className="size-24" />
      <figcaption className="text-sm font-semibold">{t('chat.message.gift', { name: gift.name })}</figcaption>
    </figure>
  );
}

/** A GIF in a bubble, named by its title; `src` is the sent GIF or, while sending, its preview. */
function GifImage({
  gif,
  src,
  lazy = false,
}: {
  gif: { width: number; height: number; title: string };
  src: string;
  lazy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <img
      src={src}
      width={gif.width}
      height={gif.height}
      alt={gif.title || t('chat.message.gif')}
      {...(lazy ? { loading: 'lazy' as const } : {})}
      className="h-auto max-h-64 w-auto max-w-full rounded-2xl"
    />
  );
}

/** A message on its way, or failed with its error, a retry and a way to give it up. */
export function PendingBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const content = item.content;
  return (
    <li className="my-1 flex flex-col items-end" data-pending={item.key} data-failed={item.failed || undefined}>
      <div
        className={`max-w-[85%] rounded-3xl rounded-br-md px-3.5 py-2 break-words sm:max-w-[70%] ${
          item.failed ? 'border-2 border-danger bg-surface text-ink' : 'bg-primary/70 text-on-primary'
        }`}
      >
        {content.kind === 'text' ? (
          <p className="whitespace-pre-line">{content.text}</p>
        ) : content.kind === 'icebreaker' ? (
          <p className="whitespace-pre-line italic">{content.icebreaker.text}</p>
        ) : content.kind === 'gift' ? (
          <GiftFigure gift={content.gift} />
        ) : content.kind === 'gif' ? (
          <GifImage gif={content.gif} src={content.gif.preview_url} />
        ) : content.preview ? (
          <img
            src={content.preview}
            alt={t('chat.message.photo')}
            className="h-auto max-h-72 w-auto max-w-full rounded-2xl"
          />
        ) : (
          <p>{t('chat.message.photo')}</p>
        )}
        {!item.failed && (
          <p className="mt-1 flex items-center justify-end gap-1 text-xs text-on-primary">
            <LineIcon name="clock" className="size-4" />
            {t('chat.message.sending')}
          </p>
        )}
      </div>
      {item.failed && (
        <div
          role="alert"
          className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm sm:max-w-[70%]"
        >
          <span className="flex items-center gap-1 font-semibold text-danger">
            <LineIcon name="alert" className="size-4 shrink-0" />
            {t('chat.message.failed')}
            {item.error ? `: ${item.error}` : ''}
          </span>
          <button type="button" className="font-semibold text-primary-ink underline" onClick={onRetry}>
            {t('chat.message.retry')}
          </button>
          <button type="button" className="text-ink-muted underline" onClick={onDiscard}>
            {t('chat.message.discard')}
          </button>
        </div>
      )}
    </li>
  );
}
