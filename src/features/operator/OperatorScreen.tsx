/**
 * The operator inbox (the back office's "Chat pals" section, src/staff/chat-pals/): the chat
 * pal conversations (count waiting, site filter, all or waiting only, reload) and the open
 * conversation (ConversationPane). On a phone one of the two shows at a time (the
 * conversation has a way back); from `lg` they sit side by side. Driven by
 * operator-store.ts, which refreshes both every OPERATOR_REFRESH_MS. The section draws the
 * heading above it.
 */
import { useEffect, useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_INBOX_SHOW, type OperatorInboxItem, type OperatorInboxShow } from '#src/contract/operator.ts';
import type { Locale } from '#src/lib/locales.ts';
import { brandOf, EmptyState, LoadFailed, SiteFilter, type ConsoleSite } from '#src/ui/console-frame.tsx';
import { inputClass } from '#src/ui/fields.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import ConversationPane from './ConversationPane.tsx';
import { MessagePreview, formatTime } from './MessagePreview.tsx';
import { createOperatorStore, type OperatorStore } from './operator-store.ts';

interface Props {
  locale: Locale;
  sites: readonly ConsoleSite[];
}

export default function OperatorScreen({ locale, sites }: Props) {
  const { t } = useTranslation();
  const store = useMemo(() => createOperatorStore(), []);
  useEffect(() => {
    void store.load();
    return store.start();
  }, [store]);
  const conversation = useStore(store.$conversation);
  const open = conversation.status !== 'none';

  return (
    <div className="flex flex-col gap-4">
      <p className={`text-ink-muted ${open ? 'hidden lg:block' : ''}`}>{t('operator.intro')}</p>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section aria-labelledby="operator-inbox" className={`min-w-0 ${open ? 'hidden lg:block' : ''}`}>
          <h2 id="operator-inbox" className="sr-only">
            {t('operator.conversations_title')}
          </h2>
          <Toolbar store={store} sites={sites} />
          <Inbox store={store} locale={locale} sites={sites} />
        </section>
        <section className={`min-w-0 ${open ? '' : 'hidden lg:block'}`}>
          <ConversationPane store={store} locale={locale} sites={sites} />
        </section>
      </div>
    </div>
  );
}

function isShow(value: string): value is OperatorInboxShow {
  return (OPERATOR_INBOX_SHOW as readonly string[]).includes(value);
}

function Toolbar({ store, sites }: { store: OperatorStore; sites: readonly ConsoleSite[] }) {
  const { t } = useTranslation();
  const inbox = useStore(store.$inbox);
  const site = useStore(store.$site);
  const show = useStore(store.$show);
  const id = useId();
  const busy = inbox.status === 'loading' || (inbox.status === 'ready' && inbox.reloading);
  return (
    <div className="mb-4 flex flex-col gap-3">
      <p role="status" className="text-lg font-semibold">
        {inbox.status === 'ready' ? t('operator.waiting', { count: inbox.waiting }) : ' '}
      </p>
      <div className="grid items-end gap-3 sm:grid-cols-2">
        <SiteFilter
          namespace="operator"
          id={`${id}-site`}
          sites={sites}
          value={site}
          onChange={(next) => void store.setSite(next)}
        />
        <div>
          <label htmlFor={`${id}-show`} className="mb-1.5 block text-sm font-semibold">
            {t('operator.show')}
          </label>
          <select
            id={`${id}-show`}
            className={inputClass}
            value={show}
            onChange={(event) => {
              if (isShow(event.target.value)) void store.setShow(event.target.value);
            }}
          >
            <option value="all">{t('operator.show_all')}</option>
            <option value="waiting">{t('operator.show_waiting')}</option>
          </select>
        </div>
      </div>
      <button type="button" className="btn btn-outline self-start" onClick={() => void store.load()} disabled={busy}>
        {busy ? t('operator.loading') : t('operator.reload')}
      </button>
    </div>
  );
}

function Inbox({ store, locale, sites }: { store: OperatorStore; locale: Locale; sites: readonly ConsoleSite[] }) {
  const { t } = useTranslation();
  const inbox = useStore(store.$inbox);
  const show = useStore(store.$show);
  const conversation = useStore(store.$conversation);
  const openId = conversation.status === 'none' ? null : conversation.id;

  if (inbox.status === 'loading') return <Spinner label={t('operator.loading')} />;
  if (inbox.status === 'error')
    return <LoadFailed namespace="operator" message={inbox.message} onRetry={() => void store.load()} />;
  if (inbox.conversations.length === 0) {
    return (
      <EmptyState
        namespace="operator"
        padding="py-10"
        text={show === 'waiting' ? t('operator.empty_waiting') : t('operator.empty_text')}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="operator-inbox">
      {inbox.conversations.map((item) => (
        <li key={item.id}>
          <InboxRow
            item={item}
            locale={locale}
            brand={brandOf(sites, item.site)}
            current={item.id === openId}
            onOpen={() => void store.open(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function InboxRow({
  item,
  locale,
  brand,
  current,
  onOpen,
}: {
  item: OperatorInboxItem;
  locale: Locale;
  brand: string;
  current: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { member, chat_pal: pal, claim } = item;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current ? 'true' : undefined}
      className={`card flex w-full items-start gap-3 p-3 text-left hover:border-primary-ink ${current ? 'border-2 border-primary-ink' : ''}`}
    >
      {member.thumb_url ? (
        <img
          src={member.thumb_url}
          alt=""
          width={48}
          height={64}
          loading="lazy"
          decoding="async"
          className="h-16 w-12 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <span aria-hidden="true" className="h-16 w-12 shrink-0 rounded-lg bg-ink-soft" />
      )}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate font-semibold">
          {t('operator.row_title', { member: member.name, age: member.age, chat_pal: pal.name })}
        </span>
        <span className="truncate text-sm text-ink-muted">{brand}</span>
        <span className="truncate text-sm">
          <MessagePreview message={item.last_message} inRow />
        </span>
        <span className="flex flex-wrap gap-x-3 text-sm">
          {item.waiting_since ? (
            <span className="font-semibold text-danger-ink">
              {t('operator.waiting_since', { time: formatTime(item.waiting_since, locale) })}
            </span>
          ) : (
            <span className="text-ink-muted">{t('operator.answered')}</span>
          )}
          {claim && (
            <span className={claim.mine ? 'font-semibold text-success' : 'text-ink-muted'}>
              {claim.mine
                ? t('operator.held_by_me')
                : claim.operator
                  ? t('operator.held_by', { name: claim.operator })
                  : t('operator.held_by_someone')}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
