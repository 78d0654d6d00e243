/**
 * The privacy section of settings (SPEC §4 'Invisible mode', 'Privacy mode'): one switch
 * each, with what it does. Its anchor `#privacy` is where the account deletion flow's
 * privacy-mode alternative leads.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createPrivacyStore, PRIVACY_SETTINGS } from './privacy-store.ts';
import SwitchRow from './SwitchRow.tsx';
import Section, { LoadStatus, useSectionStore } from './Section.tsx';

export default function PrivacySection() {
  const { t } = useTranslation();
  const store = useSectionStore(createPrivacyStore);
  const state = useStore(store.$state);
  const { busy, error } = useForm(store.switchForm);
  return (
    <Section id="privacy" title={t('settings.privacy.title')}>
      <LoadStatus state={state} onRetry={() => void store.load()} />
      {state.status === 'ready' && (
        <div className="mt-2 flex flex-col divide-y divide-line">
          {PRIVACY_SETTINGS.map((setting) => (
            <SwitchRow
              key={setting}
              label={t(`settings.privacy.${setting}`)}
              text={t(`settings.privacy.${setting}_text`)}
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
