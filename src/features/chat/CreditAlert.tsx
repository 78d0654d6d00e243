/**
 * The credit alert (SPEC §2.6, §8 'Credits and rights'): 'You do not have enough credits'
 * with the way to buy them (/credits). Shown above the composer after a send the balance
 * did not cover; the failed message waits with its retry (kept while the member buys:
 * ./unsent.ts). The link names the conversation (`?back=`), so the purchase's result leads
 * back to it (src/features/credits/return-path.ts).
 */
import { useTranslation } from 'react-i18next';
import LineIcon from '#src/ui/LineIcon.tsx';
import CloseButton from '#src/ui/CloseButton.tsx';

export default function CreditAlert({ conversation, onClose }: { conversation: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-3 mb-2 flex items-start gap-3 rounded-2xl border-2 border-warning bg-surface p-3"
      data-credit-alert
    >
      <LineIcon name="coins" className="mt-0.5 size-6 shrink-0 text-warning" />
      <div className="min-w-0 flex-1">
        <p className="font-bold">{t('chat.credits.title')}</p>
        <p className="text-sm text-ink-muted">{t('chat.credits.text')}</p>
        <a
          href={`/credits?back=/chats/${encodeURIComponent(conversation)}`}
          className="btn btn-primary mt-2 min-h-10 px-4 text-sm"
        >
          {t('chat.credits.buy')}
        </a>
      </div>
      <CloseButton label={t('common.close')} onClick={onClose} />
    </div>
  );
}
