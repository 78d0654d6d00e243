/** The profile calls (contract src/contract/profile.ts): details of the own profile, signup teasers. */
import type { Hono } from 'hono';
import { getTeasers, putProfileDetails } from '../../../contract/profile.ts';
import type { AppEnv } from '../../http/context.ts';
import { authenticationRequired } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { accountContext } from '../accounts/common.ts';
import { findTeasers, saveProfileDetails } from './service.ts';

export function registerProfileRoutes(app: Hono<AppEnv>): void {
  route(app, putProfileDetails, async ({ c, body, session, site }) => {
    if (!session) throw authenticationRequired();
    await saveProfileDetails(accountContext(c, site), session.accountId, body);
    return { ok: true as const };
  });

  route(app, getTeasers, async ({ c, query, site }) => {
    return { profiles: await findTeasers(accountContext(c, site), query) };
  });
}
