/**
 * The SEPA direct debit screen, route `directdebit` (SPEC §2.7 'Direct debit'): what is
 * paid, the SEPA form with the one-time authorization, then the SMS code with a resend
 * countdown. Mobile first: one column, inputs with the keyboards and autofill they need.
 * The rules live in direct-debit-store.ts.
 */
import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import {
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_TTL_SECONDS,
  DIRECT_DEBIT_FIELDS,
  SEPA_COUNTRIES,
} from '#src/contract/direct-debit.ts';
import type { Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import { SelectField, TextField } from '#src/ui/fields.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import {
  $debitDetails,
  $debitLoad,
  $debitStep,
  $resendIn,
  changeDetails,
  loadDebitOrder,
  resendForm,
  setDetail,
  startForm,
  verifyForm,
  type DebitOrder,
  type SepaCountry,
} from './direct-debit-store.ts';

export default function DirectDebitScreen({
  locale,
  brand,
  search,
}: {
  locale: Locale;
  brand: string;
  search: Record<string, string>;
}) {
  const { t } = useTranslation();
  const load = useStore($debitLoad);
  const step = useStore($debitStep);
  const order = search['order'];
  const pkg = search['package'];
  useEffect(() => {
    void loadDebitOrder({ ...(order ? { order } : {}), ...(pkg ? { package: pkg } : {}) });
  }, [order, pkg]);
  return (
    <section className="mx-auto max-w-xl space-y-5" aria-labelledby="direct-debit-title">
      <h1 id="direct-debit-title" className="text-2xl font-extrabold sm:text-3xl">
        {t('direct_debit.title')}
      </h1>
      {load.status === 'loading' && <Spinner label={t('direct_debit.loading')} />}
      {load.status === 'missing' && (
        <Notice text={t('direct_debit.missing')} href="/credits" link={t('direct_debit.to_credits')} />
      )}
      {load.status === 'closed' && (
        <Notice
          text={t('direct_debit.closed')}
          href={`/transactions/${encodeURIComponent(load.paymentId)}`}
          link={t('direct_debit.to_order')}
        />
      )}
      {load.status === 'error' && (
        <div className="rounded-2xl border border-line bg-surface p-4">
          <p role="alert">{t('direct_debit.load_error')}</p>
          <button
            type="button"
            className="btn btn-primary mt-4"
            onClick={() => void loadDebitOrder({ ...(order ? { order } : {}), ...(pkg ? { package: pkg } : {}) })}
          >
            {t('direct_debit.retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <Summary order={load.order} locale={locale} />
          {step.step === 'form' ? (
            <DetailsForm order={load.order} locale={locale} brand={brand} />
          ) : (
            // Keyed by the code's expiry: a new code starts with an empty field.
            <CodeForm key={step.sent.expires_at} phone={step.sent.phone_masked} iban={step.sent.iban_masked} />
          )}
        </>
      )}
    </section>
  );
}

function Notice({ text, href, link }: { text: string; href: string; link: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <p>{text}</p>
      <a href={href} className="btn btn-outline mt-4">
        {link}
      </a>
    </div>
  );
}

function Summary({ order, locale }: { order: DebitOrder; locale: Locale }) {
  const { t } = useTranslation();
  const amount = formatMoney(order.amountMinor, order.currency, locale);
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
      <LineIcon name="coins" className="mt-0.5 size-6 shrink-0 text-primary-ink" />
      <div>
        <p className="font-semibold">{t('direct_debit.summary', { count: order.credits, amount })}</p>
        <p className="text-sm text-ink-muted">{t('direct_debit.one_time', { amount })}</p>
      </div>
    </div>
  );
}

function useCountryNames(locale: Locale): { code: SepaCountry; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return SEPA_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
  }, [locale]);
}

function DetailsForm({ order, locale, brand }: { order: DebitOrder; locale: Locale; brand: string }) {
  const { t } = useTranslation();
  const details = useStore($debitDetails);
  const { busy, error, errorField } = useForm(startForm);
  const countries = useCountryNames(locale);
  const fieldError = (field: string) => (errorField === field ? (error ?? undefined) : undefined);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void startForm.submit();
  };
  const onlyForm = error && !['iban', 'phone', 'authorize'].includes(errorField ?? '');
  return (
    <form className="space-y-4" onSubmit={submit} noValidate={false}>
      <TextField
        label={t('direct_debit.form.holder')}
        name="name"
        autoComplete="name"
        required
        minLength={DIRECT_DEBIT_FIELDS.holder.min}
        maxLength={DIRECT_DEBIT_FIELDS.holder.max}
        value={details.holder}
        onChange={(e) => setDetail('holder', e.target.value)}
        error={fieldError('holder')}
      />
      <TextField
        label={t('direct_debit.form.iban')}
        name="iban"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        required
        maxLength={DIRECT_DEBIT_FIELDS.iban.max}
        className="[&_input]:font-mono [&_input]:tracking-wide"
        value={details.iban}
        onChange={(e) => setDetail('iban', e.target.value)}
        hint={t('direct_debit.form.iban_hint')}
        error={fieldError('iban')}
      />
      <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
        <TextField
          label={t('direct_debit.form.street')}
          name="street"
          autoComplete="address-line1"
          required
          maxLength={DIRECT_DEBIT_FIELDS.street.max}
          value={details.street}
          onChange={(e) => setDetail('street', e.target.value)}
          error={fieldError('street')}
        />
        <TextField
          label={t('direct_debit.form.house_number')}
          name="house_number"
          autoComplete="address-line2"
          required
          maxLength={DIRECT_DEBIT_FIELDS.house_number.max}
          value={details.houseNumber}
          onChange={(e) => setDetail('houseNumber', e.target.value)}
          error={fieldError('house_number')}
        />
      </div>
      <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3">
        <TextField
          label={t('direct_debit.form.postal_code')}
          name="postal_code"
          autoComplete="postal-code"
          autoCapitalize="characters"
          required
          maxLength={DIRECT_DEBIT_FIELDS.postal_code.max}
          value={details.postalCode}
          onChange={(e) => setDetail('postalCode', e.target.value)}
          error={fieldError('postal_code')}
        />
        <TextField
          label={t('direct_debit.form.city')}
          name="city"
          autoComplete="address-level2"
          required
          maxLength={DIRECT_DEBIT_FIELDS.city.max}
          value={details.city}
          onChange={(e) => setDetail('city', e.target.value)}
          error={fieldError('city')}
        />
      </div>
      <SelectField
        label={t('direct_debit.form.country')}
        name="country"
        autoComplete="country"
        value={details.country}
        onChange={(e) => setDetail('country', e.target.value as SepaCountry)}
        error={fieldError('country')}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('direct_debit.form.phone')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={DIRECT_DEBIT_FIELDS.phone.max}
        value={details.phone}
        onChange={(e) => setDetail('phone', e.target.value)}
        hint={t('direct_debit.form.phone_hint')}
        error={fieldError('phone')}
      />
      <div>
        <label className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-sm">
          <input
            type="checkbox"
            name="authorize"
            className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
            checked={details.authorize}
            aria-invalid={errorField === 'authorize' ? true : undefined}
            aria-describedby={errorField === 'authorize' ? 'direct-debit-authorize-error' : undefined}
            onChange={(e) => setDetail('authorize', e.target.checked)}
          />
          <span>
            {t('direct_debit.form.authorize', {
              brand,
              amount: formatMoney(order.amountMinor, order.currency, locale),
            })}
          </span>
        </label>
        {errorField === 'authorize' && error && (
          <p id="direct-debit-authorize-error" className="mt-1.5 text-sm font-semibold text-danger">
            {error}
          </p>
        )}
      </div>
      {onlyForm && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? <Spinner variant="inline" /> : <LineIcon name="lock" className="size-5" />}
        {t('direct_debit.form.submit')}
      </button>
      <p className="text-center text-sm text-ink-muted">{t('direct_debit.form.secure')}</p>
    </form>
  );
}

function CodeForm({ phone, iban }: { phone: string; iban: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const verify = useForm(verifyForm);
  const resend = useForm(resendForm);
  const resendIn = useStore($resendIn);
  const minutes = DIRECT_DEBIT_CODE_TTL_SECONDS / 60;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void verifyForm.submit(code);
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
      <h2 className="text-xl font-bold">{t('direct_debit.code.title')}</h2>
      <p>{t('direct_debit.code.sent', { phone, minutes })}</p>
      <p className="text-sm text-ink-muted">{t('direct_debit.code.account', { iban })}</p>
      <TextField
        label={t('direct_debit.code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={DIRECT_DEBIT_CODE_LENGTH}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, DIRECT_DEBIT_CODE_LENGTH))}
        error={verify.error ?? undefined}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={verify.busy || verify.done}>
        {(verify.busy || verify.done) && <Spinner variant="inline" />}
        {t('direct_debit.code.submit')}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="btn btn-outline"
          disabled={resendIn > 0 || resend.busy}
          onClick={() => void resendForm.submit()}
        >
          {resendIn > 0 ? t('direct_debit.code.resend_in', { seconds: resendIn }) : t('direct_debit.code.resend')}
        </button>
        <button type="button" className="text-sm font-semibold text-primary-ink underline" onClick={changeDetails}>
          {t('direct_debit.code.change')}
        </button>
      </div>
      {resend.error && <FormMessage tone="danger">{resend.error}</FormMessage>}
      {resend.done && !resend.error && <FormMessage tone="success">{t('direct_debit.code.resent')}</FormMessage>}
    </form>
  );
}
