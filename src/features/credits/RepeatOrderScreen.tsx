/**
 * Buy again, route `credits-repeat-order` (SPEC §2.7 'Repeat order'; paid members' Credits
 * entry in the nav leads here): the last order's bundle at today's price with its method (the
 * stored card or PayPal account when there is one) and one button to buy it again. A stored
 * method is charged without a checkout, so the button first shows what will be charged
 * (bundle, price, method) with 'Confirm and pay' and 'Cancel'. When the stored card is declined, the SPEC's text with 'Try again': manual card entry or a wallet,
 * both through the normal payment screen.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import NoSubscriptionNotice from './NoSubscriptionNotice.tsx';
import { useMethodName } from './PaymentMethodMenu.tsx';
import { RETRY_WALLETS, transactionFeeOf } from './pricing.ts';
import { createRepeatOrderStore } from './repeat-order-store.ts';

export default function RepeatOrderScreen({ locale }: { user: CurrentUser; locale: Locale }) {
  const { t } = useTranslation();
  const name = useMethodName();
  const store = useMemo(() => createRepeatOrderStore(), []);
  useEffect(() => {
    void store.load();
  }, [store]);
  const state = useStore(store.$state);
  const storedFailed = useStore(store.$storedFailed);
  const confirming = useStore(store.$confirming);
  const { busy, error, done } = useForm(store.repeatForm);
  return (
    <section className="mx-auto max-w-xl space-y-5" aria-labelledby="repeat-title">
      <h1 id="repeat-title" className="text-2xl font-extrabold sm:text-3xl">
        {t('credits.repeat.title')}
      </h1>
      {state.status === 'loading' && <Spinner label={t('members.loading')} />}
      {state.status === 'error' && (
        <div role="alert" className="card p-6 text-center">
          <p>{t('credits.load_failed')}</p>
          <button type="button" className="btn btn-primary mt-4" onClick={() => void store.load()}>
            {t('credits.retry')}
          </button>
        </div>
      )}
      {state.status === 'none' && (
        <div className="card p-6">
          <p>{t('credits.repeat.none')}</p>
          <a href="/credits" className="btn btn-primary mt-4">
            {t('credits.title')}
          </a>
        </div>
      )}
      {state.status === 'ready' &&
        (() => {
          const { package: pkg, method, stored_method: stored } = state.repeat;
          const amount = formatMoney(pkg.price_minor + transactionFeeOf(method, pkg.price_minor), pkg.currency, locale);
          const methodLabel = stored ? `${name(method)} · ${stored.label}` : name(method);
          const retry = [
            ...(pkg.methods.includes('creditcard')
              ? [{ href: `/credits/${pkg.key}/creditcard`, label: t('credits.repeat.try_card') }]
              : []),
            ...RETRY_WALLETS.filter((m) => pkg.methods.includes(m)).map((m) => ({
              href: `/credits/${pkg.key}/${m}`,
              label: t('credits.repeat.try_wallet', { method: name(m) }),
            })),
          ];
          return (
            <>
              <p className="text-ink-muted">{t('credits.repeat.intro')}</p>
              <div className="card space-y-2 p-5">
                <p className="flex items-center gap-2 text-2xl font-extrabold">
                  <LineIcon name="coins" className="size-6 text-primary-ink" />
                  {t('credits.credits', { count: pkg.credits })}
                </p>
                <p className="text-xl font-bold">{amount}</p>
                <p className="text-sm text-ink-muted">{t('credits.repeat.paid_with', { method: methodLabel })}</p>
              </div>
              {storedFailed ? (
                <div
                  role="alert"
                  className="rounded-2xl border-2 border-danger bg-surface p-4"
                  data-testid="stored-failed"
                >
                  <p className="font-semibold text-danger">{storedFailed}</p>
                  <p className="mt-3 font-bold">{t('credits.repeat.try_again')}</p>
                  <ul className="mt-2 grid gap-2">
                    {retry.map((link, index) => (
                      <li key={link.href}>
                        <a href={link.href} className={`btn w-full ${index === 0 ? 'btn-primary' : 'btn-outline'}`}>
                          {link.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : confirming ? (
                <Confirmation
                  credits={pkg.credits}
                  amount={amount}
                  method={methodLabel}
                  busy={busy || done}
                  onConfirm={() => void store.repeatForm.submit()}
                  onCancel={store.cancel}
                />
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-lg w-full"
                  disabled={busy || done}
                  onClick={store.buy}
                >
                  {busy && <Spinner variant="inline" size="size-5" />}
                  {t('credits.repeat.buy', { credits: pkg.credits, amount })}
                </button>
              )}
              {error && <FormMessage tone="danger">{error}</FormMessage>}
              <NoSubscriptionNotice text={t('credits.no_subscription')} refundDays={0} />
              <p className="flex flex-wrap gap-x-6 gap-y-2">
                <a href="/credits" className="font-semibold text-primary-ink">
                  {t('credits.repeat.other')}
                </a>
                <a href="/transactions" className="font-semibold text-primary-ink">
                  {t('credits.orders_link')}
                </a>
              </p>
            </>
          );
        })()}
    </section>
  );
}

/** What a charge on the stored method buys, before it is made. Takes the focus when shown. */
function Confirmation({
  credits,
  amount,
  method,
  busy,
  onConfirm,
  onCancel,
}: {
  credits: number;
  amount: string;
  method: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section
      aria-labelledby="repeat-confirm-title"
      className="rounded-2xl border-2 border-primary bg-surface p-5"
      data-testid="repeat-confirm"
    >
      <h2 id="repeat-confirm-title" ref={title} tabIndex={-1} className="text-lg font-bold">
        {t('credits.repeat.confirm_title')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-ink-muted">{t('credits.repeat.confirm_bundle')}</dt>
        <dd className="font-semibold">{t('credits.credits', { count: credits })}</dd>
        <dt className="text-ink-muted">{t('credits.payment.total')}</dt>
        <dd className="font-semibold">{amount}</dd>
        <dt className="text-ink-muted">{t('credits.repeat.confirm_method')}</dt>
        <dd className="min-w-0 font-semibold break-words">{method}</dd>
      </dl>
      <p className="mt-3 text-sm">{t('credits.repeat.confirm_text', { method })}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary btn-lg flex-1" disabled={busy} onClick={onConfirm}>
          {busy && <Spinner variant="inline" size="size-5" />}
          {t('credits.repeat.confirm_pay', { amount })}
        </button>
        <button type="button" className="btn btn-outline btn-lg" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
