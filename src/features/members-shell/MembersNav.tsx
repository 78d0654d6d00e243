/**
 * The top nav when logged in (SPEC §2.3): the site's logo, Search members, Messages, Likes,
 * the chat-pal inbox (operators), Credits or Get Premium, the credits badge, a language menu (the
 * locales of the member's country, SPEC §2.3) and the account menu (Swipe game, Match finder, My profile,
 * Settings, Logout); a paying member's Credits entry shows the balance. On phones the main entries move to a second row.
 */
import type { ReactNode } from 'react';
import { languageForm, logoutForm } from '#src/stores/account.ts';
import { useForm } from '#src/ui/use-form.ts';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { OPERATOR_ROLES } from '#src/lib/constants.ts';
import { badgeText, creditsBadge, creditsLink } from './nav-badges.ts';
import type { IconName } from '#src/ui/icon-shapes.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import BrandLink from '#src/ui/BrandLink.tsx';
import { useDetailsMenu } from '#src/ui/use-details-menu.ts';
import { languageName, memberMenuLocales } from './language-name.ts';

interface Props {
  user: CurrentUser;
  brand: string;
  /** The site's logo as inline SVG markup (decorative; the link is named by `brand`). */
  logo?: string | null;
  locale: Locale;
  route: string | null;
  /** Counters of later issues (unread messages, new likes); badges show when above 0. */
  unreadMessages?: number;
  newLikes?: number;
  /** The newest conversation: on desktop, Messages opens it (SPEC §2.3). */
  newestChat?: string | null;
}

interface NavItem {
  key: string;
  href: string;
  /** Where the desktop bar's link leads instead (Messages: the newest conversation). */
  desktopHref?: string;
  icon: IconName;
  label: string;
  count: number;
  /** A figure shown after the label (a paying member's credit balance), not a badge. */
  figure?: string;
}

const ROUTE_GROUPS: Record<string, readonly string[]> = {
  search: ['members', 'members-id', 'members-id-chat'],
  messages: ['chats', 'chats-id'],
  likes: ['likes', 'likes-type', 'likes-m-id'],
  credits: ['credits', 'credits-repeat-order', 'credits-id-paymentmethod', 'premium', 'transactions-id'],
};

export default function MembersNav({
  user,
  brand,
  logo = null,
  locale,
  route,
  unreadMessages = 0,
  newLikes = 0,
  newestChat = null,
}: Props) {
  const { t } = useTranslation();
  const credits = creditsLink(user.paid_user);
  const badge = creditsBadge(user.credits);
  const items: NavItem[] = [
    { key: 'search', href: '/members', icon: 'search', label: t('nav.search_members'), count: 0 },
    {
      key: 'messages',
      href: '/chats',
      ...(newestChat ? { desktopHref: `/chats/${encodeURIComponent(newestChat)}` } : {}),
      icon: 'chat',
      label: t('nav.messages'),
      count: unreadMessages,
    },
    { key: 'likes', href: '/likes', icon: 'heart', label: t('nav.likes'), count: newLikes },
    // Staff land on /members too; the console is a page of its own.
    ...(OPERATOR_ROLES.includes(user.role)
      ? [{ key: 'operator', href: '/operator', icon: 'chat' as const, label: t('nav.operator'), count: 0 }]
      : []),
    {
      key: 'credits',
      href: credits.path,
      icon: user.paid_user ? 'coins' : 'sparkle',
      label: user.paid_user ? t('nav.credits') : t('nav.get_premium'),
      count: 0,
      // Paying members see their balance (the badge covers 10 credits or fewer).
      ...(user.paid_user && !badge ? { figure: new Intl.NumberFormat(locale).format(user.credits) } : {}),
    },
  ];
  const links = (variant: 'bar' | 'tabs') =>
    items.map((item) => {
      const current = route !== null && ROUTE_GROUPS[item.key]?.includes(route);
      const count = badgeText(item.count);
      return (
        <li key={item.key} className={variant === 'tabs' ? 'flex-1' : undefined}>
          <a
            href={variant === 'bar' ? (item.desktopHref ?? item.href) : item.href}
            aria-current={current ? 'page' : undefined}
            className={
              variant === 'bar'
                ? 'relative flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink-muted no-underline hover:bg-ink-soft hover:text-ink aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-ink'
                : 'relative flex min-h-12 flex-col items-center justify-center gap-0.5 px-1 text-center text-[0.7rem] leading-tight font-semibold text-ink-muted no-underline aria-[current=page]:text-primary-ink'
            }
          >
            <LineIcon name={item.icon} />
            <span>
              {item.label}
              {item.figure && ' '}
              {item.figure && (
                <span data-testid="credits-balance" className="tabular-nums text-ink">
                  {item.figure}
                </span>
              )}
            </span>
            {count && (
              <span
                className={`rounded-full bg-unread px-1.5 text-xs leading-5 font-bold text-on-unread ${variant === 'tabs' ? 'absolute top-0.5 left-1/2 ml-2' : ''}`}
              >
                {count}
              </span>
            )}
          </a>
        </li>
      );
    });

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface pt-[env(safe-area-inset-top)]">
      <nav aria-label={t('nav.main_navigation')} className="mx-auto max-w-6xl px-3 sm:px-6">
        <div className="flex h-14 items-center gap-1.5 sm:h-16 sm:gap-2">
          <BrandLink brand={brand} logo={logo} size="h-6 min-[400px]:h-7 sm:h-8" />
          <ul className="hidden items-center gap-1 lg:flex">{links('bar')}</ul>
          {badge && (
            <a
              href={credits.path}
              data-tone={badge.tone}
              className={`flex min-h-8 items-center gap-1 rounded-full px-2.5 text-sm font-bold no-underline ${badge.tone === 'danger' ? 'bg-danger text-white' : 'bg-warning text-black'}`}
              aria-label={t('members_nav.credits_left', { count: user.credits })}
            >
              <LineIcon name="coins" className="size-4" />
              {badge.text}
            </a>
          )}
          <LanguageMenu locale={locale} locales={memberMenuLocales(user.profile.country, locale)} />
          <AccountMenu user={user} />
        </div>
        <ul className="-mx-3 flex border-t border-line lg:hidden">{links('tabs')}</ul>
      </nav>
    </header>
  );
}

/** A disclosure menu that closes on an outside click, on Escape and after choosing a link. */
function Menu({ label, summary, children }: { label: string; summary: ReactNode; children: ReactNode }) {
  const ref = useDetailsMenu();
  return (
    // On phones the panel hangs from the sticky header (the nearest positioned box), not from
    // the button, so it stays inside the viewport.
    <details ref={ref} className="group relative max-sm:static">
      <summary
        aria-label={label}
        className="flex min-h-10 min-w-10 cursor-pointer list-none items-center justify-center gap-1.5 rounded-full px-2 text-sm font-semibold text-ink-muted select-none hover:bg-ink-soft hover:text-ink [&::-webkit-details-marker]:hidden"
      >
        {summary}
      </summary>
      <div
        className="absolute right-0 z-40 mt-2 w-56 max-w-[calc(100vw-1rem)] rounded-2xl max-sm:right-2 border border-line bg-surface p-1.5 elevation-3"
        // A chosen link closes the menu; buttons (logout, a language) keep it open for their
        // progress or error until the page changes.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) ref.current?.removeAttribute('open');
        }}
      >
        {children}
      </div>
    </details>
  );
}

const itemClass =
  'flex min-h-11 w-full items-center rounded-xl px-3 text-left text-sm font-semibold text-ink no-underline hover:bg-ink-soft';

/** The language menu: a choice saves the member's language and reloads the page in it. */
function LanguageMenu({ locale, locales }: { locale: Locale; locales: readonly Locale[] }) {
  const { t } = useTranslation();
  const { busy, error } = useForm(languageForm);
  return (
    <Menu
      // The name starts with the visible code (WCAG 2.5.3 Label in Name).
      label={`${locale.toUpperCase()} – ${t('common.language')}: ${languageName(locale)}`}
      summary={
        <>
          <LineIcon name="globe" />
          <span className="hidden uppercase min-[400px]:inline">{locale}</span>
        </>
      }
    >
      <ul className="max-h-[min(22rem,70dvh)] overflow-auto">
        {locales.map((l) => (
          <li key={l}>
            <button
              type="button"
              lang={l}
              disabled={busy}
              aria-current={l === locale ? 'true' : undefined}
              className={`${itemClass} aria-[current=true]:text-primary-ink`}
              onClick={() => {
                if (l !== locale) void languageForm.submit(l);
              }}
            >
              {languageName(l)}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
    </Menu>
  );
}

function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { busy, error } = useForm(logoutForm);
  return (
    <Menu
      label={t('members_nav.account_menu', { name: user.name })}
      summary={
        <>
          {user.profile.main_image ? (
            <img
              src={user.profile.main_image.thumb_filename}
              alt=""
              width={32}
              height={32}
              className="size-8 rounded-full object-cover"
            />
          ) : (
            // The initial is drawn by CSS, not text: the menu's name then starts with the
            // visible name (WCAG 2.5.3 Label in Name).
            <span
              aria-hidden="true"
              data-initial={user.name.charAt(0)}
              className="flex size-8 items-center justify-center rounded-full bg-primary font-bold text-on-primary uppercase before:content-[attr(data-initial)]"
            />
          )}
          <span className="hidden max-w-32 truncate sm:inline">{user.name}</span>
        </>
      }
    >
      <p className="truncate px-3 py-2 text-sm text-ink-muted">{user.name}</p>
      {/* The games of discovery, as dating apps keep them one tap away. */}
      <a href="/swipe-game" className={itemClass}>
        {t('swipe.title')}
      </a>
      <a href="/match-finder" className={itemClass}>
        {t('match_finder.title')}
      </a>
      <a href="/profile" className={itemClass}>
        {t('nav.my_profile')}
      </a>
      <a href="/notifications" className={itemClass}>
        {t('nav.settings')}
      </a>
      <button type="button" className={itemClass} disabled={busy} onClick={() => void logoutForm.submit()}>
        {t('nav.logout')}
      </button>
      {error && (
        <p role="alert" className="px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
    </Menu>
  );
}
