/** The account calls (contract src/contract/accounts.ts): signup to deletion. */
import type { Context, Hono } from 'hono';
import {
  deleteAccount as deleteAccountEndpoint,
  getActivate,
  getLogout,
  postLogout,
  getReactivate,
  postActivationMail,
  postLogin,
  postMailChange,
  postPasswordChange,
  postPasswordReset,
  postSignup,
  putMailChange,
  putPasswordReset,
} from '#src/contract/accounts.ts';
import type { AppEnv, SessionAccount } from '#src/server/http/context.ts';
import { isFromThisSite } from '#src/server/http/csrf.ts';
import { route } from '#src/server/http/route.ts';
import { clearSessionCookie, endSession } from './sessions.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { deleteAccount, reactivate } from './deletion.ts';
import { login } from './login.ts';
import { requireMember } from './member.ts';
import {
  changePassword,
  checkCurrentPassword,
  completePasswordReset,
  confirmMailChange,
  requestMailChange,
  requestPasswordReset,
} from './recovery.ts';
import { activate, resendActivation, signup } from './signup.ts';

export function registerAccountRoutes(app: Hono<AppEnv>): void {
  route(app, postSignup, async ({ c, body, site }) => {
    return { user: await signup(requestContext(c, site), body) };
  });

  route(app, postActivationMail, async ({ c, session, site }) => {
    const ctx = requestContext(c, site);
    const member = await requireMember(ctx, session);
    await resendActivation(ctx, member.accountId);
    return { sent: true as const };
  });

  route(app, getActivate, async ({ c, query, site }) => {
    const ok = site ? await activate(requestContext(c, site), query.token) : false;
    return c.redirect(ok ? '/activate/done' : '/activate/error', 302);
  });

  route(app, postLogin, async ({ c, body, session, site }) => {
    const ctx = requestContext(c, site);
    const user = await login(ctx, body);
    // A fresh token on every login: the session the browser came with ends.
    if (session) await endSession(ctx.db, session.sessionId);
    return { user };
  });

  const logout = async (c: Context<AppEnv>, session: SessionAccount | null) => {
    if (session) await endSession(c.get('deps').database.db, session.sessionId);
    clearSessionCookie(c);
    return { ok: true as const };
  };
  route(app, postLogout, ({ c, session }) => logout(c, session));
  route(app, getLogout, async ({ c, session, fail }) => {
    if (!isFromThisSite(c)) throw fail('cross_site');
    return logout(c, session);
  });

  route(app, postPasswordReset, async ({ c, body, site }) => {
    await requestPasswordReset(requestContext(c, site), body.email);
    return { sent: true as const };
  });

  route(app, putPasswordReset, async ({ c, body, site }) => {
    await completePasswordReset(requestContext(c, site), body.token, body.password);
    return { ok: true as const };
  });

  route(app, postPasswordChange, async ({ c, body, session, site }) => {
    const ctx = requestContext(c, site);
    await changePassword(ctx, await requireMember(ctx, session), body);
    return { ok: true as const };
  });

  route(app, postMailChange, async ({ c, body, session, site }) => {
    const ctx = requestContext(c, site);
    const member = await requireMember(ctx, session);
    await requestMailChange(ctx, member.accountId, body);
    return { sent: true as const };
  });

  route(app, putMailChange, async ({ c, body, site }) => {
    return confirmMailChange(requestContext(c, site), body.token);
  });

  route(app, deleteAccountEndpoint, async ({ c, body, session, site }) => {
    const ctx = requestContext(c, site);
    const member = await requireMember(ctx, session);
    await checkCurrentPassword(ctx, member.accountId, body.password, { code: 'password_wrong', field: 'password' });
    const redirect = await deleteAccount(ctx, member.accountId, body);
    clearSessionCookie(c);
    return { redirect };
  });

  route(app, getReactivate, async ({ c, query, site }) => {
    const ok = site ? await reactivate(requestContext(c, site), query.token) : false;
    return c.redirect(ok ? '/login?reactivated=1' : '/activate/error', 302);
  });
}
