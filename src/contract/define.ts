/**
 * Contract helpers. Every API call is declared once as an Endpoint: method, path, the zod
 * schemas of its query, body and successful answer, and the error codes it may answer.
 * The server validates input and shapes output through it; the client parses answers with it.
 *
 * Schemas are written with `zod/mini` (functions instead of methods: `z.optional(x)`,
 * `x.check(z.maxLength(80))`, `z.strictObject`), which the browser bundle shakes down to the
 * schema types used; classic zod builds the whole library into every page that parses an
 * answer (docs/decisions.md "Members app: JavaScript a member downloads"). Endpoints take any
 * zod 4 schema (`z.core.$ZodType`) and are parsed with `z.parse`/`z.safeParse`.
 */
import * as z from 'zod/mini';

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
  /** The database cannot be reached now; answered with Retry-After (src/server/platform/unavailable.ts). */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes every endpoint may answer without declaring them. */
export const UNDECLARED_ERRORS = [
  'invalid_input',
  'rate_limited',
  'internal',
  'unavailable',
  'payload_too_large',
  'cross_site',
] as const;

/**
 * A feature's own error codes, declared once in its contract module: each code's HTTP status
 * and where its default text is (`<messages>.<code>` in the catalogues). Every code an
 * endpoint lists is in ERROR_STATUS or in exactly one declaration (all of them:
 * src/contract/errors.ts); the server's `fail(code)` looks the status up there.
 */
export interface ErrorDeclaration<Code extends string = string> {
  /** The i18n namespace of the codes' default texts, e.g. 'accounts.errors'. */
  messages: string;
  status: Readonly<Record<Code, number>>;
  /**
   * A text that answers its code with another status than the code's own (a HEIC photo the
   * decoder gave up on is of an accepted type: 422, not photo_type's 415).
   */
  statusOfMessage: Readonly<Record<string, number>>;
  /** The codes, for an endpoint's `errors`. */
  codes: readonly Code[];
}

export function declareErrors<const Status extends Record<string, number>>(
  messages: string,
  status: Status,
  statusOfMessage: Readonly<Record<string, number>> = {},
): ErrorDeclaration<keyof Status & string> {
  return { messages, status, statusOfMessage, codes: Object.keys(status) };
}

/** Every code of a list with one status, for declareErrors (`...withStatus(NAME_ERRORS, 400)`). */
export function withStatus<const Code extends string>(codes: readonly Code[], status: number): Record<Code, number> {
  return Object.fromEntries(codes.map((code) => [code, status])) as Record<Code, number>;
}

/** The generic codes (ERROR_STATUS), their texts in `api.<code>`. */
export const GENERIC_ERRORS = declareErrors('api', ERROR_STATUS);

/**
 * Account roles (SPEC §6): every logged-in account is a `member`; staff accounts have one of
 * the staff roles, which open the back office's consoles (accounts.role).
 */
export const STAFF_ROLES = ['admin', 'moderator', 'operator', 'finance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = 'member' | StaffRole;

/**
 * Who may call an endpoint: anyone ('public'), any logged-in account (['member']), or
 * accounts with one of the staff roles listed (e.g. ['moderator', 'admin']). route() refuses
 * the others before the handler runs: 403 authentication_required without a session (or with
 * a staff session of another site than the one asked), 403 forbidden for another role.
 */
export type Roles = 'public' | readonly [Role, ...Role[]];

/** True for an endpoint of staff roles only (not 'public', not 'member'). */
export function isStaffOnly(roles: Roles): boolean {
  return roles !== 'public' && !roles.includes('member');
}

/** Whether an account of `role` (a logged-in one) may call an endpoint of `roles`. */
export function roleMayCall(roles: Roles, role: string): boolean {
  return !isStaffOnly(roles) || (roles as readonly string[]).includes(role);
}

/** The body of every error answer: a code, a message in the member's language, the field. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  Q extends z.core.$ZodType = z.core.$ZodType,
  B extends z.core.$ZodType = z.core.$ZodType,
  R extends z.core.$ZodType = z.core.$ZodType,
  Err extends string = string,
  Access extends Roles = Roles,
> {
  method: Method;
  /** Path under the origin, e.g. '/api/settings.php'. */
  path: string;
  query: Q;
  body: B;
  response: R;
  /**
   * Error codes this call may answer besides UNDECLARED_ERRORS (and those of its `roles`):
   * a code of ERROR_STATUS or of a feature's ErrorDeclaration (e.g. accounts' `email_exists`).
   * Outside production the server refuses to answer any other (src/server/http/route.ts).
   */
  errors: readonly Err[];
  /** Who may call it (see Roles); every endpoint says so, 'public' included. */
  roles: Access;
  /**
   * For two calls on one method and path told apart by their query (SPEC §7's GET chat.php
   * with `profile` or with `id`): whether a request is this call's. Requests it refuses go on
   * to the next call registered on the path.
   */
  matches?: (query: Record<string, string>) => boolean;
}

/** The codes of an endpoint's roles: without a session, and (staff only) of another role. */
export type RoleError<Access extends Roles> = Access extends 'public'
  ? never
  : 'authentication_required' | ('member' extends Access[number] ? never : 'forbidden');

/** Every code an endpoint may answer. */
export type EndpointError<E extends Endpoint> =
  E['errors'][number] | (typeof UNDECLARED_ERRORS)[number] | RoleError<E['roles']>;

/** Whether an endpoint may answer an error code (see EndpointError). */
export function allowsError(endpoint: Endpoint, code: string): boolean {
  return (
    endpoint.errors.includes(code) ||
    (UNDECLARED_ERRORS as readonly string[]).includes(code) ||
    (code === 'authentication_required' && endpoint.roles !== 'public') ||
    (code === 'forbidden' && isStaffOnly(endpoint.roles))
  );
}

export const noInput = z.strictObject({});

/**
 * A query value that may be missing or empty (`min_age=` is the same as no `min_age`), else
 * parsed by `schema` (classic zod's `z.preprocess(blank, schema.optional())`; the outer
 * `z.optional` lets callers leave the key out, as preprocess did).
 */
export function optionalQueryValue<T extends z.core.SomeType>(schema: T) {
  return z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(schema),
    ),
  );
}

export function defineEndpoint<
  Q extends z.core.$ZodType,
  B extends z.core.$ZodType,
  R extends z.core.$ZodType,
  Err extends string = never,
  const Access extends Roles = Roles,
>(
  endpoint: Omit<Endpoint<Q, B, R>, 'query' | 'body' | 'errors' | 'roles' | 'matches'> & {
    matches?: (query: Record<string, string>) => boolean;
    query?: Q;
    body?: B;
    errors?: readonly Err[];
    roles: Access;
  },
): Endpoint<Q, B, R, Err, Access> {
  return {
    errors: [],
    ...endpoint,
    query: endpoint.query ?? (z.looseObject({}) as unknown as Q),
    body: endpoint.body ?? (noInput as unknown as B),
  };
}
