/**
 * The fictional warning in full (SPEC: on every card, profile page and chat of a chat pal),
 * for places that show one chat pal large: the swipe card, the like and match modals.
 */
import { useTranslation } from 'react-i18next';
import LineIcon from '#src/ui/LineIcon.tsx';

export default function FictionalNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className={`flex gap-2 rounded-2xl border-2 border-warning p-3 text-left text-sm font-semibold ${className}`}
    >
      <LineIcon name="mask" className="size-5 shrink-0 text-warning" />
      {t('fictional.warning')}
    </p>
  );
}
