/**
 * Binds a contract Endpoint to a handler: parses the query and JSON body with the contract's
 * schemas (400 naming the field), enforces login for `auth` endpoints (403
 * authentication_required), requires JSON for state-changing calls (a CSRF guard), and
 * passes the handler's result through the response schema, so only contract fields leave
 * the server.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Endpoint } from '#src/contract/define.ts';
import type { AppEnv, SessionAccount } from './context.ts';
import type { SiteConfig } from '#sites-config';
import { HttpError, authenticationRequired, invalidInput } from './errors.ts';

export interface HandlerInput<Q, B> {
  c: Context<AppEnv>;
  query: Q;
  body: B;
  session: SessionAccount | null;
  site: SiteConfig | null;
}

type Handler<E extends Endpoint> = (
  input: HandlerInput<z.output<E['query']>, z.output<E['body']>>,
) => Promise<z.input<E['response']> | Response>;

function fieldOf(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.join('.') : 'body';
}

export function route<E extends Endpoint>(app: Hono<AppEnv>, endpoint: E, handler: Handler<E>): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](endpoint.path, async (c) => {
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
    });
    if (result instanceof Response) return result;
    return c.json(endpoint.response.parse(result) as object);
  });
}
