/** The no-image placeholder of a profile without a photo to show (cards, the swipe card). */
import { useTranslation } from 'react-i18next';
import LineIcon from '#src/ui/LineIcon.tsx';

export default function NoPhoto({ iconClassName }: { iconClassName: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t('member_profile.card.no_photo')}
      className="flex size-full items-center justify-center text-ink-muted"
    >
      <LineIcon name="user" className={`${iconClassName} opacity-60`} />
    </div>
  );
}
