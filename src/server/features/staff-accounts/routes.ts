/** The staff accounts section's calls (contract src/contract/staff-accounts.ts), bound with staffRoute(). */
import type { Hono } from 'hono';
import {
  getStaffAccounts,
  postStaffAccount,
  postStaffAccountReset,
  postStaffAccountRoles,
  postStaffAccountStatus,
} from '#src/contract/staff-accounts.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { staffRoute } from '#src/server/features/staff/index.ts';
import { addStaffAccount, changeStaffAccount, listStaffAccounts } from './service.ts';

export function registerStaffAccountRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffAccounts, async ({ c }) => ({
    accounts: await listStaffAccounts(c.get('deps').database.db),
  }));

  staffRoute(app, postStaffAccount, async ({ c, body, session }) => ({
    account: await addStaffAccount(c, session, body),
  }));

  staffRoute(app, postStaffAccountRoles, async ({ c, body, session }) => ({
    account: await changeStaffAccount(c, session, body.id, { kind: 'roles', roles: body.roles }, body.reason),
  }));

  staffRoute(app, postStaffAccountStatus, async ({ c, body, session }) => ({
    account: await changeStaffAccount(c, session, body.id, { kind: 'status', status: body.status }, body.reason),
  }));

  staffRoute(app, postStaffAccountReset, async ({ c, body, session }) => ({
    account: await changeStaffAccount(c, session, body.id, { kind: 'reset', passkeys: body.passkeys }, body.reason),
  }));
}
