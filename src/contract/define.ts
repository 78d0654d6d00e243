/**
 * Contract helpers. Every API call is declared once as an Endpoint: method, path, the zod
 * schemas of its query, body and successful answer, and the error codes it may answer.
 * The server validates input and shapes output through it; the client parses answers with it.
 */
import { z } from 'zod';

/** Error codes any endpoint may answer, with their HTTP status. */
export const ERROR_STATUS = {
  invalid_input: 400,
  insufficient_credits: 402,
  authentication_required: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  unknown_site: 404,
  /** A write from another site (no client header, or a foreign Origin): src/server/http/route.ts. */
  cross_site: 403,
  /** A body over the API's limit (src/server/http/body-limit.ts). */
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes every endpoint may answer without declaring them. */
export const UNDECLARED_ERRORS = [
  'invalid_input',
  'rate_limited',
  'internal',
  'payload_too_large',
  'cross_site',
] as const;

/** The body of every error answer: a code, a message in the member's language, the field. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  Err extends string = string,
  Auth extends boolean = boolean,
> {
  method: Method;
  /** Path under the origin, e.g. '/api/settings.php'. */
  path: string;
  query: Q;
  body: B;
  response: R;
  /**
   * Error codes this call may answer besides UNDECLARED_ERRORS (and authentication_required
   * for `auth` calls): a code of ERROR_STATUS or a feature's own (e.g. accounts' `email_exists`).
   * Outside production the server refuses to answer any other (src/server/http/route.ts).
   */
  errors: readonly Err[];
  /** True when the call needs a logged-in member (403 authentication_required otherwise). */
  auth: Auth;
  /**
   * For two calls on one method and path told apart by their query (SPEC §7's GET chat.php
   * with `profile` or with `id`): whether a request is this call's. Requests it refuses go on
   * to the next call registered on the path.
   */
  matches?: (query: Record<string, string>) => boolean;
}

/** Every code an endpoint may answer. */
export type EndpointError<E extends Endpoint> =
  | E['errors'][number]
  | (typeof UNDECLARED_ERRORS)[number]
  | (E['auth'] extends true ? 'authentication_required' : never);

/** Whether an endpoint may answer an error code (see EndpointError). */
export function allowsError(endpoint: Endpoint, code: string): boolean {
  return (
    endpoint.errors.includes(code) ||
    (UNDECLARED_ERRORS as readonly string[]).includes(code) ||
    (endpoint.auth && code === 'authentication_required')
  );
}

export const noInput = z.object({}).strict();

export function defineEndpoint<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  Err extends string = never,
  Auth extends boolean = false,
>(
  endpoint: Omit<Endpoint<Q, B, R>, 'query' | 'body' | 'errors' | 'auth' | 'matches'> & {
    matches?: (query: Record<string, string>) => boolean;
    query?: Q;
    body?: B;
    errors?: readonly Err[];
    auth?: Auth;
  },
): Endpoint<Q, B, R, Err, Auth> {
  return {
    errors: [],
    auth: false as Auth,
    ...endpoint,
    query: endpoint.query ?? (z.object({}).loose() as unknown as Q),
    body: endpoint.body ?? (noInput as unknown as B),
  };
}
