/**
 * A retired console of the member sites answers 302 to its section in the back office
 * (docs/staff.md: `/operator` to "Chat pals", `/moderation` to "Reports and moderation"): the
 * staff origin's host with the request's scheme and port (under `npm start`
 * http://staff.localhost:PORT/<section>). 302, not 301: a browser keeps a 301 for good, and a
 * section's place may change. Without a back office (production without STAFF_ORIGIN) the
 * path is not found, like any other; on the staff origin itself the console page answers.
 */
import { Hono, type Context, type Next } from 'hono';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { isStaffHost } from './staff-route.ts';

/** Answers `from` and `from/` on member sites with a 302 to `sectionPath` on the staff origin. */
export function staffSectionRedirect(deps: AppDeps, from: string, sectionPath: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const redirect = (c: Context<AppEnv>, next: Next) => {
    const { staffHost } = deps.config;
    if (staffHost === null || isStaffHost(c)) return next();
    const target = new URL(c.req.url);
    const port = new URL(`http://${c.req.header('host') ?? 'localhost'}`).port;
    target.hostname = staffHost;
    target.port = port;
    target.pathname = sectionPath;
    target.search = '';
    return c.redirect(target.toString(), 302);
  };
  app.get(from, redirect);
  app.get(`${from}/`, redirect);
  return app;
}
