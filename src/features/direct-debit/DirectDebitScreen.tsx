/**
 * The SEPA direct debit screen, route `directdebit` (SPEC §2.7 'Direct debit'): what is
 * paid, the SEPA form with the one-time authorization, then the SMS code with a resend
 * countdown. Mobile first: one column, inputs with the keyboards and autofill they need.
 * The rules live in direct-debit-store.ts.
 */
import { useEffect, useMemo, useState, type ComponentProps, type SyntheticEvent } from 'react';
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

type TextDetail = 'holder' | 'iban' | 'street' | 'houseNumber' | 'postalCode' | 'city' | 'phone';

/** Each text detail's input name and its field in the contract (its limit, the server's `field`). */
const TEXT_DETAILS: Record<TextDetail, { name: string; field: keyof typeof DIRECT_DEBIT_FIELDS }> = {
  // 'name': what browsers autofill with the account holder's name.
  holder: { name: 'name', field: 'holder' },
  iban: { name: 'iban', field: 'iban' },
  street: { name: 'street', field: 'street' },
  houseNumber: { name: 'house_number', field: 'house_number' },
  postalCode: { name: 'postal_code', field: 'postal_code' },
  city: { name: 'city', field: 'city' },
  phone: { name: 'phone', field: 'phone' },
};

/**
 * A required text field of the form: its value from the store, its limit and the refusal at it
 * by its contract field.
 */
function DetailField({
  detail,
  ...input
}: { detail: TextDetail } & Omit<
  ComponentProps<typeof TextField>,
  'name' | 'value' | 'onChange' | 'error' | 'required' | 'maxLength'
>) {
  const value = useStore($debitDetails)[detail];
  const { error, errorField } = useForm(startForm);
  const { name, field } = TEXT_DETAILS[detail];
  return (
    <TextField
      {...input}
      name={name}
      required
      maxLength={DIRECT_DEBIT_FIELDS[field].max}
      value={value}
      onChange={(e) => setDetail(detail, e.target.value)}
      error={errorField === field ? (error ?? undefined) : undefined}
    />
  );
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
      <DetailField
        detail="holder"
        label={t('direct_debit.form.holder')}
        autoComplete="name"
        minLength={DIRECT_DEBIT_FIELDS.holder.min}
      />
      <DetailField
        detail="iban"
        label={t('direct_debit.form.iban')}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        className="[&_input]:font-mono [&_input]:tracking-wide"
        hint={t('direct_debit.form.iban_hint')}
      />
      {/* Stacked on the narrowest phones: 'Hausnummer' must not break inside the word. */}
      <div className="grid gap-3 min-[360px]:grid-cols-[minmax(0,1fr)_8.5rem]">
        <DetailField detail="street" label={t('direct_debit.form.street')} autoComplete="address-line1" />
        <DetailField detail="houseNumber" label={t('direct_debit.form.house_number')} autoComplete="address-line2" />
      </div>
      <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3">
        <DetailField
          detail="postalCode"
          label={t('direct_debit.form.postal_code')}
          autoComplete="postal-code"
          autoCapitalize="characters"
        />
        <DetailField detail="city" label={t('direct_debit.form.city')} autoComplete="address-level2" />
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
      <DetailField
        detail="phone"
        label={t('direct_debit.form.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t('direct_debit.form.phone_hint')}
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
