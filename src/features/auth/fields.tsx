/**
 * Auth-specific form helpers: the error texts of the signup and login codes, the progress
 * bar and the card. Fields and alerts shared with other islands: src/ui/fields.tsx.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '#src/contract/accounts.ts';
import { MIN_AGE } from '#src/lib/constants.ts';
import { NAME_MAX, NAME_MIN, type SignupError } from './signup-store.ts';

/** The values the validation texts interpolate. */
const VALIDATION_VARS = { min_age: MIN_AGE, min: PASSWORD_MIN, max: PASSWORD_MAX };
const NAME_VARS = { min: NAME_MIN, max: NAME_MAX };

/** The server's translated message when there is one, else our own text for the code. */
export function useErrorText(): (error: SignupError | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    if (error.message) return error.message;
    if (error.code === 'network') return t('auth.network_error');
    const key = `auth.validation.${error.code}`;
    if (!i18n.exists(key)) return t('errors.try_later');
    return t(key, error.code.startsWith('name_') ? NAME_VARS : VALIDATION_VARS);
  };
}

/** A spinner with a text, announced politely. */
export function Progress({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-10 text-center">
      <span
        className="size-10 animate-spin rounded-full border-4 border-line border-t-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <p className="font-semibold">{label}</p>
    </div>
  );
}

/** The card that holds a form on the auth pages. */
export function AuthCard({ children }: { children: ReactNode }) {
  return <div className="card mx-auto w-full max-w-md p-5 sm:p-8">{children}</div>;
}
