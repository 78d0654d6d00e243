/**
 * Buy credits, route `credits` (SPEC §2.7 'Credits'): the welcome-bonus banner, the payment
 * country and the payment method list with its context menu, the four bundles p0..p3 styled
 * as tiers (one 'popular') with the price in the payment country's currency (the discounted
 * price when a code applies), the discount code entry and the no-subscription notice. A
 * bundle leads to its payment screen, /credits/{bundle}/{method}.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CreditPackage, PackageKey, PackagesData, PaymentMethod } from '#src/contract/billing.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import {
  $chosenMethod,
  $discount,
  $packages,
  chooseMethod,
  choosePaymentCountry,
  loadPackages,
  methodFor,
} from './credits-store.ts';
import { DiscountEntry, OfferBanner } from './DiscountOffer.tsx';
import NoSubscriptionNotice from './NoSubscriptionNotice.tsx';
import { MethodMenu, useMethodName } from './PaymentMethodMenu.tsx';
import { quote, unitPrices } from './pricing.ts';
import { rememberReturn } from './return-path.ts';

/** The tiers' looks, cheapest to biggest. */
const TIER_CLASS: Record<PackageKey, string> = {
  p0: 'border-line',
  p1: 'border-secondary',
  p2: 'border-primary ring-2 ring-primary',
  p3: 'border-primary-deep',
};

export default function CreditsScreen({ locale }: { user: CurrentUser; locale: Locale }) {
  const { t } = useTranslation();
  const load = useStore($packages);
  useEffect(() => {
    void loadPackages();
    // From the chat's credit alert: the result leads back to the conversation.
    rememberReturn();
  }, []);
  return (
    <section className="mx-auto max-w-5xl space-y-6" aria-labelledby="credits-title">
      <div>
        <h1 id="credits-title" className="text-2xl font-extrabold sm:text-3xl">
          {t('credits.title')}
        </h1>
        <p className="mt-2 text-ink-muted">{t('credits.intro')}</p>
      </div>
      <OfferBanner />
      {load.status === 'ready' ? (
        <Bundles data={load.data} locale={locale} />
      ) : load.status === 'error' ? (
        <div role="alert" className="card p-6 text-center">
          <p>{t('credits.load_failed')}</p>
          <button type="button" className="btn btn-primary mt-4" onClick={() => void loadPackages({ force: true })}>
            {t('credits.retry')}
          </button>
        </div>
      ) : (
        <Spinner label={t('members.loading')} />
      )}
    </section>
  );
}

function Bundles({ data, locale }: { data: PackagesData; locale: Locale }) {
  const { t } = useTranslation();
  const chosen = useStore($chosenMethod);
  const method = methodFor(data, chosen);
  const storedLabel = data.stored_method && data.stored_method.method === method ? data.stored_method.label : null;
  return (
    <>
      {data.first_purchase && (
        <p className="flex items-center gap-2 font-semibold text-primary-ink">
          <LineIcon name="sparkle" className="size-5 shrink-0" />
          {t('credits.first_purchase')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {data.countries.length > 1 && <CountrySelect countries={data.countries} value={data.country} locale={locale} />}
        {method && (
          <MethodMenu methods={data.methods} value={method} storedLabel={storedLabel} onChoose={chooseMethod} />
        )}
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {data.packages.map((pkg) => (
          <li key={pkg.key} className="flex">
            <Bundle
              pkg={pkg}
              country={data.country}
              method={method}
              locale={locale}
              messageCredits={data.message_credits}
            />
          </li>
        ))}
      </ul>
      <div className="grid gap-4 md:grid-cols-2">
        <DiscountEntry />
        <NoSubscriptionNotice text={t('credits.no_subscription')} refundDays={data.refund_days} />
      </div>
      <p>
        <a href="/transactions" className="font-semibold text-primary-ink">
          {t('credits.orders_link')}
        </a>
      </p>
    </>
  );
}

function Bundle({
  pkg,
  country,
  method,
  locale,
  messageCredits,
}: {
  pkg: CreditPackage;
  country: string;
  method: PaymentMethod | null;
  locale: Locale;
  /** The credits a text message costs on this site. */
  messageCredits: number;
}) {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const discount = useStore($discount);
  const payable = method !== null && pkg.methods.includes(method);
  // The fee shows on the payment screen; here the bundle's price with the code.
  const price = quote(pkg, country, discount?.code ?? null, payable ? method : null);
  const money = (minor: number) => formatMoney(minor, pkg.currency, locale);
  // At the price paid, not the struck-through one.
  const unit = unitPrices(pkg, price.listMinor - price.discountMinor, messageCredits);
  const href = payable ? `/credits/${pkg.key}/${method}` : `/credits/${pkg.key}`;
  return (
    <article
      data-tier={pkg.key}
      aria-labelledby={`bundle-${pkg.key}`}
      className={`relative flex w-full flex-col rounded-3xl border-2 bg-surface p-5 ${TIER_CLASS[pkg.key]}`}
    >
      {pkg.popular && (
        // primary-ink keeps 4.5:1 against the surface on every site (theme-tokens.ts).
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary-ink px-3 py-0.5 text-xs font-bold tracking-wide text-surface uppercase">
          {t('credits.popular')}
        </p>
      )}
      <h2 id={`bundle-${pkg.key}`} className="flex items-center gap-2 text-2xl font-extrabold lg:text-xl xl:text-2xl">
        <LineIcon name="coins" className="size-6 shrink-0 text-primary-ink" />
        {t('credits.credits', { count: pkg.credits })}
      </h2>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold" data-testid="bundle-price">
          {money(price.listMinor - price.discountMinor)}
        </span>
        {price.discountMinor > 0 && (
          <s className="text-ink-muted" aria-label={t('credits.list_price', { amount: money(price.listMinor) })}>
            {money(price.listMinor)}
          </s>
        )}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {t('credits.per_message', { amount: money(unit.perMessageMinor) })}
        {' · '}
        {t('credits.per_credit', { amount: money(unit.perCreditMinor) })}
      </p>
      {method && !payable && (
        <p className="mt-2 text-sm text-ink-muted">{t('credits.not_with_method', { method: methodName(method) })}</p>
      )}
      <div className="mt-auto pt-5">
        <a
          href={href}
          className={`btn w-full ${pkg.popular ? 'btn-primary' : 'btn-outline'}`}
          aria-describedby={`bundle-${pkg.key}`}
        >
          {t('credits.choose')}
        </a>
      </div>
    </article>
  );
}

function CountrySelect({ countries, value, locale }: { countries: readonly string[]; value: string; locale: Locale }) {
  const { t } = useTranslation();
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-semibold text-ink-muted">{t('credits.country_label')}</span>
      <select
        value={value}
        onChange={(event) => void choosePaymentCountry(event.target.value)}
        className="block min-h-12 w-full rounded-2xl border border-line bg-surface px-4 text-base text-ink"
      >
        {countries.map((country) => (
          <option key={country} value={country}>
            {names.of(country) ?? country}
          </option>
        ))}
      </select>
    </label>
  );
}
