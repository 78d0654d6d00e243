/**
 * The account deletion section of settings: the flow of SPEC §2.7, driven by
 * delete-account-store.ts (alternatives → reason → deletion → partner countdown or
 * /account-deleted).
 */
import { DELETE_REMARKS_MAX } from '#src/contract/limits.ts';
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { REACTIVATION_WINDOW_DAYS } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import { discountMinorOf } from '#src/features/credits/pricing.ts';
import { FormMessage, PasswordField } from '#src/ui/fields.tsx';
import { createDeleteAccountStore, DELETE_REASONS, type DeleteAccountStore } from './delete-account-store.ts';
import Section from './Section.tsx';

export default function DeleteAccount({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const store = useMemo(() => createDeleteAccountStore(), []);
  useEffect(() => store.dispose, [store]);
  const state = useStore(store.$state);
  return (
    <Section id="delete-account" title={t('settings.delete.title')}>
      {state.step === 'closed' && (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {t('settings.delete.intro', { days: REACTIVATION_WINDOW_DAYS })}
          </p>
          <button type="button" className="btn btn-outline mt-4" onClick={store.open}>
            {t('settings.delete.start')}
          </button>
        </>
      )}
      {state.step === 'alternatives' && <Alternatives store={store} discount={state.discount} locale={locale} />}
      {(state.step === 'reason' || state.step === 'deleting') && <Reason store={store} />}
      {state.step === 'redirect' && (
        <div role="status" className="mt-3">
          <p className="font-semibold">{t('settings.delete.deleted')}</p>
          <p className="mt-1 text-sm text-ink-muted">{t('settings.delete.redirect', { count: state.secondsLeft })}</p>
          <Choices
            className="mt-4"
            choices={[
              { label: t('settings.delete.stay'), style: 'btn-outline', onClick: store.stay },
              { label: t('settings.delete.continue_now'), style: 'btn-primary', onClick: store.continueNow },
            ]}
          />
        </div>
      )}
      {state.step === 'left' && (
        <p role="status" className="mt-3 font-semibold">
          {t('settings.delete.deleted')}
        </p>
      )}
    </Section>
  );
}

function Alternatives({
  store,
  discount,
  locale,
}: {
  store: DeleteAccountStore;
  discount: string | null | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  // E-mail and privacy mode are sections of this screen: scroll to them.
  const scrollTo = (id: string) => () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
  const cards = [
    { key: 'email', href: '#account-email', onClick: scrollTo('account-email') },
    { key: 'privacy', href: '#privacy', onClick: scrollTo('privacy') },
  ] as const;
  return (
    <div className="mt-2">
      <p className="text-sm text-ink-muted">{t('settings.delete.alternatives_intro')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {cards.map((card) => (
          <li key={card.key} className="rounded-2xl border border-line bg-surface p-4">
            <p className="font-semibold">{t(`settings.delete.alt_${card.key}_title`)}</p>
            <p className="mt-1 text-sm text-ink-muted">{t(`settings.delete.alt_${card.key}_text`)}</p>
            <a
              href={card.href}
              className="mt-2 inline-block text-sm font-semibold"
              onClick={(event) => {
                event.preventDefault();
                card.onClick();
              }}
            >
              {t(`settings.delete.alt_${card.key}_action`)}
            </a>
          </li>
        ))}
        <Tryout store={store} locale={locale} />
        {discount && (
          <li className="rounded-2xl border-2 border-dashed border-primary-ink bg-primary-soft p-4">
            <p className="font-semibold">{t('settings.delete.alt_discount_title')}</p>
            <p className="mt-1 text-sm text-ink-muted">{t('settings.delete.alt_discount_text')}</p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <code className="rounded-lg bg-surface px-3 py-2 font-mono text-lg font-bold tracking-wider select-all">
                {discount}
              </code>
              <button
                type="button"
                className="btn btn-outline min-h-10 px-4 text-sm"
                onClick={() => {
                  void navigator.clipboard.writeText(discount).then(() => setCopied(true));
                }}
              >
                {copied ? t('settings.delete.copied') : t('settings.delete.copy')}
              </button>
            </div>
          </li>
        )}
      </ul>
      <Choices
        className="mt-5"
        choices={[
          { label: t('settings.delete.keep'), style: 'btn-primary', onClick: store.keep },
          { label: t('settings.delete.next'), style: 'btn-ghost', onClick: store.toReason },
        ]}
      />
    </div>
  );
}

/** The try-out package: the smallest bundle, bought with the deletion offer's code when usable. */
function Tryout({ store, locale }: { store: DeleteAccountStore; locale: Locale }) {
  const { t } = useTranslation();
  const offer = useStore(store.$tryout);
  if (!offer) return null;
  const { pkg, code } = offer;
  const money = (minor: number) => formatMoney(minor, pkg.currency, locale);
  const discounted = code ? pkg.price_minor - discountMinorOf(pkg.price_minor, code.value_percentage) : null;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="delete-tryout">
      <p className="font-semibold">{t('settings.delete.alt_tryout_title')}</p>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.delete.alt_tryout_text')}</p>
      <p className="mt-2 font-semibold">
        {t('settings.delete.alt_tryout_offer', {
          credits: t('credits.credits', { count: pkg.credits }),
          price: money(pkg.price_minor),
        })}
      </p>
      {code && discounted !== null && (
        <p className="mt-1 text-sm">
          {t('settings.delete.alt_tryout_code', { code: code.code, price: money(discounted) })}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline mt-3 min-h-10 px-4 text-sm"
        onClick={() => void store.buyTryout()}
      >
        {t('settings.delete.alt_tryout_buy')}
      </button>
    </li>
  );
}

/** A row of buttons, one per choice, in the order given. */
function Choices({
  className,
  choices,
}: {
  className: string;
  choices: { label: string; style: string; onClick: () => void }[];
}) {
  return (
    <div className={`${className} flex flex-wrap gap-3`}>
      {choices.map(({ label, style, onClick }) => (
        <button key={label} type="button" className={`btn ${style}`} onClick={onClick}>
          {label}
        </button>
      ))}
    </div>
  );
}

function Reason({ store }: { store: DeleteAccountStore }) {
  const { t } = useTranslation();
  const state = useStore(store.$state);
  const remarksId = useId();
  if (state.step !== 'reason' && state.step !== 'deleting') return null;
  const deleting = state.step === 'deleting';
  return (
    <form
      className="mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        void store.confirm();
      }}
    >
      <fieldset disabled={deleting}>
        <legend className="font-semibold">{t('settings.delete.reason_title')}</legend>
        <div className="mt-2 flex flex-col gap-1">
          {DELETE_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-ink-soft"
            >
              <input
                type="radio"
                name="reason"
                value={reason}
                checked={state.reason === reason}
                onChange={() => store.setReason(reason)}
                className="size-5 accent-[var(--site-primary)]"
              />
              {t(`settings.delete.reasons.${reason}`)}
            </label>
          ))}
        </div>
        <label htmlFor={remarksId} className="mt-4 block text-sm font-semibold">
          {t('settings.delete.remarks')}
        </label>
        <textarea
          id={remarksId}
          name="remarks"
          rows={3}
          maxLength={DELETE_REMARKS_MAX}
          value={state.remarks}
          onChange={(event) => store.setRemarks(event.target.value)}
          className="mt-1 block w-full rounded-xl border border-line bg-surface p-3 text-ink"
        />
        <PasswordField
          className="mt-4"
          label={t('settings.delete.password')}
          name="password"
          autoComplete="current-password"
          value={state.password}
          onChange={(event) => store.setPassword(event.target.value)}
          required
        />
      </fieldset>
      {state.step === 'reason' && state.error && (
        <FormMessage tone="danger" className="mt-3">
          {state.error}
        </FormMessage>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary disabled:opacity-50" onClick={store.keep} disabled={deleting}>
          {t('settings.delete.keep')}
        </button>
        <button
          type="submit"
          className="btn btn-outline border-danger text-danger hover:border-danger disabled:cursor-not-allowed disabled:opacity-50"
          disabled={deleting || state.reason === null || state.password === ''}
        >
          {deleting ? t('settings.delete.deleting') : t('settings.delete.confirm')}
        </button>
      </div>
    </form>
  );
}
