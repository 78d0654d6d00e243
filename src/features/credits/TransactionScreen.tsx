/**
 * The result of a payment, route `transactions-id` (SPEC §2.7 'Transaction result', §4
 * 'Payment'). With an id: loading, then 'Processing your payment' while the provider works,
 * then completed (credits added, the toast 'Order #{payment_id} is completed') or failed /
 * cancelled ('Payment failed or has been cancelled.' with the other methods of the bundle).
 * A purchase begun from the chat's credit alert offers 'Back to the chat' first
 * (./return-path.ts), where the refused message waits with 'Send again'.
 * Without an id: the member's orders, newest first, with the refund of unused credits.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#src/contract/billing.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { formatDate } from '#src/lib/dates.ts';
import type { Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import Toast from '#src/ui/Toast.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { $packages, loadPackages } from './credits-store.ts';
import { useMethodName } from './PaymentMethodMenu.tsx';
import { transactionPath } from './payment-store.ts';
import { forgetReturn, returnPath } from './return-path.ts';
import { createOrdersStore, createTransactionStore, type TransactionState } from './transaction-store.ts';

export default function TransactionScreen({
  id,
  user,
  locale,
}: {
  id: string | undefined;
  user: CurrentUser;
  locale: Locale;
}) {
  return id ? <Result key={id} id={id} user={user} locale={locale} /> : <Orders locale={locale} />;
}

function Result({ id, user, locale }: { id: string; user: CurrentUser; locale: Locale }) {
  const { t } = useTranslation();
  const store = useMemo(() => createTransactionStore(id), [id]);
  useEffect(() => {
    store.start();
    return store.stop;
  }, [store]);
  const state = useStore(store.$state);
  const toast = useStore(store.$toast);
  return (
    <section className="mx-auto max-w-xl space-y-5" aria-labelledby="transaction-title">
      <h1 id="transaction-title" className="text-2xl font-extrabold sm:text-3xl">
        {t('credits.transaction.title')}
      </h1>
      <ResultBody state={state} user={user} locale={locale} onRetry={store.retry} />
      {toast && <Toast message={toast} closeLabel={t('credits.transaction.close')} onDismiss={store.dismissToast} />}
    </section>
  );
}

function ResultBody({
  state,
  user,
  locale,
  onRetry,
}: {
  state: TransactionState;
  user: CurrentUser;
  locale: Locale;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  // Read once: the conversation the purchase began in (the chat's credit alert).
  const [back] = useState(returnPath);
  switch (state.status) {
    case 'loading':
      return <Spinner label={t('credits.transaction.loading')} />;
    case 'not_found':
      return (
        <Card>
          <p>{t('credits.transaction.not_found')}</p>
          <Links links={[{ href: '/transactions', label: t('credits.orders.title') }]} />
        </Card>
      );
    case 'error':
      return (
        <Card role="alert">
          <p>{t('credits.transaction.load_failed')}</p>
          <button type="button" className="btn btn-primary mt-4" onClick={onRetry}>
            {t('credits.retry')}
          </button>
        </Card>
      );
    case 'processing':
      return (
        <Card>
          {state.stalled ? (
            <>
              <p role="status">{t('credits.transaction.stalled')}</p>
              <button type="button" className="btn btn-primary mt-4" onClick={onRetry}>
                {t('credits.transaction.check_again')}
              </button>
            </>
          ) : (
            <>
              <Spinner variant="large" label={t('credits.transaction.processing')} />
              <p className="-mt-4 text-center text-sm text-ink-muted">{t('credits.transaction.processing_text')}</p>
            </>
          )}
          <OrderLine order={state.order} locale={locale} />
        </Card>
      );
    case 'completed':
      return (
        <Card>
          <p className="flex items-center gap-2 text-xl font-bold text-success">
            <LineIcon name="sparkle" className="size-6 shrink-0" />
            {t('credits.transaction.completed_title')}
          </p>
          <p className="mt-2">{t('credits.transaction.credits_added', { count: state.order.credits })}</p>
          <p className="mt-1 font-semibold" data-testid="balance">
            {t('credits.transaction.balance', { count: user.credits })}
          </p>
          {user.paid_user && <p className="mt-1">{t('credits.transaction.premium_now')}</p>}
          <OrderLine order={state.order} locale={locale} />
          <Links
            links={[
              ...(back ? [{ href: back, label: t('credits.transaction.back_to_chat'), onClick: forgetReturn }] : []),
              { href: '/chats', label: t('credits.transaction.to_chats') },
              { href: '/members', label: t('credits.transaction.to_search') },
            ]}
          />
        </Card>
      );
    case 'failed':
      return <Failed order={state.order} locale={locale} />;
    case 'refunded':
    case 'charged_back':
      return (
        <Card>
          <p>{t(`credits.transaction.${state.status}`)}</p>
          <OrderLine order={state.order} locale={locale} />
          <Links links={[{ href: '/transactions', label: t('credits.orders.title') }]} />
        </Card>
      );
  }
}

/** 'Payment failed or has been cancelled.' with the other methods that pay the bundle. */
function Failed({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useTranslation();
  const name = useMethodName();
  const load = useStore($packages);
  useEffect(() => {
    void loadPackages();
  }, []);
  const pkg = load.status === 'ready' ? load.data.packages.find((p) => p.key === order.package) : undefined;
  const others = pkg ? pkg.methods.filter((m) => m !== order.method) : [];
  return (
    <Card>
      <p role="alert" className="text-lg font-bold text-danger">
        {t('credits.transaction.failed')}
      </p>
      <OrderLine order={order} locale={locale} />
      <p className="mt-4 font-semibold">{t('credits.transaction.retry_other')}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="retry-methods">
        {others.map((method) => (
          <li key={method}>
            <a
              href={`/credits/${order.package}/${method}`}
              className="flex min-h-11 items-center rounded-2xl border border-line px-4 font-semibold text-ink no-underline hover:border-primary-ink"
            >
              {name(method)}
            </a>
          </li>
        ))}
      </ul>
      <Links links={[{ href: '/credits', label: t('credits.payment.all_bundles') }]} outline />
    </Card>
  );
}

function OrderLine({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useTranslation();
  const name = useMethodName();
  return (
    <p className="mt-4 text-sm text-ink-muted">
      {t('credits.transaction.order', { id: order.payment_id })} · {t('credits.credits', { count: order.credits })} ·{' '}
      {formatMoney(order.amount_minor, order.currency, locale)} · {name(order.method)}
    </p>
  );
}

function Card({ children, role }: { children: React.ReactNode; role?: 'alert' }) {
  return (
    <div role={role} className="card p-5 sm:p-6">
      {children}
    </div>
  );
}

function Links({
  links,
  outline = false,
}: {
  links: { href: string; label: string; onClick?: () => void }[];
  outline?: boolean;
}) {
  return (
    <p className="mt-5 flex flex-wrap gap-3">
      {links.map((link, index) => (
        <a
          key={link.href}
          href={link.href}
          onClick={link.onClick}
          className={`btn ${index === 0 && !outline ? 'btn-primary' : 'btn-outline'}`}
        >
          {link.label}
        </a>
      ))}
    </p>
  );
}

/** The member's orders, newest first. */
function Orders({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const store = useMemo(() => createOrdersStore(), []);
  useEffect(() => {
    void store.load();
  }, [store]);
  const state = useStore(store.$orders);
  const { busy, error } = useForm(store.refundForm);
  const name = useMethodName();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const date = (iso: string) => formatDate(iso, 'date', locale);
  return (
    <section className="mx-auto max-w-2xl space-y-5" aria-labelledby="orders-title">
      <h1 id="orders-title" className="text-2xl font-extrabold sm:text-3xl">
        {t('credits.orders.title')}
      </h1>
      {state.status === 'loading' && <Spinner label={t('members.loading')} />}
      {state.status === 'error' && (
        <Card role="alert">
          <p>{t('credits.orders.load_failed')}</p>
          <button type="button" className="btn btn-primary mt-4" onClick={() => void store.load()}>
            {t('credits.retry')}
          </button>
        </Card>
      )}
      {state.status === 'ready' && state.orders.length === 0 && (
        <Card>
          <p>{t('credits.orders.empty')}</p>
          <Links links={[{ href: '/credits', label: t('credits.title') }]} />
        </Card>
      )}
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {state.status === 'ready' && state.orders.length > 0 && (
        <ul className="space-y-3">
          {state.orders.map((order) => (
            <li key={order.payment_id} className="card p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <a href={transactionPath(order.payment_id)} className="font-bold text-primary-ink">
                  {t('credits.transaction.order', { id: order.payment_id })}
                </a>
                <span className="text-sm font-semibold">{t(`credits.orders.status.${order.status}`)}</span>
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                {date(order.created_at)} · {t('credits.credits', { count: order.credits })} ·{' '}
                {money(order.amount_minor, order.currency)} · {name(order.method)}
              </p>
              {order.refund && (
                <p className="mt-1 text-sm">
                  {t('credits.orders.refund_done', { amount: money(order.refund.amount_minor, order.currency) })}
                </p>
              )}
              {order.refundable && (
                <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <button
                    type="button"
                    className="btn btn-outline min-h-10 px-4 text-sm"
                    disabled={busy}
                    onClick={() => {
                      const refundable = order.refundable;
                      if (!refundable) return;
                      const values = {
                        credits: refundable.credits,
                        amount: money(refundable.amount_minor, order.currency),
                      };
                      void store.refundForm.submit(order, t('credits.orders.refund_confirm', values));
                    }}
                  >
                    {t('credits.orders.refund', {
                      credits: order.refundable.credits,
                      amount: money(order.refundable.amount_minor, order.currency),
                    })}
                  </button>
                  <span className="text-xs text-ink-muted">
                    {t('credits.orders.refund_until', { date: date(order.refundable.until) })}
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
