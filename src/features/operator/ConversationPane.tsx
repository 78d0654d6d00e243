/**
 * The open conversation of the operator console: who holds it (Take / Release, or who
 * else is answering), the history both ways, the reply box (only while the operator holds
 * it), the member's profile essentials, the chat pal's profile with the fictional warning,
 * and the notes about the member.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_NOTE_MAX, type OperatorMessage, type OperatorProfile } from '#src/contract/operator.ts';
import type { Locale } from '#src/lib/locales.ts';
import { brandOf, PhotoStrip, type ConsoleSite } from '#src/ui/console-frame.tsx';
import { Alert, FormMessage, inputClass } from '#src/ui/fields.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import FictionalNote from '#src/features/profile-card/FictionalNote.tsx';
import { useForm } from '#src/ui/use-form.ts';
import type { OperatorConversation, OperatorStore } from './operator-store.ts';
import { MessagePreview, formatTime } from './MessagePreview.tsx';

interface Props {
  store: OperatorStore;
  locale: Locale;
  sites: readonly ConsoleSite[];
}

export default function ConversationPane({ store, locale, sites }: Props) {
  const { t } = useTranslation();
  const state = useStore(store.$conversation);
  if (state.status === 'none') {
    return (
      <div className="card hidden px-6 py-12 text-center text-ink-muted lg:block">{t('operator.select_prompt')}</div>
    );
  }
  const back = (
    <button type="button" className="btn btn-ghost self-start lg:hidden" onClick={store.close}>
      {t('operator.back_to_inbox')}
    </button>
  );
  if (state.status === 'loading') {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <Spinner label={t('operator.loading')} />
      </div>
    );
  }
  if (state.status === 'gone' || state.status === 'error') {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <Alert tone={state.status === 'gone' ? 'info' : 'danger'}>
          {state.status === 'gone' ? t('operator.gone') : state.message}
        </Alert>
      </div>
    );
  }
  const { data } = state;
  const brand = brandOf(sites, data.conversation.site);
  return (
    <article className="flex flex-col gap-5" aria-labelledby="operator-conversation-title">
      {back}
      <header className="flex flex-col gap-2">
        <h2 id="operator-conversation-title" className="text-xl font-bold break-words sm:text-2xl">
          {t('operator.conversation_title', { member: data.member.name, chat_pal: data.chat_pal.name })}
        </h2>
        <p className="text-sm text-ink-muted">{brand}</p>
        <p className="font-semibold">{t('operator.you_answer_as', { name: data.chat_pal.name })}</p>
        <FictionalNote />
      </header>
      <ClaimBar store={store} data={data} locale={locale} />
      <History messages={data.messages} hasMore={data.has_more} data={data} locale={locale} />
      {data.conversation.claim?.mine && <ReplyBox key={data.conversation.id} store={store} data={data} />}
      <div className="grid gap-5 xl:grid-cols-2">
        <ProfilePanel title={t('operator.member_title')} profile={data.member} locale={locale} />
        <ProfilePanel title={t('operator.chat_pal_title')} profile={data.chat_pal} locale={locale} fictional />
      </div>
      <Notes store={store} name={data.member.name} locale={locale} />
    </article>
  );
}

function ClaimBar({ store, data, locale }: { store: OperatorStore; data: OperatorConversation; locale: Locale }) {
  const { t } = useTranslation();
  const busy = useStore(store.$claimBusy);
  const error = useStore(store.$claimError);
  const { claim } = data.conversation;
  let text: string;
  if (!claim) text = t('operator.not_held');
  else if (claim.mine) text = t('operator.held_until', { time: formatTime(claim.expires_at, locale) });
  else text = t('operator.held_by_other_text', { name: claim.operator || t('operator.someone') });
  return (
    <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p role="status" className={claim && !claim.mine ? 'font-semibold text-danger' : 'font-semibold'}>
        {text}
      </p>
      <div className="flex flex-col gap-2 sm:items-end">
        {!claim && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void store.take()}>
            {busy ? t('operator.taking') : t('operator.take')}
          </button>
        )}
        {claim?.mine && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void store.release()}>
            {t('operator.release')}
          </button>
        )}
        {error && <FormMessage tone="danger">{error}</FormMessage>}
      </div>
    </div>
  );
}

function History({
  messages,
  hasMore,
  data,
  locale,
}: {
  messages: readonly OperatorMessage[];
  hasMore: boolean;
  data: OperatorConversation;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement | null>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);
  return (
    <section aria-labelledby="operator-history" className="card flex flex-col gap-2 p-4">
      <h3 id="operator-history" className="font-bold">
        {t('operator.history_title')}
      </h3>
      {hasMore && <p className="text-sm text-ink-muted">{t('operator.older_hidden')}</p>}
      {messages.length === 0 ? (
        <p className="text-ink-muted">{t('operator.no_messages')}</p>
      ) : (
        <ol
          ref={list}
          className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto pr-1"
          data-testid="operator-history"
        >
          {messages.map((message) => {
            const mine = message.from === 'chat_pal';
            const sender = mine ? data.chat_pal.name : data.member.name;
            return (
              <li key={message.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                <div
                  className={`max-w-[85%] rounded-2xl px-3 py-2 break-words ${mine ? 'bg-primary text-on-primary' : 'bg-surface'}`}
                >
                  <p className="sr-only">{t('operator.sender', { name: sender })}</p>
                  <p className="whitespace-pre-wrap">
                    <MessagePreview message={message} />
                  </p>
                  <p className="mt-1 text-xs opacity-80">
                    {[
                      formatTime(message.sent_at, locale),
                      message.operator ? t('operator.sent_by', { name: message.operator }) : null,
                      mine && message.read ? t('operator.read') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ReplyBox({ store, data }: { store: OperatorStore; data: OperatorConversation }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { busy, error } = useForm(store.reply);
  const id = useId();
  const max = data.conversation.message_length;
  return (
    <form
      className="card flex flex-col gap-2 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void store.reply.submit(text).then((sent) => {
          if (sent) setText('');
        });
      }}
    >
      <label htmlFor={id} className="font-semibold">
        {t('operator.reply_label', { name: data.chat_pal.name })}
      </label>
      <textarea
        id={id}
        className={`${inputClass} min-h-28`}
        value={text}
        maxLength={max}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-count`} className="text-sm text-ink-muted">
        {t('operator.characters', { length: Array.from(text).length, max })}
      </p>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary self-end" disabled={busy}>
        {busy ? t('operator.sending') : t('operator.send')}
      </button>
    </form>
  );
}

function ProfilePanel({
  title,
  profile,
  locale,
  fictional = false,
}: {
  title: string;
  profile: OperatorProfile;
  locale: Locale;
  fictional?: boolean;
}) {
  const { t } = useTranslation();
  const country = regionName(profile.country, locale);
  const language = languageName(profile.language, locale);
  return (
    <section
      className="card flex flex-col gap-3 p-4"
      aria-label={t('operator.profile_of', { title, name: profile.name })}
    >
      <h3 className="font-bold">
        {title}: {profile.name}
      </h3>
      <p className="text-sm">
        {[
          t('operator.age', { age: profile.age }),
          t(`operator.gender.${profile.gender}`),
          [profile.city, country].filter(Boolean).join(', '),
          language ? t('operator.language', { language }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {fictional && <FictionalNote />}
      <PhotoStrip
        title={t('operator.photos')}
        empty={t('operator.no_photos')}
        photos={profile.photos}
        alt={t('operator.photo_alt', { name: profile.name })}
      />
      <div>
        <p className="text-sm font-semibold">{t('operator.about_me')}</p>
        <p className="text-sm whitespace-pre-wrap break-words">{profile.about_me ?? t('operator.no_about_me')}</p>
      </div>
      {profile.interests.length > 0 && (
        <div>
          <p className="text-sm font-semibold">{t('operator.interests')}</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {profile.interests.map((interest) => (
              <li key={interest} className="rounded-full bg-surface px-2.5 py-0.5 text-sm">
                {t(`interests.${interest}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Notes({ store, name, locale }: { store: OperatorStore; name: string; locale: Locale }) {
  const { t } = useTranslation();
  const notes = useStore(store.$notes);
  const { busy, error } = useForm(store.addNote);
  const [text, setText] = useState('');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-4">
      <div>
        <h3 id={`${id}-title`} className="font-bold">
          {t('operator.notes_title', { name })}
        </h3>
        <p className="text-sm text-ink-muted">{t('operator.notes_hint')}</p>
      </div>
      {notes?.status === 'loading' && <Spinner label={t('operator.loading')} />}
      {notes?.status === 'error' && <Alert tone="danger">{notes.message}</Alert>}
      {notes?.status === 'ready' &&
        (notes.notes.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('operator.no_notes')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="operator-notes">
            {notes.notes.map((note, index) => (
              <li key={`${note.created_at}-${index}`} className="rounded-2xl bg-surface px-3 py-2">
                <p className="whitespace-pre-wrap break-words">{note.text}</p>
                <p className="mt-1 text-xs text-ink-muted">
                  {note.author
                    ? t('operator.note_by', { name: note.author, date: formatTime(note.created_at, locale) })
                    : t('operator.note_by_unknown', { date: formatTime(note.created_at, locale) })}
                </p>
              </li>
            ))}
          </ul>
        ))}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void store.addNote.submit(text).then((note) => {
            if (note) setText('');
          });
        }}
      >
        <label htmlFor={`${id}-note`} className="text-sm font-semibold">
          {t('operator.note_label')}
        </label>
        <textarea
          id={`${id}-note`}
          className={`${inputClass} min-h-20`}
          value={text}
          maxLength={OPERATOR_NOTE_MAX}
          onChange={(event) => setText(event.target.value)}
        />
        {error && <FormMessage tone="danger">{error}</FormMessage>}
        <button type="submit" className="btn btn-outline self-end" disabled={busy}>
          {busy ? t('operator.saving') : t('operator.add_note')}
        </button>
      </form>
    </section>
  );
}

/** A country's name in the operator's language (the code when the browser does not know it). */
function regionName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A language's name in the operator's language, or null for an unknown code. */
function languageName(code: string, locale: Locale): string | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? null;
  } catch {
    return null;
  }
}
