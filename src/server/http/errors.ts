/**
 * Errors the API answers on purpose, made by `fail(code)` only. Anything else becomes a 500
 * 'internal' answer without a stack trace; the message is translated into the request's locale.
 */
import type { Context } from 'hono';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '#src/contract/define.ts';
import { declaredError, type ApiErrorCode } from '#src/contract/errors.ts';
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

export interface FailOptions {
  /** The i18n key of the text, when not the code's default (`<messages>.<code>` of its declaration). */
  message?: TranslationKey;
  /** The input field the error is about. */
  field?: string;
  /** The text's parameters. */
  params?: Record<string, string | number>;
}

/**
 * The one way to fail: `throw fail('not_found')`. The code is one the contract declares
 * (src/contract/errors.ts: ERROR_STATUS or a feature's ErrorDeclaration), which gives its
 * HTTP status and default text; route() checks the endpoint may answer it.
 */
export function fail(code: ApiErrorCode, options: FailOptions = {}): HttpError {
  const declared = declaredError(code);
  if (!declared) throw new Error(`error code '${code}' is not declared in src/contract/errors.ts`);
  const message = options.message ?? (declared.message as TranslationKey);
  const status = declared.statusOfMessage[message] ?? declared.status;
  return new HttpError(code, message, status, options.field, options.params);
}
