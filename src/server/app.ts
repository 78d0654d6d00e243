/**
 * The Hono application: API under /api/*.php (contract-first, JSON errors in the request's
 * language), the dev inbox outside production, and the static sites by host name.
 * `createApp` takes all its services as arguments: tests build it in-process with PGlite.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { ZodError } from 'zod';
import { LOCALE_COOKIE_NAME } from '../lib/constants.ts';
import { DEFAULT_LOCALE } from '../lib/locales.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { HttpError, errorResponse, notFound } from './http/errors.ts';
import { resolveHost, resolveLocale } from './http/site-resolver.ts';
import { sessionMiddleware } from './features/session/sessions.ts';
import { registerSiteRoutes } from './features/site/routes.ts';
import { registerUserRoutes } from './features/user/routes.ts';
import { registerAccountRoutes } from './features/accounts/routes.ts';
import { registerPhotoRoutes } from './features/photos/routes.ts';
import { registerProfileRoutes } from './features/profile/routes.ts';
import { registerMemberRoutes } from './features/members/routes.ts';
import { registerSearchRoutes } from './features/search/routes.ts';
import { registerModerationRoutes } from './features/moderation/routes.ts';
import { registerLikeRoutes } from './features/likes/routes.ts';
import { registerGeoRoutes } from './features/geo/routes.ts';
import { registerCamRoutes } from './features/cams/routes.ts';
import { registerTrafficRoutes } from './features/traffic/routes.ts';
import { registerDevInbox } from './features/dev-inbox/routes.ts';
import { staticSites } from './static-sites.ts';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c: Context<AppEnv>, next) => {
    c.set('deps', deps);
    const forced = c.req.path.startsWith('/api/') ? c.req.query('_force_domain') : undefined;
    const match = resolveHost(deps.sites, forced ?? c.req.header('host'));
    c.set('site', match?.site ?? null);
    const domainLocale = match?.domainLocale ?? DEFAULT_LOCALE;
    c.set('domainLocale', domainLocale);
    c.set('locale', resolveLocale(getCookie(c, LOCALE_COOKIE_NAME), domainLocale).locale);
    c.set('session', null);
    await next();
  });

  const api = new Hono<AppEnv>();
  api.use('/api/*', async (c, next) => {
    await next();
    // Photo files set their own (private) caching; every other answer is not stored.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  api.use('/api/*', sessionMiddleware);
  registerSiteRoutes(api);
  registerUserRoutes(api);
  registerAccountRoutes(api);
  registerPhotoRoutes(api);
  registerProfileRoutes(api);
  registerMemberRoutes(api);
  registerSearchRoutes(api);
  registerModerationRoutes(api);
  registerLikeRoutes(api);
  registerGeoRoutes(api);
  registerCamRoutes(api);
  registerTrafficRoutes(api);
  api.all('/api/*', () => {
    throw notFound();
  });
  app.route('/', api);

  if (!deps.config.production) registerDevInbox(app);
  app.route('/', staticSites(deps));

  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    // Not the member's fault: log it for operators, answer without internals.
    console.error(`[api] ${c.req.method} ${c.req.path}:`, error instanceof ZodError ? error.issues : error);
    return errorResponse(c, new HttpError('internal', 'api.internal', 500));
  });
  app.notFound((c) => errorResponse(c, notFound()));
  return app;
}
