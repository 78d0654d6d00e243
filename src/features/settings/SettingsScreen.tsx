/**
 * Settings (route notifications, SPEC §2.7): e-mail notification preferences, push
 * notifications, privacy (invisible and privacy mode), location, account e-mail, password,
 * language (the locales of the member's country, SPEC §2.3), blocked members and account
 * deletion.
 */
import { useId, useMemo, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#src/contract/limits.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { isLocale, type Locale } from '#src/lib/locales.ts';
import { FormMessage, PasswordField, TextField, inputClass } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { languageName } from '../members-shell/language-name.ts';
import { createAccountForms, type AccountForms, type PasswordChange } from './settings-store.ts';
import DataExportSection from './DataExportSection.tsx';
import DeleteAccount from './DeleteAccount.tsx';
import PrivacySection from './PrivacySection.tsx';
import PushSection from './PushSection.tsx';
import EmailNotificationsSection from './EmailNotificationsSection.tsx';
import LocationSection from './LocationSection.tsx';
import { settingsLocales } from './language-options.ts';
import BlockedMembers from './BlockedMembers.tsx';
import Section from './Section.tsx';

export default function SettingsScreen({ user, locale }: { user: CurrentUser; locale: Locale }) {
  const { t } = useTranslation();
  const forms = useMemo(() => createAccountForms(), []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('settings.title')}</h1>
      <EmailNotificationsSection />
      <PushSection />
      <PrivacySection />
      <LocationSection locale={locale} />
      <EmailSection user={user} forms={forms} />
      <PasswordSection forms={forms} />
      <LanguageSection locale={locale} country={user.profile.country} forms={forms} />
      <BlockedMembers locale={locale} />
      <DataExportSection />
      <DeleteAccount locale={locale} />
    </div>
  );
}

function EmailSection({ user, forms }: { user: CurrentUser; forms: AccountForms }) {
  const { t } = useTranslation();
  const { busy, error, done } = useForm(forms.mailChange);
  const sentTo = useStore(forms.$mailSentTo);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void forms.mailChange.submit(email, password);
  };
  return (
    <Section id="account-email" title={t('settings.email.title')}>
      <p className="mt-1 text-sm text-ink-muted">
        {t('settings.email.current')} <strong className="break-all text-ink">{user.email}</strong>
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3" noValidate>
        <TextField
          label={t('settings.email.new')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          maxLength={EMAIL_MAX}
          required
        />
        <PasswordField
          label={t('settings.email.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        {done && <FormMessage tone="success">{t('settings.email.sent', { email: sentTo })}</FormMessage>}
        {error && <FormMessage tone="danger">{error}</FormMessage>}
        <SubmitButton busy={busy}>{t('settings.email.submit')}</SubmitButton>
      </form>
    </Section>
  );
}

const PASSWORD_FIELDS = [
  { key: 'oldPassword', name: 'old_password', label: 'settings.password.old', autoComplete: 'current-password' },
  { key: 'password', name: 'password', label: 'settings.password.new', autoComplete: 'new-password' },
  { key: 'passwordRepeat', name: 'password_repeat', label: 'settings.password.repeat', autoComplete: 'new-password' },
] as const;
const NO_PASSWORDS: PasswordChange = { oldPassword: '', password: '', passwordRepeat: '' };

function PasswordSection({ forms }: { forms: AccountForms }) {
  const { t } = useTranslation();
  const { busy, error, done } = useForm(forms.passwordChange);
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void forms.passwordChange.submit(passwords).then(() => {
      if (forms.passwordChange.$done.get()) setPasswords(NO_PASSWORDS);
    });
  };
  return (
    <Section id="password" title={t('settings.password.title')}>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        {PASSWORD_FIELDS.map(({ key, name, label, autoComplete }) => (
          <PasswordField
            key={key}
            label={t(label)}
            name={name}
            autoComplete={autoComplete}
            value={passwords[key]}
            onChange={(event) => {
              const { value } = event.target;
              setPasswords((current) => ({ ...current, [key]: value }));
            }}
            // The old password is checked as it is; only a new one has the length rules.
            {...(key === 'oldPassword' ? {} : { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })}
            required
          />
        ))}
        <p className="text-xs text-ink-muted">{t('settings.password.hint', { min: PASSWORD_MIN })}</p>
        {done && <FormMessage tone="success">{t('settings.password.changed')}</FormMessage>}
        {error && <FormMessage tone="danger">{error}</FormMessage>}
        <SubmitButton busy={busy}>{t('settings.password.submit')}</SubmitButton>
      </form>
    </Section>
  );
}

function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className="btn btn-primary self-start disabled:opacity-60" disabled={busy}>
      {children}
    </button>
  );
}

function LanguageSection({ locale, country, forms }: { locale: Locale; country: string; forms: AccountForms }) {
  const { t } = useTranslation();
  const id = useId();
  const { busy, error, done } = useForm(forms.language);
  return (
    <Section id="language" title={t('settings.language.title')}>
      <label htmlFor={id} className="mt-3 block text-sm font-semibold">
        {t('settings.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        // Saved, the page reloads in the new language: the select stays disabled until then.
        disabled={busy || done}
        className={`${inputClass} sm:max-w-xs`}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          void forms.language.submit(next);
        }}
      >
        {settingsLocales(country, locale).map((l) => (
          <option key={l} value={l} lang={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
      {error && (
        <FormMessage tone="danger" className="mt-2">
          {error}
        </FormMessage>
      )}
    </Section>
  );
}
