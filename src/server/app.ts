/**
 * The Hono application: API under /api/*.php (contract-first, JSON errors in the request's
 * language), the dev inbox when DEV_INBOX is on (local only), and the static sites by host name.
 * `createApp` takes all its services as arguments; `composeApp` builds them from a
 * configuration and an opened database (the server, the benchmarks and the integration tests).
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE_NAME } from '#src/lib/constants.ts';
import { DEFAULT_LOCALE } from '#src/lib/locales.ts';
import { sites } from '#sites-config';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { jsonBodyLimit } from './http/body-limit.ts';
import { originGuard } from './http/csrf.ts';
import { securityHeaders } from './http/security-headers.ts';
import { HttpError, errorResponse, fail } from './http/errors.ts';
import { setAnswerHeader } from './http/headers.ts';
import { describeError } from './http/error-log.ts';
import { resolveHost, resolveLocale } from './http/site-resolver.ts';
import { sessionMiddleware, registerUserRoutes, registerAccountRoutes } from '#src/server/features/accounts/index.ts';
import { registerSiteRoutes } from '#src/server/features/site/index.ts';
import { registerPushRoutes, pushContext, withPushes } from '#src/server/features/push/index.ts';
import { registerPhotoRoutes } from '#src/server/features/photos/index.ts';
import { registerProfileRoutes } from '#src/server/features/profile/index.ts';
import { registerMemberRoutes } from '#src/server/features/member-profile/index.ts';
import { registerSearchRoutes } from '#src/server/features/search/index.ts';
import { badgeCountOf, registerLikeRoutes } from '#src/server/features/likes/index.ts';
import { registerGeoRoutes } from '#src/server/features/geo/index.ts';
import { registerCamRoutes } from '#src/server/features/cams/index.ts';
import { registerTrafficRoutes } from '#src/server/features/traffic/index.ts';
import { registerEventRoutes, createEventHub } from '#src/server/features/events/index.ts';
import { registerDiscountRoutes } from '#src/server/features/discounts/index.ts';
import { registerChatCatalogueRoutes } from '#src/server/features/chat-catalogue/index.ts';
import { registerChatRoutes } from '#src/server/features/chat/index.ts';
import { methodName, registerBillingRoutes } from '#src/server/features/billing/index.ts';
import { registerDirectDebitRoutes } from '#src/server/features/direct-debit/index.ts';
import { registerComplaintRoutes } from '#src/server/features/complaints/index.ts';
import { registerDataExportRoutes } from '#src/server/features/data-export/index.ts';
import { registerReportRoutes } from '#src/server/features/reports/index.ts';
import { registerNotificationRoutes, withNotificationMails } from '#src/server/features/notifications/index.ts';
import { registerDevInbox } from '#src/server/features/dev-inbox/index.ts';
import { registerStaffRoutes, staffConsolePages, staffOriginGuard } from '#src/server/features/staff/index.ts';
import {
  moderationConsoleRedirect,
  registerStaffModerationRoutes,
} from '#src/server/features/staff-moderation/index.ts';
import { operatorConsoleRedirect, registerStaffChatPalRoutes } from '#src/server/features/staff-chat-pals/index.ts';
import { registerStaffSiteRoutes } from '#src/server/features/staff-sites/index.ts';
import { registerStaffAccountRoutes } from '#src/server/features/staff-accounts/index.ts';
import { registerStaffDashboardRoutes } from '#src/server/features/staff-dashboards/index.ts';
import { registerStaffFunnelRoutes } from '#src/server/features/staff-funnel/index.ts';
import { registerStaffMoneyRoutes } from '#src/server/features/staff-money/index.ts';
import { registerStaffMemberRoutes } from '#src/server/features/staff-members/index.ts';
import { registerStaffPriceRoutes } from '#src/server/features/staff-prices/index.ts';
import { staticSites } from './static-sites.ts';
import { createCamProvider } from './providers/cams/index.ts';
import { createGifProvider } from './providers/gifs/index.ts';
import { createMailProvider } from './providers/mail/index.ts';
import { createPaymentProvider } from './providers/payments/index.ts';
import { isSandboxProvider, registerSandboxPages } from './providers/payments/sandbox-pages.ts';
import { createStorageProvider } from './providers/storage/index.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { log } from './platform/log.ts';
import { httpErrors } from './platform/metrics.ts';
import { requestScope } from './platform/request-scope.ts';
import { RETRY_AFTER_S, isDatabaseUnavailable, unavailableResponse } from './platform/unavailable.ts';
import { createSmsProvider } from './providers/sms/index.ts';

export interface ComposeOptions {
  /** The clock of the app and its mail (default: the real one). */
  now?: () => Date;
  /** Replaces built services, e.g. a failing database or webcam feed in a test. */
  override?: (deps: AppDeps) => AppDeps;
}

/** The app with the services of a configuration: mail, webcams, photo storage, the sites. */
export function composeApp(
  config: Config,
  database: Database,
  options: ComposeOptions = {},
): { app: Hono<AppEnv>; deps: AppDeps } {
  const now = options.now ?? (() => new Date());
  const built: AppDeps = {
    config,
    database,
    sites,
    mail: createMailProvider(config, now),
    cams: createCamProvider(config),
    photoStorage: createStorageProvider(config),
    gifs: createGifProvider(config),
    payments: createPaymentProvider(config, database.db, now),
    sms: createSmsProvider(config, now),
    // Chat messages announced by the hub also push and mail (features/push, features/notifications).
    events: withNotificationMails(
      withPushes(
        createEventHub(config, database, now),
        pushContext({ config, database, sites }, (accountId) => badgeCountOf(database.db, accountId)),
      ),
      () => deps,
    ),
    now,
  };
  const deps = options.override ? options.override(built) : built;
  return { app: createApp(deps), deps };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // The request's id in every log line of it, its access line and metrics (docs/operations.md).
  app.use('*', requestScope);
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
  app.use('*', securityHeaders);
  registerHealthRoutes(app, deps);

  const api = new Hono<AppEnv>();
  api.use('/api/*', async (c, next) => {
    await next();
    // Photo files set their own (private) caching; every other answer is not stored.
    if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
  });
  api.use('/api/*', originGuard);
  api.use('/api/*', jsonBodyLimit);
  api.use('/api/*', sessionMiddleware);
  api.use('/api/*', staffOriginGuard);
  registerSiteRoutes(api);
  registerUserRoutes(api);
  registerPushRoutes(api);
  registerAccountRoutes(api);
  registerPhotoRoutes(api);
  registerProfileRoutes(api);
  registerMemberRoutes(api);
  registerSearchRoutes(api);
  registerLikeRoutes(api);
  registerGeoRoutes(api);
  registerCamRoutes(api);
  registerTrafficRoutes(api);
  registerChatCatalogueRoutes(api);
  registerChatRoutes(api);
  registerEventRoutes(api);
  registerDiscountRoutes(api);
  registerBillingRoutes(api);
  registerDirectDebitRoutes(api);
  registerComplaintRoutes(api);
  registerDataExportRoutes(api);
  registerReportRoutes(api);
  registerNotificationRoutes(api);
  registerStaffRoutes(api);
  registerStaffModerationRoutes(api);
  registerStaffChatPalRoutes(api);
  registerStaffSiteRoutes(api);
  registerStaffAccountRoutes(api);
  registerStaffDashboardRoutes(api);
  registerStaffFunnelRoutes(api);
  registerStaffMoneyRoutes(api);
  registerStaffMemberRoutes(api);
  registerStaffPriceRoutes(api);
  api.all('/api/*', () => {
    throw fail('not_found');
  });
  app.route('/', api);

  if (deps.config.devInbox && !deps.config.production) registerDevInbox(app);
  if (isSandboxProvider(deps.payments)) registerSandboxPages(app, deps.payments, methodName);
  // The back office's page on the staff origin (no member site's files there).
  app.route('/', staffConsolePages(deps));
  app.route('/', operatorConsoleRedirect(deps));
  app.route('/', moderationConsoleRedirect(deps));
  app.route('/', staticSites(deps));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      httpErrors.inc({ code: error.code, status: String(error.status) });
      // A 503 passes by itself (photo storage away): when to ask again, as for the database.
      if (error.status === 503) c.header('Retry-After', String(RETRY_AFTER_S));
      return errorResponse(c, error);
    }
    // The database is away: 503 with Retry-After, not a bug (platform/unavailable.ts).
    if (isDatabaseUnavailable(error)) {
      httpErrors.inc({ code: 'unavailable', status: '503' });
      return unavailableResponse(c, error);
    }
    // Not the member's fault: log it for operators, answer without internals.
    // Method and path only, and no bind values: query strings and SQL parameters hold e-mail
    // addresses and token hashes (the log scrubs what is left: platform/log.ts).
    log.error({ area: 'api', method: c.req.method, path: c.req.path, error: describeError(error) }, 'request failed');
    httpErrors.inc({ code: 'internal', status: '500' });
    return errorResponse(c, fail('internal'));
  });
  app.notFound((c) => {
    httpErrors.inc({ code: 'not_found', status: '404' });
    return errorResponse(c, fail('not_found'));
  });
  return app;
}
