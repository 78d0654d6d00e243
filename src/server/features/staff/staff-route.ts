/**
 * Binds a back-office endpoint (src/contract/staff.ts): route() with the staff session's
 * roles instead of a member session's. Only the staff origin answers (elsewhere 403
 * authentication_required, whatever the cookies); an endpoint of staff roles needs an active
 * staff session (403 authentication_required) holding one of them (403 forbidden). 'public'
 * ones (the login steps) get the request's staff session, pending or active, or null.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import type { Endpoint, EndpointError } from '#src/contract/define.ts';
import { isStaffApiPath } from '#src/contract/staff.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { hostnameOf } from '#src/server/http/site-resolver.ts';
import { routeWith, type HandlerInput } from '#src/server/http/route.ts';
import { findStaffSession, type StaffSession } from './sessions.ts';

/** Whether the request is for the staff origin (config.staffHost). */
export function isStaffHost(c: Context<AppEnv>): boolean {
  const { staffHost } = c.get('deps').config;
  return staffHost !== null && hostnameOf(c.req.header('host')) === staffHost;
}

type StaffSessionOf<E extends Endpoint> = E['roles'] extends 'public' ? StaffSession | null : StaffSession;

export type StaffHandler<E extends Endpoint> = (
  input: HandlerInput<z.output<E['query']>, z.output<E['body']>, EndpointError<E>, StaffSessionOf<E>>,
) => Promise<z.input<E['response']> | Response>;

/** The active staff session allowed to call `endpoint` (staffRoute's check; also for multipart uploads). */
export async function checkStaff<E extends Endpoint>(c: Context<AppEnv>, endpoint: E): Promise<StaffSessionOf<E>> {
  if (!isStaffHost(c)) throw fail('authentication_required');
  const session = await findStaffSession(c);
  if (endpoint.roles === 'public') return session as StaffSessionOf<E>;
  if (session?.stage !== 'active') throw fail('authentication_required');
  const roles = endpoint.roles as readonly string[];
  if (!session.roles.some((role) => roles.includes(role))) throw fail('forbidden');
  return session;
}

export function staffRoute<E extends Endpoint>(app: Hono<AppEnv>, endpoint: E, handler: StaffHandler<E>): void {
  routeWith(app, endpoint, (c) => checkStaff(c, endpoint), handler);
}

/**
 * On the staff origin: no member session (whatever cookie comes along) and no member calls,
 * only the back office's (/api/staff/…); other API paths answer 404 there.
 */
export const staffOriginGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isStaffHost(c)) {
    c.set('session', null);
    if (!isStaffApiPath(c.req.path)) throw fail('not_found');
  }
  await next();
};
