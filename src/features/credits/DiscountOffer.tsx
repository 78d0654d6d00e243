/**
 * Discounts on the credits screens (SPEC §2.7 'Credits', docs/discounts.md): the offered
 * discount's banner and the discount code entry.
 */
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $timeBonus } from '#src/stores/time-bonus.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { $discount, discountForm, removeDiscount } from './credits-store.ts';
import { percentOf } from './pricing.ts';

/** The offered discount (time bonus with its countdown, else the welcome discount): the SPEC's welcome-bonus top banner. */
export function OfferBanner() {
  const { t } = useTranslation();
  const discount = useStore($discount);
  const bonus = useStore($timeBonus);
  if (!discount || discount.source !== 'offer') return null;
  const { code } = discount;
  const timer = bonus?.code === code.code ? bonus.countdownTimer : null;
  return (
    <div className="rounded-2xl bg-unread px-4 py-3 text-on-unread" data-testid="credits-offer">
      <p className="flex items-center gap-2 font-bold">
        <LineIcon name="sparkle" className="size-5 shrink-0" />
        {t('discounts.welcome_title')}
      </p>
      <p className="mt-1 font-semibold">{t('discounts.welcome_text', { percent: percentOf(code) })}</p>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
        <span>{t('discounts.code', { code: code.code })}</span>
        {timer && (
          <span role="timer" className="font-bold tabular-nums">
            {t('credits.offer_ends', { time: `${timer.hours}:${timer.minutes}:${timer.seconds}` })}
          </span>
        )}
      </p>
    </div>
  );
}

/** Discount code entry: the applied code with 'Remove', or a field to enter one. */
export function DiscountEntry() {
  const { t } = useTranslation();
  const discount = useStore($discount);
  const { busy, error } = useForm(discountForm);
  const [text, setText] = useState('');
  const id = useId();
  // A refusal belongs to the code typed here: the next screen (the pay screen) starts without it.
  useEffect(() => () => discountForm.reset(), []);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void discountForm.submit(text).then((code) => {
      if (code) setText('');
    });
  };
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      {discount && (
        <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="applied-discount">
          <span className="font-semibold text-success">
            {t('discounts.entry_applied', { percent: percentOf(discount.code), code: discount.code.code })}
          </span>
          <button type="button" className="text-sm font-semibold text-primary-ink underline" onClick={removeDiscount}>
            {t('discounts.entry_remove')}
          </button>
        </p>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-40">
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-muted">
            {t('discounts.entry_label')}
          </label>
          <input
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block min-h-12 w-full rounded-2xl border border-line bg-surface px-4 text-base uppercase text-ink aria-invalid:border-danger"
          />
        </div>
        <button type="submit" className="btn btn-outline min-h-12" disabled={busy || !text.trim()}>
          {busy ? <Spinner variant="inline" /> : null}
          {t('discounts.entry_apply')}
        </button>
      </form>
      {error && (
        <FormMessage tone="danger" className="mt-2">
          <span id={`${id}-error`}>{error}</span>
        </FormMessage>
      )}
    </div>
  );
}
