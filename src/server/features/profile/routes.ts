/**
 * The profile calls (contract src/contract/profile.ts): the caller's own profile (read and
 * save), invisible and privacy mode, city suggestions, and the signup teasers.
 */
import type { Hono } from 'hono';
import {
  getCities,
  getOwnProfile,
  getTeaser,
  getTeasers,
  putPrivacy,
  putProfileDetails,
} from '#src/contract/profile.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { suggestCities } from '#src/server/features/geo/index.ts';
import { limitLookup } from '#src/server/features/members/index.ts';
import { findTeaser, findTeasers, loadOwnProfile, savePrivacy, saveProfileDetails } from './service.ts';

export function registerProfileRoutes(app: Hono<AppEnv>): void {
  route(app, getOwnProfile, async ({ c, session, site }) => {
    return { profile: await loadOwnProfile(requestContext(c, site), session.accountId) };
  });

  route(app, putProfileDetails, async ({ c, body, session, site }) => {
    const ctx = requestContext(c, site);
    await saveProfileDetails(ctx, session.accountId, body);
    return { ok: true as const, profile: await loadOwnProfile(ctx, session.accountId) };
  });

  route(app, putPrivacy, async ({ c, body, session, site }) => {
    return await savePrivacy(requestContext(c, site), session.accountId, body);
  });

  route(app, getCities, async ({ c, query, session, site }) => {
    const ctx = requestContext(c, site);
    await limitLookup(c, 'cities', session.accountId);
    return { cities: await suggestCities(ctx.db, ctx.site.id, query) };
  });

  route(app, getTeasers, async ({ c, query, site }) => {
    const ctx = requestContext(c, site);
    await limitLookup(c, 'teasers', null);
    return { profiles: await findTeasers(ctx, query) };
  });

  route(app, getTeaser, async ({ c, query, site }) => {
    const ctx = requestContext(c, site);
    await limitLookup(c, 'teasers', null);
    return { profile: await findTeaser(ctx, query.id) };
  });
}
