/**
 * Form parts shared by the islands: labelled fields whose error is tied to the input
 * (aria-invalid, aria-describedby), a password field with show/hide, and alerts.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

export function TextField({ label, error, hint, after, inputRef, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {after}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function PasswordField(props: FieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { label, error, hint, inputRef, className, ...input } = props;
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={id}
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-24`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="absolute inset-y-1 right-1 rounded-xl px-3 text-sm font-semibold text-primary-ink hover:bg-ink-soft"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('common.hide_password') : t('common.show_password')}
        </button>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
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
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </>
  );
}

export function Alert({ tone, children }: { tone: 'danger' | 'success' | 'info'; children: ReactNode }) {
  const colours = {
    danger: 'border-danger text-danger',
    success: 'border-success text-ink',
    info: 'border-line text-ink',
  } as const;
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-2xl border-2 bg-surface px-4 py-3 font-medium ${colours[tone]}`}
    >
      {children}
    </div>
  );
}
