/**
 * The conversation's top bar: back to the list (phones), the other profile (a link to it,
 * with the chat pal mark) or the site, the credits badge (a link to buy credits) and the
 * menu with Delete conversation and Block.
 */
import { useTranslation } from 'react-i18next';
import type { ChatListItem } from '#src/contract/chat.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { useDetailsMenu } from '#src/ui/use-details-menu.ts';
import { creditsBadge } from '../members-shell/nav-badges.ts';
import { ChatAvatar } from './ChatList.tsx';
import FictionalMark from '../profile-card/FictionalMark.tsx';

/** Back to the list; phones and tablets only (on a desktop the list is beside it). */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <a
      href="/chats"
      aria-label={t('chat.top.back')}
      title={t('chat.top.back')}
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink no-underline hover:bg-ink-soft lg:hidden"
    >
      <LineIcon name="back" className="size-6" />
    </a>
  );
}

export function TopBar({
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
          {profile.type === 'fictional' && <FictionalMark size="small" />}
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
  const ref = useDetailsMenu();
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
        <LineIcon name="more" className="size-6" />
      </summary>
      <div className="absolute right-0 z-50 mt-1 w-60 max-w-[calc(100vw-1rem)] rounded-2xl border border-line bg-surface p-1.5 elevation-3">
        <button type="button" className={`${item} text-ink`} onClick={choose(onDelete)}>
          <LineIcon name="trash" />
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
