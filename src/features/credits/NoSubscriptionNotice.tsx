import { useTranslation } from 'react-i18next';
import LineIcon from '#src/ui/LineIcon.tsx';

/** The one-time payment notice: no subscription, nothing renews (SPEC §2.7 'Payment'). */
export default function NoSubscriptionNotice({ text, refundDays }: { text: string; refundDays: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3 rounded-2xl bg-primary-soft p-4 text-sm" data-testid="no-subscription">
      <LineIcon name="lock" className="mt-0.5 size-5 shrink-0 text-primary-ink" />
      <div>
        <p className="font-bold text-primary-ink">{t('credits.no_subscription_title')}</p>
        <p className="mt-1">{text}</p>
        {refundDays > 0 && <p className="mt-1 text-ink-muted">{t('credits.refund_note', { count: refundDays })}</p>}
      </div>
    </div>
  );
}
