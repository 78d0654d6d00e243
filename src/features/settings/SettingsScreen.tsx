/**
 * Settings (route notifications, SPEC §2.7): account e-mail, password, language, privacy
 * (invisible and privacy mode), blocked members and account deletion. Notification
 * preferences and push join this screen with their issues.
 */
import { useId, useMemo, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#src/contract/accounts.ts';
import { LOCALES, isLocale, type Locale } from '#src/lib/locales.ts';
import { api } from '#src/stores/api.ts';
import { changeLanguage } from '#src/stores/account.ts';
import { languageName } from '../members-shell/language-name.ts';
import { createAccountForms, type AccountForms } from './settings-store.ts';
import DeleteAccount from './DeleteAccount.tsx';
import PrivacySection from './PrivacySection.tsx';
import BlockedMembers from './BlockedMembers.tsx';
import Section from './Section.tsx';
import { PasswordField, TextField, inputClass } from '#src/ui/fields.tsx';

export default function SettingsScreen({ user, locale }: { user: CurrentUser; locale: Locale }) {
  const { t } = useTranslation();
  const forms = useMemo(() => createAccountForms(api), []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('settings.title')}</h1>
      <EmailSection user={user} forms={forms} />
      <PasswordSection forms={forms} />
      <LanguageSection locale={locale} />
      <PrivacySection />
      <BlockedMembers locale={locale} />
      <DeleteAccount />
    </div>
  );
}

function EmailSection({ user, forms }: { user: CurrentUser; forms: AccountForms }) {
  const { t } = useTranslation();
  const state = useStore(forms.$mailChange);
  const [email, setEmail] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void forms.changeEmail(email);
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
          maxLength={254}
          required
        />
        {state.status === 'done' && (
          <p role="status" className="text-sm font-semibold text-success">
            {t('settings.email.sent', { email: state.email })}
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {state.message}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary self-start disabled:opacity-60"
          disabled={state.status === 'sending'}
        >
          {t('settings.email.submit')}
        </button>
      </form>
    </Section>
  );
}

function PasswordSection({ forms }: { forms: AccountForms }) {
  const { t } = useTranslation();
  const state = useStore(forms.$passwordChange);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void forms.changePassword({ oldPassword, password, passwordRepeat }).then(() => {
      if (forms.$passwordChange.get().status !== 'done') return;
      setOldPassword('');
      setPassword('');
      setPasswordRepeat('');
    });
  };
  return (
    <Section id="password" title={t('settings.password.title')}>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <PasswordField
          label={t('settings.password.old')}
          name="old_password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)}
          required
        />
        <PasswordField
          label={t('settings.password.new')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          required
        />
        <PasswordField
          label={t('settings.password.repeat')}
          name="password_repeat"
          autoComplete="new-password"
          value={passwordRepeat}
          onChange={(event) => setPasswordRepeat(event.target.value)}
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          required
        />
        <p className="text-xs text-ink-muted">{t('settings.password.hint', { min: PASSWORD_MIN })}</p>
        {state.status === 'done' && (
          <p role="status" className="text-sm font-semibold text-success">
            {t('settings.password.changed')}
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {state.code === 'passwords_differ' ? t('settings.password.not_same') : state.message}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary self-start disabled:opacity-60"
          disabled={state.status === 'sending'}
        >
          {t('settings.password.submit')}
        </button>
      </form>
    </Section>
  );
}

function LanguageSection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'idle' | 'saving' | 'error'>('idle');
  return (
    <Section id="language" title={t('settings.language.title')}>
      <label htmlFor={id} className="mt-3 block text-sm font-semibold">
        {t('settings.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={state === 'saving'}
        className={`${inputClass} sm:max-w-xs`}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          setState('saving');
          changeLanguage(api, next).catch(() => setState('error'));
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
      {state === 'error' && (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          {t('errors.try_later')}
        </p>
      )}
    </Section>
  );
}
