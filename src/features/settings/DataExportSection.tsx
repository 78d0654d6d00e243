/** `#data-export`: 'Download my data', the ZIP of everything about the member (data-export-store.ts). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createDataExportForm } from './data-export-store.ts';
import Section from './Section.tsx';

export default function DataExportSection() {
  const { t } = useTranslation();
  const [form] = useState(createDataExportForm);
  const { busy, error, done } = useForm(form);
  return (
    <Section id="data-export" title={t('settings.export.title')}>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.export.intro')}</p>
      <button
        type="button"
        className="btn btn-outline mt-4 disabled:opacity-50"
        disabled={busy}
        onClick={() => void form.submit()}
      >
        {busy ? t('settings.export.preparing') : t('settings.export.download')}
      </button>
      {error && (
        <FormMessage tone="danger" className="mt-3">
          {error}
        </FormMessage>
      )}
      {done && !error && (
        <p role="status" className="mt-3 text-sm font-semibold">
          {t('settings.export.started')}
        </p>
      )}
    </Section>
  );
}
