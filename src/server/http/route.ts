/**
 * Binds a contract Endpoint to a handler: parses the query and JSON body with the contract's
 * schemas (400 naming the field), enforces login for `auth` endpoints (403
 * authentication_required), requires JSON for state-changing calls (a CSRF guard), and
 * passes the handler's result through the response schema, so only contract fields leave
 * the server. Outside production an HttpError whose code the endpoint does not declare
 * (`errors`, see EndpointError) becomes an UndeclaredErrorCode failure (500), so a test that
 * reaches it fails.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { ERROR_STATUS, allowsError, type Endpoint, type EndpointError, type ErrorCode } from '#src/contract/define.ts';
import type { TranslationKey } from '#src/i18n/index.ts';
import type { AppEnv, SessionAccount } from './context.ts';
import type { SiteConfig } from '#sites-config';
import { HttpError, authenticationRequired, invalidInput } from './errors.ts';

export interface FailOptions {
  /** The i18n key of the message (default `api.<code>`, which exists for the ERROR_STATUS codes). */
  message?: TranslationKey;
  /** The HTTP status (default: ERROR_STATUS of the code, else 400). */
  status?: number;
  field?: string;
  params?: Record<string, string | number>;
}

/** Makes an HttpError of a code the endpoint declares; a feature's own code needs its message. */
export interface Fail<Code extends string> {
  (code: Code & ErrorCode, options?: FailOptions): HttpError;
  (code: Code, options: FailOptions & { message: TranslationKey }): HttpError;
}

export interface HandlerInput<Q, B, Code extends string = string> {
  c: Context<AppEnv>;
  query: Q;
  body: B;
  session: SessionAccount | null;
  site: SiteConfig | null;
  /** `throw fail('not_found')`: only codes of the endpoint's EndpointError compile. */
  fail: Fail<Code>;
}

type Handler<E extends Endpoint> = (
  input: HandlerInput<z.output<E['query']>, z.output<E['body']>, EndpointError<E>>,
) => Promise<z.input<E['response']> | Response>;

const fail: Fail<string> = (code: string, options: FailOptions = {}) =>
  new HttpError(
    code,
    options.message ?? (`api.${code}` as TranslationKey),
    options.status ?? (code in ERROR_STATUS ? ERROR_STATUS[code as ErrorCode] : 400),
    options.field,
    options.params,
  );

/** A handler answered an error code its endpoint does not declare (a contract bug). */
export class UndeclaredErrorCode extends Error {
  constructor(endpoint: Endpoint, code: string) {
    super(`${endpoint.method} ${endpoint.path} answered error '${code}', which its contract's errors do not declare`);
    this.name = 'UndeclaredErrorCode';
  }
}

/**
 * Outside production: throws UndeclaredErrorCode for an HttpError the endpoint does not
 * declare. For handlers that do not go through route() (multipart uploads).
 */
export function checkDeclared(c: Context<AppEnv>, endpoint: Endpoint, error: unknown): void {
  if (error instanceof HttpError && !c.get('deps').config.production && !allowsError(endpoint, error.code)) {
    throw new UndeclaredErrorCode(endpoint, error.code);
  }
}

function fieldOf(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.join('.') : 'body';
}

export function route<E extends Endpoint>(app: Hono<AppEnv>, endpoint: E, handler: Handler<E>): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](endpoint.path, async (c, next) => {
    if (endpoint.matches && !endpoint.matches(c.req.query())) {
      await next();
      return;
    }
    try {
      return await answer(c, endpoint, handler);
    } catch (error) {
      checkDeclared(c, endpoint, error);
      throw error;
    }
  });
}

async function answer<E extends Endpoint>(c: Context<AppEnv>, endpoint: E, handler: Handler<E>): Promise<Response> {
  const session = c.get('session');
  if (endpoint.auth && !session) throw authenticationRequired();

  const query = endpoint.query.safeParse(c.req.query());
  if (!query.success) throw invalidInput(fieldOf(query.error));

  let rawBody: unknown = {};
  if (endpoint.method !== 'GET') {
    const type = c.req.header('content-type') ?? '';
    if (!type.includes('application/json') && c.req.header('x-request-type') !== 'client') {
      throw new HttpError('invalid_input', 'api.invalid_input', 415, 'content-type');
    }
    const text = await c.req.text();
    try {
      rawBody = text ? JSON.parse(text) : {};
    } catch {
      throw invalidInput('body');
    }
  }
  const body = endpoint.body.safeParse(rawBody);
  if (!body.success) throw invalidInput(fieldOf(body.error));

  const result = await handler({
    c,
    query: query.data as z.output<E['query']>,
    body: body.data as z.output<E['body']>,
    session,
    site: c.get('site'),
    fail,
  });
  if (result instanceof Response) return result;
  return c.json(endpoint.response.parse(result) as object);
}
