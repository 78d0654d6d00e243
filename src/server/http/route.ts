/**
 * Binds a contract Endpoint to a handler: parses the query and JSON body with the contract's
 * schemas (400 naming the field), enforces login for `auth` endpoints (403
 * authentication_required), requires exact JSON or the client header for state-changing calls
 * (a CSRF guard, src/server/http/csrf.ts), and
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
import { isClientRequest } from './csrf.ts';
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

interface PendingValue {
  item: unknown;
  key: string;
  parent: PendingValue | null;
}

function pathOf(entry: PendingValue): string {
  const keys: string[] = [];
  for (let at = entry; at.parent; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
}

/**
 * The field of a string (or key) in a query or JSON body holding U+0000, or null. PostgreSQL
 * text cannot store it (the driver fails), so such input is refused at the edge, whatever
 * the field's schema says.
 */
export function nulCharacterField(value: unknown): string | null {
  // A loop, not recursion: a deeply nested body must not exhaust the stack.
  const pending: PendingValue[] = [{ item: value, key: '', parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.key.includes('\u0000') || (typeof next.item === 'string' && next.item.includes('\u0000'))) {
      return pathOf(next) || 'body';
    }
    if (typeof next.item !== 'object' || next.item === null) continue;
    for (const [key, item] of Object.entries(next.item)) pending.push({ item, key, parent: next });
  }
  return null;
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

  const rawQuery = c.req.query();
  const nulInQuery = nulCharacterField(rawQuery);
  if (nulInQuery) throw invalidInput(nulInQuery);
  const query = endpoint.query.safeParse(rawQuery);
  if (!query.success) throw invalidInput(fieldOf(query.error));

  let rawBody: unknown = {};
  if (endpoint.method !== 'GET') {
    if (!isClientRequest(c)) {
      throw new HttpError('invalid_input', 'api.invalid_input', 415, 'content-type');
    }
    const text = await c.req.text();
    try {
      rawBody = text ? JSON.parse(text) : {};
    } catch {
      throw invalidInput('body');
    }
  }
  const nulInBody = nulCharacterField(rawBody);
  if (nulInBody) throw invalidInput(nulInBody);
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
