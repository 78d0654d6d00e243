/**
 * 'Speaks <language>' with the globe icon, shown only when the profile's language is not the
 * page's or it lives in a multilingual country (src/lib/profile-rules.ts). The swipe card and
 * the member profile page show it in full; the small profile card keeps its compact badge.
 */
import { useTranslation } from 'react-i18next';
import { profileLanguageName, showLanguageBadge } from '#src/lib/profile-rules.ts';
import LineIcon from '#src/ui/LineIcon.tsx';

export default function LanguageBadge({
  profile,
  locale,
  className,
}: {
  profile: { language: string; country?: string | null | undefined };
  locale: string;
  /** The badge's look where it sits (border or shadow, padding). */
  className: string;
}) {
  const { t } = useTranslation();
  if (!showLanguageBadge(profile.language, profile.country, locale)) return null;
  return (
    // A long language name wraps inside the badge instead of running under its neighbours.
    <span
      className={`inline-flex max-w-full items-center rounded-2xl font-semibold [overflow-wrap:anywhere] ${className}`}
    >
      <LineIcon name="globe" className="size-4 shrink-0" />
      {t('member_profile.badges.language', { language: profileLanguageName(profile.language, locale) })}
    </span>
  );
}
