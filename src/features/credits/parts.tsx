/**
 * Pieces the credits screens share: a method's name, the payment method list with its
 * context menu, the discount offer banner, the discount code entry and the one-time payment
 * notice.
 */
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentMethodInfo } from '#src/contract/billing.ts';
import { $timeBonus } from '#src/stores/time-bonus.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { $discount, discountForm, removeDiscount } from './credits-store.ts';
import { methodName, percentOf } from './pricing.ts';

/** A method's name in the member's language. */
export function useMethodName(): (method: PaymentMethod) => string {
  const { t } = useTranslation();
  return (method) => {
    const name = methodName(method);
    return 'brand' in name ? name.brand : t(name.key);
  };
}

/**
 * The payment method list with a context menu (SPEC §2.6, §2.7 'Credits'): a button naming the
 * chosen method opens the menu of the country's methods; choosing one closes it.
 */
export function MethodMenu({
  methods,
  value,
  storedLabel,
  onChoose,
}: {
  methods: readonly PaymentMethodInfo[];
  value: PaymentMethod;
  /** The stored method's label (e.g. 'Visa •••• 4242') when `value` is the stored method. */
  storedLabel: string | null;
  onChoose: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  const name = useMethodName();
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const fee = (info: PaymentMethodInfo) =>
    info.fee_percent > 0 ? t('credits.method_fee', { percent: info.fee_percent }) : null;
  const current = methods.find((m) => m.key === value);
  return (
    <div ref={ref} className="relative">
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-ink-muted">
        {t('credits.method_label')}
      </p>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-describedby={`${id}-label`}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full items-center gap-3 rounded-2xl border border-line bg-surface px-4 text-left font-semibold hover:border-primary-ink"
      >
        <LineIcon name="coins" className="size-5 shrink-0 text-primary-ink" />
        <span className="min-w-0 flex-1 truncate">
          {name(value)}
          {storedLabel && <span className="ml-2 text-sm font-normal text-ink-muted">{storedLabel}</span>}
        </span>
        {current && fee(current) && <span className="text-xs text-ink-muted">{fee(current)}</span>}
        <span aria-hidden="true" className="text-ink-muted">
          ▾
        </span>
      </button>
      {open && (
        <ul
          id={`${id}-menu`}
          role="menu"
          aria-label={t('credits.method_menu')}
          className="absolute right-0 left-0 z-20 mt-2 max-h-[min(22rem,60dvh)] overflow-auto rounded-2xl border border-line bg-surface p-1.5 elevation-3"
        >
          {methods.map((info) => (
            <li key={info.key} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={info.key === value}
                onClick={() => {
                  onChoose(info.key);
                  setOpen(false);
                }}
                className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-sm font-semibold hover:bg-ink-soft aria-checked:bg-primary-soft aria-checked:text-primary-ink"
              >
                <span className="flex-1">{name(info.key)}</span>
                {fee(info) && <span className="text-xs font-normal text-ink-muted">{fee(info)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

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

/** The one-time payment notice: no subscription, nothing renews (SPEC §2.7 'Payment'). */
export function NoSubscriptionNotice({ text, refundDays }: { text: string; refundDays: number }) {
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
