/**
 * What a feature's service needs from the request it serves: the site, the app's
 * dependencies, the database and the clock; and the origin of links mailed from it.
 */
import type { Context } from 'hono';
import type { SiteConfig } from '#sites-config';
import type { Db } from '#src/server/db/client.ts';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { requestIsHttps } from '#src/server/http/client-ip.ts';
import { fail } from '#src/server/http/errors.ts';
import { resolveHost } from '#src/server/http/site-resolver.ts';

export interface RequestContext {
  c: Context<AppEnv>;
  deps: AppDeps;
  db: Db;
  site: SiteConfig;
  now: Date;
}

/** The request's site (404 unknown_site without one) with the database and the clock. */
export function requestContext(c: Context<AppEnv>, site: SiteConfig | null): RequestContext {
  if (!site) throw fail('unknown_site');
  const deps = c.get('deps');
  return { c, deps, db: deps.database.db, site, now: deps.now() };
}

/**
 * The origin for e-mailed links: the request's own Host (port kept) when it is one of this
 * site's host names, so a forged Host header can never point a link elsewhere; otherwise
 * the site's domain for the request's language.
 */
export function linkOrigin(ctx: RequestContext): string {
  const { c, site, deps } = ctx;
  // Production is https behind its proxy, whatever the request looks like.
  const proto = deps.config.production || requestIsHttps(c) ? 'https' : 'http';
  const host = (c.req.header('host') ?? '').trim().toLowerCase();
  const match = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (match?.[1] && resolveHost(deps.sites, match[1])?.site.id === site.id) {
    return `${proto}://${match[1]}${match[2] ? `:${match[2]}` : ''}`;
  }
  return `https://${site.domains[c.get('locale')]}`;
}

/** A link on the request's origin carrying `token`. */
export function link(ctx: RequestContext, path: string, token: string): string {
  return `${linkOrigin(ctx)}${path}?token=${encodeURIComponent(token)}`;
}
