/**
 * Push notifications in settings (SPEC §4 Push): one switch for this browser. The settings
 * screen is its own chunk, so the push store (src/stores/push.ts) stays out of the shell's
 * first load.
 */
import { useEffect, useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '#src/ui/fields.tsx';
import { $push } from '#src/stores/push.ts';
import { useForm } from '#src/ui/use-form.ts';
import { createPushSwitch } from './push-switch-store.ts';
import Section from './Section.tsx';

export default function PushSection() {
  const { t } = useTranslation();
  const id = useId();
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
        <div className="py-3">
          <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
            <span className="font-semibold">{t('push.settings.label')}</span>
            <input
              type="checkbox"
              role="switch"
              checked={state.isSubscribed}
              disabled={!ready || busy || denied}
              aria-describedby={`${id}-text`}
              onChange={(event) => void pushSwitch.form.submit(event.target.checked)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="relative h-7 w-12 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-ink peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-6 after:rounded-full after:bg-white after:elevation-1 after:transition-transform peer-checked:after:translate-x-5"
            />
          </label>
          <p id={`${id}-text`} className="mt-1 text-sm text-ink-muted">
            {t(denied ? 'push.settings.denied' : 'push.settings.text')}
          </p>
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
