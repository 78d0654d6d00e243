/**
 * One way to turn a failure into the member's language. The server's refusals (ApiError)
 * arrive translated and are shown as sent; a lost connection and anything unexpected get our
 * own texts; a check the client makes before asking the server (CheckError) names its key.
 */
import { ApiError } from '#src/client/api.ts';
import type { TranslationKey } from '#src/i18n/index.ts';
import { environment } from './environment.ts';

/** A refusal found by the client itself, e.g. a name too short: a catalogue key and its values. */
export class CheckError extends Error {
  constructor(
    /** The catalogue key of the text, e.g. 'auth.validation.name_short'. */
    readonly key: TranslationKey,
    /** The field it belongs to, when there is one. */
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'CheckError';
  }
}

/** True when the request never got an answer (offline, DNS, a dropped connection). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network' || error.status === 0);
}

/** True when the failure is ours, not the member's: a 5xx, an answer we could not read, a bug. */
export function isUnexpected(error: unknown): boolean {
  if (error instanceof CheckError) return false;
  if (!(error instanceof ApiError)) return true;
  return !isNetworkError(error) && (error.code === 'internal' || error.status >= 500 || !error.message);
}

/**
 * The text a member sees for a failure. Unexpected ones are reported (logged) as well, since
 * the member can do nothing about them but try later.
 */
export function errorText(error: unknown): string {
  const { t, report } = environment();
  if (error instanceof CheckError) return t(error.key, error.params);
  if (isNetworkError(error)) return t('errors.network');
  if (isUnexpected(error)) {
    report(error);
    return t('errors.try_later');
  }
  return (error as ApiError).message;
}

/** The field a refusal belongs to, when the server or the check named one. */
export function errorField(error: unknown): string | undefined {
  return error instanceof ApiError || error instanceof CheckError ? error.field : undefined;
}
