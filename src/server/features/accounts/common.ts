/** Helpers shared by the account calls: the site, the link origin, mail sending, the clock. */
import type { Context } from 'hono';
import type { SiteConfig } from '#sites-config';
import type { Db } from '#src/server/db/client.ts';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { requestIsHttps } from '#src/server/http/client-ip.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { resolveHost } from '#src/server/http/site-resolver.ts';
import { loadSite } from '../site/settings.ts';
import { accountMail, type AccountMailInput } from './mails.ts';

export interface AccountContext {
  c: Context<AppEnv>;
  deps: AppDeps;
  db: Db;
  site: SiteConfig;
  now: Date;
}

/** The request's site (404 unknown_site without one) with the database and the clock. */
export function accountContext(c: Context<AppEnv>, site: SiteConfig | null): AccountContext {
  if (!site) throw new HttpError('unknown_site', 'api.unknown_site', 404);
  const deps = c.get('deps');
  return { c, deps, db: deps.database.db, site, now: deps.now() };
}

export async function siteSettings(ctx: AccountContext): Promise<SiteConfig['settings']> {
  return (await loadSite(ctx.db, ctx.site)).settings;
}

/**
 * The origin for e-mailed links: the request's own Host (port kept) when it is one of this
 * site's host names, so a forged Host header can never point a link elsewhere; otherwise
 * the site's domain for the request's language.
 */
export function linkOrigin(ctx: AccountContext): string {
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

export function link(ctx: AccountContext, path: string, token: string): string {
  return `${linkOrigin(ctx)}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Sends an account mail. With `bestEffort` a failing mail server is logged (never the
 * link) and the call goes on; otherwise the error answers 500.
 */
export async function sendAccountMail(
  ctx: AccountContext,
  input: Omit<AccountMailInput, 'site' | 'supportEmail'>,
  options: { bestEffort?: boolean } = {},
): Promise<void> {
  const settings = await siteSettings(ctx);
  const mail = accountMail({ ...input, site: ctx.site, supportEmail: settings.support_email });
  try {
    await ctx.deps.mail.send(mail);
  } catch (error) {
    if (!options.bestEffort) throw error;
    console.error(`[accounts] the ${input.kind} mail could not be sent:`, (error as Error).message);
  }
}

/** True for a unique-constraint violation (PostgreSQL 23505), also when Drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
