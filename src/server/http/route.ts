/**
 * Binds a contract Endpoint to a handler: refuses callers outside the endpoint's `roles`
 * before anything else (403 authentication_required without a session, 403 forbidden for
 * another role; see checkRoles), parses the query and JSON body with the contract's schemas
 * (400 naming the field), requires exact JSON or the client header for state-changing calls
 * (a CSRF guard, src/server/http/csrf.ts), and
 * passes the handler's result through the response schema, so only contract fields leave
 * the server. Outside production an HttpError whose code the endpoint does not declare
 * (`errors`, see EndpointError) becomes an UndeclaredErrorCode failure (500), so a test that
 * reaches it fails.
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import {
  allowsError,
  isStaffOnly,
  roleMayCall,
  type Endpoint,
  type EndpointError,
  type Roles,
} from '#src/contract/define.ts';
import type { ApiErrorCode } from '#src/contract/errors.ts';
import { isStaffApiPath } from '#src/contract/staff.ts';
import type { AppEnv, SessionAccount } from './context.ts';
import type { SiteConfig } from '#sites-config';
import { isClientRequest, notClientRequest } from './csrf.ts';
import { HttpError, fail, type FailOptions } from './errors.ts';

/** `fail` (./errors.ts) typed to the codes one endpoint may answer. */
export type Fail<Code extends string> = (code: Code & ApiErrorCode, options?: FailOptions) => HttpError;

/** The session of a call: there is one whenever the endpoint is not public (route() sees to it). */
export type SessionOf<Access extends Roles> = Access extends 'public' ? SessionAccount | null : SessionAccount;

export interface HandlerInput<Q, B, Code extends string = string, Session = SessionAccount | null> {
  c: Context<AppEnv>;
  query: Q;
  body: B;
  session: Session;
  site: SiteConfig | null;
  /** `throw fail('not_found')`: only codes of the endpoint's EndpointError compile. */
  fail: Fail<Code>;
}

type Handler<E extends Endpoint> = (
  input: HandlerInput<z.output<E['query']>, z.output<E['body']>, EndpointError<E>, SessionOf<E['roles']>>,
) => Promise<z.input<E['response']> | Response>;

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

function fieldOf(error: z.core.$ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.join('.') : 'body';
}

export function route<E extends Endpoint>(app: Hono<AppEnv>, endpoint: E, handler: Handler<E>): void {
  routeWith(app, endpoint, (c) => checkRoles(c, endpoint) as SessionOf<E['roles']>, handler);
}

/**
 * route() with another check of who calls: `check` runs first (instead of checkRoles) and
 * answers the handler's `session`. The back office binds its endpoints so, with the staff
 * session's roles (src/server/features/staff/staff-route.ts).
 */
export function routeWith<E extends Endpoint, Session>(
  app: Hono<AppEnv>,
  endpoint: E,
  check: (c: Context<AppEnv>) => Session | Promise<Session>,
  handler: (
    input: HandlerInput<z.output<E['query']>, z.output<E['body']>, EndpointError<E>, Session>,
  ) => Promise<z.input<E['response']> | Response>,
): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](endpoint.path, async (c, next) => {
    if (endpoint.matches && !endpoint.matches(c.req.query())) {
      await next();
      return;
    }
    try {
      return await answer(c, endpoint, await check(c), handler);
    } catch (error) {
      checkDeclared(c, endpoint, error);
      throw error;
    }
  });
}

/**
 * The endpoint's roles (SPEC §6): for any but 'public', 403 authentication_required without a
 * session; for staff roles, also with a session of another site than the one asked (a staff
 * account works on its own site only, as user.php's session), and 403 forbidden for an
 * account of another role. Answers the session. For handlers that do not go through route()
 * (multipart uploads) too.
 */
export function checkRoles<Access extends Roles>(
  c: Context<AppEnv>,
  endpoint: Endpoint<z.core.$ZodType, z.core.$ZodType, z.core.$ZodType, string, Access>,
): SessionOf<Access> {
  const session = c.get('session');
  // The back office's calls take staff sessions only (staffRoute); a member's never passes.
  if (isStaffApiPath(endpoint.path)) throw fail('authentication_required');
  if (endpoint.roles === 'public') return session as SessionOf<Access>;
  if (!session) throw fail('authentication_required');
  if (isStaffOnly(endpoint.roles)) {
    const site = c.get('site');
    if (site && session.siteId !== site.id) throw fail('authentication_required');
    if (!roleMayCall(endpoint.roles, session.role)) throw fail('forbidden');
  }
  return session;
}

const invalidInput = (field: string) => fail('invalid_input', { field });

async function answer<E extends Endpoint, Session>(
  c: Context<AppEnv>,
  endpoint: E,
  session: Session,
  handler: (
    input: HandlerInput<z.output<E['query']>, z.output<E['body']>, EndpointError<E>, Session>,
  ) => Promise<z.input<E['response']> | Response>,
): Promise<Response> {
  const rawQuery = c.req.query();
  const nulInQuery = nulCharacterField(rawQuery);
  if (nulInQuery) throw invalidInput(nulInQuery);
  const query = z.safeParse(endpoint.query, rawQuery);
  if (!query.success) throw invalidInput(fieldOf(query.error));

  let rawBody: unknown = {};
  if (endpoint.method !== 'GET') {
    if (!isClientRequest(c)) throw notClientRequest();
    const text = await c.req.text();
    try {
      rawBody = text ? JSON.parse(text) : {};
    } catch {
      throw invalidInput('body');
    }
  }
  const nulInBody = nulCharacterField(rawBody);
  if (nulInBody) throw invalidInput(nulInBody);
  const body = z.safeParse(endpoint.body, rawBody);
  if (!body.success) throw invalidInput(fieldOf(body.error));
  // Again after parsing: a field that is JSON text itself (the push subscription) holds
  // strings that exist only once the schema parsed it.
  const nulInParsed = nulCharacterField(body.data);
  if (nulInParsed) throw invalidInput(nulInParsed);

  const result = await handler({
    c,
    query: query.data as z.output<E['query']>,
    body: body.data as z.output<E['body']>,
    session,
    site: c.get('site'),
    fail,
  });
  if (result instanceof Response) return result;
  return c.json(z.parse(endpoint.response, result) as object);
}
