/**
 * The back office's staff accounts section (docs/staff.md "Staff accounts"): admins list the
 * staff, create an account for a new colleague (a temporary password handed over out of band;
 * the first login enrols the second factor), change roles, disable and enable an account,
 * reset a lost second factor and remove a leaver's passkeys. Every change needs a second
 * factor of the last REAUTH_MINUTES and a reason, ends the account's sessions where it takes
 * something away, and is audited with before and after. An admin cannot take away their own
 * admin role, disable or reset themselves (409 staff_self_change): another admin does it.
 */
import * as z from 'zod/mini';
import { STAFF_ROLES, defineEndpoint, type StaffRole } from './define.ts';

/** Who may see and change staff accounts. */
export const STAFF_ADMINS = ['admin'] as const satisfies readonly StaffRole[];

/** A temporary password's length at least (the colleague changes nothing: it is used once, then the second factor guards). */
export const STAFF_PASSWORD_MIN = 12;

const reason = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));
const roles = z.array(z.enum(STAFF_ROLES)).check(
  z.minLength(1),
  z.maxLength(STAFF_ROLES.length),
  z.refine((list) => new Set(list).size === list.length),
);
const id = z.number().check(z.int(), z.positive());

export const staffAccountRow = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  status: z.enum(['active', 'disabled']),
  /** Whether the authenticator app is enrolled (false: the next login enrols). */
  totp_enrolled: z.boolean(),
  passkeys: z.number().check(z.int()),
  /** The last successful login (ISO), null for never. */
  last_login_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type StaffAccountRow = z.infer<typeof staffAccountRow>;

/** GET /api/staff/accounts: every staff account, active first, then by name. */
export const getStaffAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/staff/accounts',
  response: z.object({ accounts: z.array(staffAccountRow) }),
  roles: STAFF_ADMINS,
});

/**
 * POST /api/staff/accounts: a new staff account (invalid_input field `email` when the address
 * has an account already). No second factor yet: the first login enrols one.
 */
export const postStaffAccount = defineEndpoint({
  method: 'POST',
  path: '/api/staff/accounts',
  body: z.strictObject({
    email: z.email().check(z.maxLength(254)),
    name: z.string().check(z.trim(), z.minLength(2), z.maxLength(80)),
    password: z.string().check(z.minLength(STAFF_PASSWORD_MIN), z.maxLength(200)),
    roles,
    reason,
  }),
  response: z.object({ account: staffAccountRow }),
  errors: ['staff_reauth_required'],
  roles: STAFF_ADMINS,
});

/** POST /api/staff/accounts/roles: the account's roles from now on (its sessions end when a role goes). */
export const postStaffAccountRoles = defineEndpoint({
  method: 'POST',
  path: '/api/staff/accounts/roles',
  body: z.strictObject({ id, roles, reason }),
  response: z.object({ account: staffAccountRow }),
  errors: ['not_found', 'staff_reauth_required', 'staff_self_change'],
  roles: STAFF_ADMINS,
});

/** POST /api/staff/accounts/status: disables (its sessions end at once) or enables an account. */
export const postStaffAccountStatus = defineEndpoint({
  method: 'POST',
  path: '/api/staff/accounts/status',
  body: z.strictObject({ id, status: z.enum(['active', 'disabled']), reason }),
  response: z.object({ account: staffAccountRow }),
  errors: ['not_found', 'staff_reauth_required', 'staff_self_change'],
  roles: STAFF_ADMINS,
});

/**
 * POST /api/staff/accounts/second-factor/reset: a lost phone. The authenticator app and the
 * recovery codes are forgotten, the sessions end; the next login enrols again. With
 * `passkeys: true` the account's passkeys go too (a lost laptop, a leaver).
 */
export const postStaffAccountReset = defineEndpoint({
  method: 'POST',
  path: '/api/staff/accounts/second-factor/reset',
  body: z.strictObject({ id, passkeys: z.boolean(), reason }),
  response: z.object({ account: staffAccountRow }),
  errors: ['not_found', 'staff_reauth_required', 'staff_self_change'],
  roles: STAFF_ADMINS,
});
