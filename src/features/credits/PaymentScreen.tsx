/**
 * Pay for a bundle, route `credits-id-paymentmethod` (/credits/{bundle}/{method?}, SPEC §2.7
 * 'Payment'): the chosen bundle, the method (a choice of the methods that pay this bundle when
 * the path names none, or one that does not pay it), the price with the discount and the
 * method's fee, the one-time payment notice and Pay, which makes the order and opens the
 * provider's checkout (or the SEPA form for direct debit).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import {
  PACKAGE_KEYS,
  PAYMENT_METHOD_RULES,
  type CreditPackage,
  type PackageKey,
  type PackagesData,
  type PaymentMethod,
} from '#src/contract/billing.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { $discount, $packages, $paymentCountry, chooseMethod, loadPackages } from './credits-store.ts';
import { DiscountEntry } from './DiscountOffer.tsx';
import NoSubscriptionNotice from './NoSubscriptionNotice.tsx';
import { useMethodName } from './PaymentMethodMenu.tsx';
import { orderForm } from './payment-store.ts';
import { quote, type DiscountBlock, type Quote } from './pricing.ts';

const isPackageKey = (id: string): id is PackageKey => (PACKAGE_KEYS as readonly string[]).includes(id);

export default function PaymentScreen({
  id,
  paymentMethod,
  locale,
}: {
  user: CurrentUser;
  id: string;
  paymentMethod: string | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const load = useStore($packages);
  useEffect(() => {
    void loadPackages();
    // Back from the provider's page (the browser's page cache) shows the form ready again.
    orderForm.reset();
  }, []);
  if (!isPackageKey(id)) return <NotFound />;
  if (load.status === 'error')
    return (
      <div role="alert" className="card mx-auto max-w-xl p-6 text-center">
        <p>{t('credits.load_failed')}</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => void loadPackages({ force: true })}>
          {t('credits.retry')}
        </button>
      </div>
    );
  if (load.status !== 'ready') return <Spinner label={t('members.loading')} />;
  const pkg = load.data.packages.find((p) => p.key === id);
  if (!pkg) return <NotFound />;
  const method = pkg.methods.find((m) => m === paymentMethod) ?? null;
  return (
    <section className="mx-auto max-w-xl space-y-5" aria-labelledby="payment-title">
      <p>
        <a href="/credits" className="inline-flex items-center gap-1 font-semibold text-primary-ink">
          <span aria-hidden="true">←</span> {t('credits.payment.all_bundles')}
        </a>
      </p>
      <h1 id="payment-title" className="text-2xl font-extrabold sm:text-3xl">
        {t('credits.payment.title')}
      </h1>
      <p className="flex items-center gap-2 text-xl font-bold">
        <LineIcon name="coins" className="size-6 text-primary-ink" />
        {t('credits.credits', { count: pkg.credits })}
      </p>
      {method ? (
        <Checkout data={load.data} pkg={pkg} method={method} locale={locale} />
      ) : (
        <MethodChoice data={load.data} pkg={pkg} />
      )}
    </section>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="card mx-auto max-w-xl p-6 text-center">
      <p>{t('credits.payment.not_found')}</p>
      <a href="/credits" className="btn btn-primary mt-4">
        {t('credits.payment.all_bundles')}
      </a>
    </div>
  );
}

/** The methods that pay this bundle in the payment country, each leading to its payment. */
function MethodChoice({ data, pkg }: { data: PackagesData; pkg: CreditPackage }) {
  const { t } = useTranslation();
  const name = useMethodName();
  const fees = new Map(data.methods.map((m) => [m.key, m.fee_percent]));
  return (
    <nav aria-labelledby="method-choice">
      <h2 id="method-choice" className="text-lg font-bold">
        {t('credits.payment.choose_method')}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {pkg.methods.map((method) => (
          <li key={method}>
            <a
              href={`/credits/${pkg.key}/${method}`}
              className="flex min-h-12 items-center gap-2 rounded-2xl border border-line bg-surface px-4 font-semibold text-ink no-underline hover:border-primary-ink"
            >
              <span className="flex-1">{name(method)}</span>
              {data.stored_method?.method === method && (
                <span className="text-xs font-normal text-ink-muted">
                  {t('credits.method_stored', { label: data.stored_method.label })}
                </span>
              )}
              {(fees.get(method) ?? 0) > 0 && (
                <span className="text-xs font-normal text-ink-muted">
                  {t('credits.method_fee', { percent: fees.get(method) })}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Checkout({
  data,
  pkg,
  method,
  locale,
}: {
  data: PackagesData;
  pkg: CreditPackage;
  method: PaymentMethod;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const name = useMethodName();
  const discount = useStore($discount);
  const country = useStore($paymentCountry);
  const { busy, error, done } = useForm(orderForm);
  useEffect(() => chooseMethod(method), [method]);
  const price = quote(pkg, data.country, discount?.code ?? null, method);
  const money = (minor: number) => formatMoney(minor, pkg.currency, locale);
  const directDebit = PAYMENT_METHOD_RULES[method].flow === 'directdebit';
  const pay = () =>
    void orderForm.submit({ package: pkg.key, method, discountCode: price.code?.code ?? null, country });
  if (done && !directDebit) return <Spinner variant="large" label={t('credits.payment.redirecting')} />;
  return (
    <>
      <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
        <span className="flex-1 font-semibold">{name(method)}</span>
        <a href={`/credits/${pkg.key}`} className="text-sm font-semibold text-primary-ink">
          {t('credits.payment.change_method')}
        </a>
      </div>
      <PriceLines price={price} money={money} />
      {discount && price.blocked && <BlockedNote block={price.blocked} code={discount.code.code} locale={locale} />}
      <DiscountEntry />
      <NoSubscriptionNotice
        text={t('credits.payment.once', { amount: money(price.totalMinor) })}
        refundDays={data.refund_days}
      />
      {data.first_purchase && (
        <p className="flex items-center gap-2 font-semibold text-primary-ink">
          <LineIcon name="sparkle" className="size-5 shrink-0" />
          {t('credits.payment.premium_note')}
        </p>
      )}
      {directDebit && <p className="text-sm text-ink-muted">{t('credits.payment.direct_debit_note')}</p>}
      <button type="button" className="btn btn-primary btn-lg w-full" disabled={busy || done} onClick={pay}>
        {busy && <Spinner variant="inline" size="size-5" />}
        {t('credits.payment.pay', { amount: money(price.totalMinor) })}
      </button>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
    </>
  );
}

function PriceLines({ price, money }: { price: Quote; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const line = 'flex justify-between gap-4 py-1';
  return (
    <dl className="rounded-2xl border border-line bg-surface px-4 py-3" data-testid="price-lines">
      <div className={line}>
        <dt>{t('credits.payment.price')}</dt>
        <dd>{money(price.listMinor)}</dd>
      </div>
      {price.code && price.discountMinor > 0 && (
        <div className={`${line} text-success`}>
          <dt>
            {t('credits.payment.discount', { code: price.code.code, percent: Number(price.code.value_percentage) })}
          </dt>
          <dd>−{money(price.discountMinor)}</dd>
        </div>
      )}
      {price.feeMinor > 0 && (
        <div className={line}>
          <dt>{t('credits.payment.fee')}</dt>
          <dd>{money(price.feeMinor)}</dd>
        </div>
      )}
      <div className={`${line} mt-1 border-t border-line pt-2 text-lg font-bold`}>
        <dt>{t('credits.payment.total')}</dt>
        <dd data-testid="total">{money(price.totalMinor)}</dd>
      </div>
    </dl>
  );
}

/** Why the applied code does not lower this price. */
function BlockedNote({ block, code, locale }: { block: DiscountBlock; code: string; locale: Locale }) {
  const { t } = useTranslation();
  const text =
    block.reason === 'minimum'
      ? t('discounts.minimum', { amount: formatMoney(block.minimumMinor, block.currency, locale) })
      : block.reason === 'method'
        ? t('credits.discount_blocked_method', { code })
        : t('credits.discount_blocked_country', { code });
  return <p className="text-sm text-ink-muted">{text}</p>;
}
