/**
 * Form parts shared by the islands: labelled fields whose error is tied to the input
 * (aria-invalid, aria-describedby): text, password with show/hide, select, textarea with its
 * character count; alerts and a form's one-line outcome.
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import LineIcon from './LineIcon.tsx';

// Alerts live apart, so a screen that only shows an outcome does not load every field.
export { Alert, FormMessage } from './alerts.tsx';

export const inputClass =
  'block min-h-12 w-full rounded-2xl border border-line bg-surface px-4 py-2.5 text-base text-ink placeholder:text-ink-muted focus-visible:border-primary-ink aria-invalid:border-danger';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra content under the input (e.g. the 'Did you mean' suggestion). */
  after?: ReactNode;
  inputRef?: ((element: HTMLInputElement | null) => void) | undefined;
}

/** What every field shares: its label above the control, its hint and error below. */
function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** Ties a control to its error and hint (FieldMessage's ids). */
function describedBy(id: string, error: string | undefined, hint?: ReactNode) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

export function TextField({ label, error, hint, after, inputRef, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input {...input} id={id} ref={inputRef} className={inputClass} {...describedBy(id, error, hint)} />
      {after}
    </Field>
  );
}

/**
 * A password input with a show/hide toggle: an icon button whose accessible name stays 'Show
 * password' while aria-pressed says whether it is shown (a toggle's name does not flip), so a
 * long translation never covers the typed text. The input's right padding reserves the button.
 */
export function PasswordField(props: FieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { label, error, hint, inputRef, className, ...input } = props;
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          {...input}
          id={id}
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-12`}
          {...describedBy(id, error, hint)}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-1 my-auto flex size-10 items-center justify-center rounded-xl text-primary-ink hover:bg-ink-soft"
          aria-label={t('common.show_password')}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <LineIcon name={visible ? 'eye-off' : 'eye'} />
        </button>
      </div>
    </Field>
  );
}

export function FieldMessage({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-danger-ink">
          {error}
        </p>
      )}
    </>
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
    <Field id={id} label={label} error={error} className={className}>
      <select {...select} id={id} className={inputClass} {...describedBy(id, error)}>
        {children}
      </select>
    </Field>
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
  const hint = t('profile.personal.characters', { length: value.length, max: maxLength });
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        {...textarea}
        id={id}
        value={value}
        maxLength={maxLength}
        className={inputClass}
        {...describedBy(id, error, hint)}
      />
    </Field>
  );
}
