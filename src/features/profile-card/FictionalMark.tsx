/**
 * The chat pal mark (SPEC: the fictional warning on every card and chat of a chat pal): the
 * mask in a round warning badge, named by the warning (its title, and for screen readers).
 */
import { useTranslation } from 'react-i18next';
import LineIcon from '#src/ui/LineIcon.tsx';

const SIZES = {
  small: { badge: 'size-7', icon: 'size-4' },
  medium: { badge: 'size-8', icon: 'size-5' },
} as const;

export default function FictionalMark({
  size,
  className = '',
}: {
  size: keyof typeof SIZES;
  /** Placement and elevation. */
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      title={t('fictional.warning')}
      className={`flex ${SIZES[size].badge} shrink-0 items-center justify-center rounded-full bg-warning text-ink ${className}`}
    >
      <LineIcon name="mask" className={SIZES[size].icon} />
      <span className="sr-only">{t('fictional.warning')}</span>
    </span>
  );
}
