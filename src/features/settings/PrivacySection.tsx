/**
 * The privacy section of settings (SPEC §4 'Invisible mode', 'Privacy mode'): one switch
 * each, with what it does. Its anchor `#privacy` is where the account deletion flow's
 * privacy-mode alternative leads.
 */
import { useEffect, useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createPrivacyStore, PRIVACY_SETTINGS, type PrivacySetting } from './privacy-store.ts';
import Section, { LoadFailed } from './Section.tsx';

export default function PrivacySection() {
  const { t } = useTranslation();
  const store = useMemo(() => createPrivacyStore(), []);
  useEffect(() => {
    void store.load();
  }, [store]);
  const state = useStore(store.$state);
  const { busy, error } = useForm(store.switchForm);
  return (
    <Section id="privacy" title={t('settings.privacy.title')}>
      {state.status === 'loading' && <p className="mt-2 text-sm text-ink-muted">{t('common.loading')}</p>}
      {state.status === 'error' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && (
        <div className="mt-2 flex flex-col divide-y divide-line">
          {PRIVACY_SETTINGS.map((setting) => (
            <Switch
              key={setting}
              setting={setting}
              on={state[setting]}
              disabled={busy}
              onChange={(on) => void store.switchForm.submit(setting, on)}
            />
          ))}
          {error && (
            <FormMessage tone="danger" className="pt-3">
              {error}
            </FormMessage>
          )}
        </div>
      )}
    </Section>
  );
}

function Switch({
  setting,
  on,
  disabled,
  onChange,
}: {
  setting: PrivacySetting;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="py-3">
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
        <span className="font-semibold">{t(`settings.privacy.${setting}`)}</span>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={disabled}
          aria-describedby={`${id}-text`}
          onChange={(event) => onChange(event.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-ink peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-6 after:rounded-full after:bg-white after:elevation-1 after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      <p id={`${id}-text`} className="mt-1 text-sm text-ink-muted">
        {t(`settings.privacy.${setting}_text`)}
      </p>
    </div>
  );
}
