/**
 * Get premium (SPEC §2.7 'Premium'): the first credit bundle makes a member premium for good.
 * Lists the premium advantages with the marketing claim (site setting `premium_claim`,
 * which operators can turn off), shows the offered discount (the time bonus with its
 * countdown, else the welcome discount) and leads to the credits page. A paid user is
 * told they are premium already and offered credits.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import { PHOTO_LIMIT_PREMIUM } from '#src/lib/constants.ts';
import { $siteSettings, loadSiteSettings } from '#src/stores/site-data.ts';
import { $activeDiscountCode, $timeBonus } from '#src/stores/time-bonus.ts';
import { timeLeft } from '#src/features/time-bonus/time-bonus-modal-store.ts';
import LineIcon from '#src/ui/LineIcon.tsx';

const ADVANTAGES = ['advantage_photos', 'advantage_uploads', 'advantage_chat', 'advantage_forever'] as const;

export default function PremiumScreen({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const settings = useStore($siteSettings);
  useEffect(() => {
    // Without settings the claim stays hidden; nothing else depends on them.
    loadSiteSettings().catch(() => {});
  }, []);
  if (user.paid_user)
    return (
      <section className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-extrabold">{t('premium.paid_title')}</h1>
        <p className="mt-3 text-ink-muted">{t('premium.paid_text')}</p>
        <a href="/credits" className="btn btn-primary mt-6">
          {t('premium.paid_cta')}
        </a>
      </section>
    );
  return (
    <section className="mx-auto max-w-xl" aria-labelledby="premium-title">
      <h1 id="premium-title" className="text-3xl font-extrabold">
        {t('premium.title')}
      </h1>
      <p className="mt-2 text-ink-muted">{t('premium.intro')}</p>
      <WelcomeDiscount />
      <h2 className="mt-8 text-xl font-bold">{t('premium.advantages_title')}</h2>
      <ul className="mt-4 space-y-3">
        {ADVANTAGES.map((key) => (
          <li key={key} className="flex items-start gap-3">
            <LineIcon name="heart" className="mt-0.5 size-5 shrink-0 text-primary-ink" />
            {key === 'advantage_uploads'
              ? t('premium.advantage_uploads', { count: PHOTO_LIMIT_PREMIUM })
              : t(`premium.${key}`)}
          </li>
        ))}
      </ul>
      {settings?.premium_claim && (
        <p className="mt-6 rounded-2xl bg-primary-soft p-4 font-semibold text-primary-ink">{t('premium.claim')}</p>
      )}
      <a href="/credits" className="btn btn-primary btn-lg mt-8 w-full sm:w-auto">
        {t('premium.cta')}
      </a>
    </section>
  );
}

/** The discount offered now, with the time left when it runs out. */
function WelcomeDiscount() {
  const { t } = useTranslation();
  const code = useStore($activeDiscountCode);
  const bonus = useStore($timeBonus);
  if (!code) return null;
  const seconds = bonus ? bonus.secondsLeft : code.expires_in;
  const left = seconds !== null && seconds > 0 ? timeLeft(seconds) : null;
  return (
    <div className="mt-6 rounded-2xl border-2 border-unread p-4" data-testid="welcome-discount">
      <p className="inline-flex items-center gap-1.5 font-bold text-unread">
        <LineIcon name="sparkle" className="size-5" />
        {t('discounts.welcome_title')}
      </p>
      <p className="mt-1 text-lg font-semibold">
        {t('discounts.welcome_text', { percent: Number(code.value_percentage) })}
      </p>
      <p className="mt-1 text-sm text-ink-muted">{t('discounts.code', { code: code.code })}</p>
      {left && <p className="mt-1 text-sm font-semibold">{t(`discounts.${left.key}`, { count: left.count })}</p>}
    </div>
  );
}
