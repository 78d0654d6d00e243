/**
 * The editor's form parts: a titled section form with its own Save button, 'Saved' and a
 * section-level error. The select and textarea fields are src/ui/fields.tsx's.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Section from '../settings/Section.tsx';
import { Alert } from '#src/ui/fields.tsx';
import type { ProfileField, SectionState } from './profile-store.ts';

/** The error text of one field of a section, if its last save was refused for it. */
export function fieldError(state: SectionState, field: ProfileField): string | undefined {
  return state.status === 'error' ? state.fields[field] : undefined;
}

export function SectionForm({
  id,
  title,
  state,
  onSave,
  children,
}: {
  id: string;
  title: string;
  state: SectionState;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const saving = state.status === 'saving';
  useEffect(() => {
    // After a refused save, the first field with an error gets the focus.
    if (state.status === 'error') form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return (
    <Section id={id} title={title}>
      <form
        ref={form}
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {children}
        {state.status === 'error' && state.section && <Alert tone="danger">{state.section}</Alert>}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary disabled:opacity-60" disabled={saving} aria-busy={saving}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
          <p role="status" className="font-semibold text-success">
            {state.status === 'saved' ? t('profile.saved') : ''}
          </p>
        </div>
      </form>
    </Section>
  );
}
