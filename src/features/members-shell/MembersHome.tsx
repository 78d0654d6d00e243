/**
 * The members home: a welcome card with the member's name, credits and the entries of the
 * nav. It answers every members route whose screen a later issue builds.
 */
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import { creditsLink } from './nav-badges.ts';
import type { IconName } from '#src/ui/icon-shapes.ts';
import LineIcon from '#src/ui/LineIcon.tsx';

export default function MembersHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const entries: { href: string; icon: IconName; label: string }[] = [
    { href: '/members', icon: 'search', label: t('nav.search_members') },
    { href: '/chats', icon: 'chat', label: t('nav.messages') },
    { href: '/likes', icon: 'heart', label: t('nav.likes') },
    {
      href: creditsLink(user.paid_user).path,
      icon: user.paid_user ? 'coins' : 'sparkle',
      label: user.paid_user ? t('nav.credits') : t('nav.get_premium'),
    },
    { href: '/profile', icon: 'user', label: t('nav.my_profile') },
    { href: '/notifications', icon: 'lock', label: t('nav.settings') },
  ];
  return (
    <section className="card mx-auto max-w-3xl p-6 sm:p-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('members.welcome', { name: user.name })}</h1>
      <p className="mt-2 text-ink-muted">{t('members_nav.credits_balance', { count: user.credits })}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {entries.map((entry) => (
          <li key={entry.href}>
            <a
              href={entry.href}
              className="flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-surface px-4 font-semibold text-ink no-underline hover:border-primary-ink hover:text-primary-ink"
            >
              <LineIcon name={entry.icon} className="size-5 shrink-0 text-primary-ink" />
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
