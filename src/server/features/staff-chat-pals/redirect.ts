/**
 * `/operator` on a member site (the retired console of member accounts with a role) answers
 * 302 to the back office's "Chat pals" section on the staff origin (docs/staff.md "Chat
 * pals"): the staff origin's host with the request's scheme and port (under `npm start`
 * http://staff.localhost:PORT/chat-pals). 302, not 301: a browser keeps a 301 for good, and
 * the section's place may change. Without a back office (production without STAFF_ORIGIN)
 * the path is not found, like any other.
 */
import { Hono, type Context, type Next } from 'hono';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { isStaffHost } from '#src/server/features/staff/index.ts';

/** The section's path on the staff origin. */
export const CHAT_PALS_SECTION_PATH = '/chat-pals';

export function operatorConsoleRedirect(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const redirect = (c: Context<AppEnv>, next: Next) => {
    const { staffHost } = deps.config;
    if (staffHost === null || isStaffHost(c)) return next();
    const target = new URL(c.req.url);
    const port = new URL(`http://${c.req.header('host') ?? 'localhost'}`).port;
    target.hostname = staffHost;
    target.port = port;
    target.pathname = CHAT_PALS_SECTION_PATH;
    target.search = '';
    return c.redirect(target.toString(), 302);
  };
  app.get('/operator', redirect);
  app.get('/operator/', redirect);
  return app;
}
