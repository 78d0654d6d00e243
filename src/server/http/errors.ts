/**
 * Errors the API answers on purpose. Anything else becomes a 500 'internal' answer without
 * a stack trace; the message is translated into the request's locale.
 */
import type { Context } from 'hono';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '#src/contract/define.ts';
import { translator, type TranslationKey } from '#src/i18n/index.ts';
import { DEFAULT_LOCALE, type Locale } from '#src/lib/locales.ts';

export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    /** The i18n key of the message. */
    readonly messageKey: TranslationKey,
    readonly status: number = code in ERROR_STATUS ? ERROR_STATUS[code as ErrorCode] : 400,
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export function errorResponse(c: Context, error: HttpError): Response {
  const locale = (c.get('locale') as Locale | undefined) ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: t(error.messageKey, { ...error.params, ...(error.field ? { field: error.field } : {}) }),
      ...(error.field ? { field: error.field } : {}),
    },
  };
  return c.json(body, error.status as 400);
}

export const notFound = () => new HttpError('not_found', 'api.not_found', 404);
export const authenticationRequired = () =>
  new HttpError('authentication_required', 'api.authentication_required', 403);
export const invalidInput = (field: string) => new HttpError('invalid_input', 'api.invalid_input', 400, field);
