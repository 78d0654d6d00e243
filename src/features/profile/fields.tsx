/**
 * The editor's form parts: a titled section form with its own Save button, 'Saved' and a
 * section-level error; a select and a textarea with their error next to them; and the text
 * of a ShownError (the server's translated message, or a client check's `profile.errors.*`).
 */
import {
  useEffect,
  useId,
  useRef,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MIN } from '#src/contract/profile.ts';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '#src/contract/photos.ts';
import Section from '../settings/Section.tsx';
import { Alert, FieldMessage, inputClass } from '#src/ui/fields.tsx';
import type { ProfileField, SectionState, ShownError } from './profile-store.ts';

export function useErrorText(): (error: ShownError | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    if (error.message) return error.message;
    for (const key of [`profile.errors.${error.code}`, `photos.errors.${error.code}`]) {
      if (i18n.exists(key))
        return t(key, {
          min: NAME_MIN,
          max_mb: PHOTO_MAX_BYTES / 1024 / 1024,
          max_megapixels: PHOTO_MAX_PIXELS / 1_000_000,
        });
    }
    return t('errors.try_later');
  };
}

/** The error of one field of a section, if its last save was refused for it. */
export function fieldError(state: SectionState, field: ProfileField): ShownError | undefined {
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
  const errorText = useErrorText();
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
        {state.status === 'error' && state.section && <Alert tone="danger">{errorText(state.section)}</Alert>}
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

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

export function SelectField({ label, error, children, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'maxLength'> {
  label: string;
  value: string;
  maxLength: number;
  error?: string | undefined;
}

/** A textarea with its character count (SPEC §3 limits) under it. */
export function TextAreaField({ label, value, maxLength, error, className, ...textarea }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        value={value}
        maxLength={maxLength}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <FieldMessage
        id={id}
        error={error}
        hint={t('profile.personal.characters', { length: value.length, max: maxLength })}
      />
    </div>
  );
}
