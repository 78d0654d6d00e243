/**
 * Push notifications in settings (SPEC §4 Push): one switch for this browser. The settings
 * screen is its own chunk, so the push store (src/stores/push.ts) stays out of the shell's
 * first load.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '#src/ui/fields.tsx';
import { $push } from '#src/stores/push.ts';
import { useForm } from '#src/ui/use-form.ts';
import { createPushSwitch } from './push-switch-store.ts';
import Section from './Section.tsx';
import SwitchRow from './SwitchRow.tsx';

export default function PushSection() {
  const { t } = useTranslation();
  const state = useStore($push);
  const pushSwitch = useMemo(() => createPushSwitch(), []);
  const ready = useStore(pushSwitch.$ready);
  const { busy, error } = useForm(pushSwitch.form);
  useEffect(() => void pushSwitch.prepare(), [pushSwitch]);
  const denied = state.subscription === 'denied';
  return (
    <Section id="push" title={t('push.settings.title')}>
      {ready && !state.isCapable ? (
        <p className="mt-2 text-sm text-ink-muted">{t('push.settings.unsupported')}</p>
      ) : (
        <>
          <SwitchRow
            label={t('push.settings.label')}
            text={t(denied ? 'push.settings.denied' : 'push.settings.text')}
            on={state.isSubscribed}
            disabled={!ready || busy || denied}
            onChange={(on) => void pushSwitch.form.submit(on)}
          />
          {error && (
            <FormMessage tone="danger" className="pb-3">
              {error}
            </FormMessage>
          )}
        </>
      )}
    </Section>
  );
}
