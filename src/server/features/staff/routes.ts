/**
 * The back office's calls (contract src/contract/staff.ts), bound with staffRoute(): the
 * login steps, the signed-in staff member, re-authentication, passkeys, the audit log and the members
 * section. Each handler parses, calls one service function and answers.
 */
import type { Hono } from 'hono';
import {
  getStaffAudit,
  getStaffAuditCsv,
  getStaffEnrolment,
  getStaffMe,
  getStaffMember,
  getStaffMembers,
  getStaffPasskeys,
  postStaffEnrolment,
  postStaffLogin,
  postStaffLogout,
  postStaffMemberBan,
  postStaffMemberCredits,
  postStaffMemberLogout,
  postStaffMemberUnban,
  postStaffPasskey,
  postStaffPasskeyChallenge,
  postStaffPasskeyOptions,
  postStaffPasskeyRemove,
  postStaffReauth,
  postStaffSecondFactor,
} from '#src/contract/staff.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { auditCsv, searchAudit } from './audit.ts';
import {
  finishEnrolment,
  passkeyChallenge,
  reauthenticate,
  requireRecentSecondFactor,
  staffLogin,
  staffLogout,
  staffMeOf,
  staffSecondFactor,
  startEnrolment,
} from './login.ts';
import { adjustCredits, forceLogout, memberPage, searchMembers, setBanned } from './members.ts';
import { addPasskey, listPasskeys, removePasskey, startPasskeyRegistration } from './passkey-account.ts';
import { staffRoute } from './staff-route.ts';

export function registerStaffRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, postStaffLogin, async ({ c, body }) => staffLogin(c, body.email, body.password));

  staffRoute(app, postStaffSecondFactor, async ({ c, body, session }) => ({
    staff: await staffSecondFactor(c, session, body),
  }));

  staffRoute(app, getStaffEnrolment, async ({ c, session }) => startEnrolment(c, session));

  staffRoute(app, postStaffEnrolment, async ({ c, body, session }) => finishEnrolment(c, session, body.code));

  staffRoute(app, getStaffMe, ({ session }) => Promise.resolve({ staff: staffMeOf(session) }));

  staffRoute(app, postStaffLogout, async ({ c, session }) => {
    await staffLogout(c, session);
    return { ok: true as const };
  });

  staffRoute(app, postStaffReauth, async ({ c, body, session }) => ({
    staff: await reauthenticate(c, session, body),
  }));

  staffRoute(app, postStaffPasskeyChallenge, async ({ c, session }) => passkeyChallenge(c, session));

  staffRoute(app, getStaffPasskeys, async ({ c, session }) => ({ passkeys: await listPasskeys(c, session) }));

  staffRoute(app, postStaffPasskeyOptions, async ({ c, session }) => startPasskeyRegistration(c, session));

  staffRoute(app, postStaffPasskey, async ({ c, body, session }) => ({
    passkey: await addPasskey(c, session, body.name, body.credential),
  }));

  staffRoute(app, postStaffPasskeyRemove, async ({ c, body, session }) => {
    await removePasskey(c, session, body.id);
    return { ok: true as const };
  });

  staffRoute(app, getStaffAudit, async ({ c, query }) =>
    searchAudit(c.get('deps').database.db, query, query.before ? Number(query.before) : null),
  );

  staffRoute(app, getStaffAuditCsv, async ({ c, query }) => {
    const csv = await auditCsv(c.get('deps').database.db, query);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit-log.csv"',
    });
  });

  staffRoute(app, getStaffMembers, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    return searchMembers(database.db, {
      q: query.q,
      siteId: siteFilter(sites, query.site),
      after: query.after ? Number(query.after) : undefined,
    });
  });

  staffRoute(app, getStaffMember, async ({ c, query }) => {
    const { database, now } = c.get('deps');
    return memberPage(database.db, Number(query.id), now());
  });

  staffRoute(app, postStaffMemberBan, async ({ c, body, session }) => ({
    member: await setBanned(c, session, body.id, true, body.reason),
  }));

  staffRoute(app, postStaffMemberUnban, async ({ c, body, session }) => ({
    member: await setBanned(c, session, body.id, false, body.reason),
  }));

  staffRoute(app, postStaffMemberLogout, async ({ c, body, session }) => ({
    ended: await forceLogout(c, session, body.id, body.reason),
  }));

  staffRoute(app, postStaffMemberCredits, async ({ c, body, session }) => {
    requireRecentSecondFactor(session, c.get('deps').now());
    return { member: await adjustCredits(c, session, body.id, body.delta, body.reason) };
  });
}
