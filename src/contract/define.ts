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
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

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
> {
  method: Method;
  /** Path under the origin, e.g. '/api/settings.php'. */
  path: string;
  query: Q;
  body: B;
  response: R;
  /** Error codes this call may answer besides invalid_input, rate_limited and internal. */
  errors: readonly ErrorCode[];
  /** True when the call needs a logged-in member (403 authentication_required otherwise). */
  auth: boolean;
}

export const noInput = z.object({}).strict();

export function defineEndpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  endpoint: Omit<Endpoint<Q, B, R>, 'query' | 'body' | 'errors' | 'auth'> & {
    query?: Q;
    body?: B;
    errors?: readonly ErrorCode[];
    auth?: boolean;
  },
): Endpoint<Q, B, R> {
  return {
    errors: [],
    auth: false,
    ...endpoint,
    query: endpoint.query ?? (z.object({}).loose() as unknown as Q),
    body: endpoint.body ?? (noInput as unknown as B),
  };
}
