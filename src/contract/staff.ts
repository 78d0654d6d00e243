/**
 * The back office's API (docs/staff.md): under /api/staff/ on the staff origin only
 * (`staff.localhost` locally, STAFF_ORIGIN in production), with staff accounts and staff
 * sessions of its own; a member's session is never valid here, a staff session never on a
 * member site. Every endpoint's `roles` are staff roles (STAFF_ROLES), checked against the
 * staff session's roles by staffRoute() (src/server/features/staff/staff-route.ts); the login
 * steps are 'public' and need the login's pending session instead (on a member site they
 * answer 403 authentication_required, as every staff call there).
 */
import * as z from 'zod/mini';
import { STAFF_ROLES, declareErrors, defineEndpoint, type StaffRole } from './define.ts';

/** Every path of the back office's API starts so (and nothing else's does). */
export const STAFF_API_PREFIX = '/api/staff/';

/** Whether a path is one of the back office's calls (only the staff origin answers them). */
export function isStaffApiPath(path: string): boolean {
  return path.startsWith(STAFF_API_PREFIX);
}

export const STAFF_ERRORS = declareErrors('staff.errors', {
  /** Wrong e-mail address or password (which one is not said). */
  staff_login_failed: 401,
  /** The second step without a pending login, or it timed out. */
  staff_login_expired: 401,
  /** A wrong TOTP code, one used before (replay), or a used or unknown recovery code. */
  staff_code_invalid: 401,
  /** A money action or role change without a second factor in the last REAUTH_MINUTES. */
  staff_reauth_required: 403,
  /** Enrolment asked for an account that has its second factor already. */
  staff_already_enrolled: 409,
  /**
   * A passkey's answer was refused: unknown or someone else's passkey, wrong signature, a
   * challenge not handed out, used or expired, another origin, a counter that did not grow.
   */
  staff_passkey_invalid: 400,
  /** A passkey challenge for an account that has no passkey. */
  staff_no_passkey: 409,
  /** A new passkey for a staff member who has MAX_PASSKEYS already. */
  staff_passkey_limit: 409,
  /** An admin taking away their own admin role, disabling or resetting themselves: another admin does it. */
  staff_self_change: 409,
});

/** How recent the second factor must be for money actions and role changes. */
export const REAUTH_MINUTES = 10;
/** Staff sessions end this long after login… */
export const STAFF_SESSION_HOURS = 12;
/** …or this long after their last use. */
export const STAFF_IDLE_MINUTES = 30;

const code = z.string().check(z.trim(), z.minLength(6), z.maxLength(40));
/** A base64url field of a WebAuthn answer (attestation objects are the largest, a few kB). */
const base64url = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]*$/));

/**
 * A browser's WebAuthn answer as @simplewebauthn/browser serializes it (RegistrationResponseJSON
 * for a new passkey, AuthenticationResponseJSON for an assertion); the server verifies the rest.
 */
export const passkeyCredential = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: z.optional(base64url),
    authenticatorData: z.optional(base64url),
    signature: z.optional(base64url),
    userHandle: z.optional(base64url),
    transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(20))),
});
export type PasskeyCredential = z.infer<typeof passkeyCredential>;

/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON) for the browser. */
const webauthnOptions = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptions>;
const reason = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));
const everyRole = STAFF_ROLES;

export const staffRole = z.enum(STAFF_ROLES);

/** The signed-in staff member. */
export const staffMe = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  name: z.string(),
  roles: z.array(staffRole),
  /** When the second factor was last given (ISO); money actions need it within REAUTH_MINUTES. */
  second_factor_at: z.nullable(z.string()),
});
export type StaffMe = z.infer<typeof staffMe>;

/**
 * POST /api/staff/login: e-mail and password. On success a pending session cookie, good only
 * for the second step: `totp` (enter a code or a recovery code) or `enrol` (no second factor
 * yet: GET /api/staff/enrolment, then POST it with a first code).
 */
export const postStaffLogin = defineEndpoint({
  method: 'POST',
  path: '/api/staff/login',
  body: z.strictObject({
    email: z.string().check(z.trim(), z.maxLength(254)),
    password: z.string().check(z.maxLength(200)),
  }),
  /** `passkey`: the account has a passkey (offer it first; the TOTP code stays the fallback). */
  response: z.object({ next: z.enum(['totp', 'enrol']), passkey: z.boolean() }),
  errors: ['authentication_required', 'staff_login_failed'],
  roles: 'public',
});

/**
 * POST /api/staff/second-factor: a TOTP code, a recovery code or a passkey's assertion (of the
 * challenge from POST /api/staff/passkey-challenge); the session becomes active.
 */
export const postStaffSecondFactor = defineEndpoint({
  method: 'POST',
  path: '/api/staff/second-factor',
  body: z.union([
    z.strictObject({ code }),
    z.strictObject({ recovery_code: code }),
    z.strictObject({ passkey: passkeyCredential }),
  ]),
  response: z.object({ staff: staffMe }),
  errors: ['authentication_required', 'staff_login_expired', 'staff_code_invalid', 'staff_passkey_invalid'],
  roles: 'public',
});

/**
 * POST /api/staff/passkey-challenge: WebAuthn request options for the staff member's passkeys:
 * for the login's second step (pending session) or re-authentication (active session). The
 * challenge is single-use and expires after PASSKEY_CHALLENGE_MINUTES.
 */
export const postStaffPasskeyChallenge = defineEndpoint({
  method: 'POST',
  path: '/api/staff/passkey-challenge',
  response: z.object({ options: webauthnOptions }),
  errors: ['authentication_required', 'staff_login_expired', 'staff_no_passkey'],
  roles: 'public',
});
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** GET /api/staff/enrolment: a new TOTP secret for the pending login, its otpauth URL and QR code (SVG). */
export const getStaffEnrolment = defineEndpoint({
  method: 'GET',
  path: '/api/staff/enrolment',
  response: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
  errors: ['authentication_required', 'staff_login_expired', 'staff_already_enrolled'],
  roles: 'public',
});

/**
 * POST /api/staff/enrolment: the first code of the secret shown; turns the second factor on,
 * answers the ten single-use recovery codes (shown once) and makes the session active.
 */
export const postStaffEnrolment = defineEndpoint({
  method: 'POST',
  path: '/api/staff/enrolment',
  body: z.strictObject({ code }),
  response: z.object({ staff: staffMe, recovery_codes: z.array(z.string()) }),
  errors: ['authentication_required', 'staff_login_expired', 'staff_code_invalid', 'staff_already_enrolled'],
  roles: 'public',
});

/** GET /api/staff/me: the signed-in staff member. */
export const getStaffMe = defineEndpoint({
  method: 'GET',
  path: '/api/staff/me',
  response: z.object({ staff: staffMe }),
  roles: everyRole,
});

/** POST /api/staff/logout: ends the staff session. */
export const postStaffLogout = defineEndpoint({
  method: 'POST',
  path: '/api/staff/logout',
  response: z.object({ ok: z.literal(true) }),
  roles: everyRole,
});

/**
 * POST /api/staff/reauth: a TOTP code or a passkey's assertion again, before money actions and
 * role changes.
 */
export const postStaffReauth = defineEndpoint({
  method: 'POST',
  path: '/api/staff/reauth',
  body: z.union([z.strictObject({ code }), z.strictObject({ passkey: passkeyCredential })]),
  response: z.object({ staff: staffMe }),
  errors: ['staff_code_invalid', 'staff_passkey_invalid'],
  roles: everyRole,
});

// ---------------------------------------------------------------- passkeys

export const PASSKEY_NAME_MAX = 60;
/** Passkeys one staff member may keep. */
export const MAX_PASSKEYS = 10;

export const staffPasskey = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type StaffPasskey = z.infer<typeof staffPasskey>;

/** GET /api/staff/passkeys: the signed-in staff member's passkeys, oldest first. */
export const getStaffPasskeys = defineEndpoint({
  method: 'GET',
  path: '/api/staff/passkeys',
  response: z.object({ passkeys: z.array(staffPasskey) }),
  roles: everyRole,
});

/**
 * POST /api/staff/passkeys/options: WebAuthn creation options for a new passkey (single-use
 * challenge), with a second factor in the last REAUTH_MINUTES.
 */
export const postStaffPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/api/staff/passkeys/options',
  response: z.object({ options: webauthnOptions }),
  errors: ['staff_reauth_required', 'staff_passkey_limit'],
  roles: everyRole,
});

/** POST /api/staff/passkeys: registers the passkey the browser created for those options. */
export const postStaffPasskey = defineEndpoint({
  method: 'POST',
  path: '/api/staff/passkeys',
  body: z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(PASSKEY_NAME_MAX)),
    credential: passkeyCredential,
  }),
  response: z.object({ passkey: staffPasskey }),
  errors: ['staff_reauth_required', 'staff_passkey_invalid', 'staff_passkey_limit'],
  roles: everyRole,
});

/** POST /api/staff/passkeys/remove: removes one of the staff member's passkeys (re-authentication). */
export const postStaffPasskeyRemove = defineEndpoint({
  method: 'POST',
  path: '/api/staff/passkeys/remove',
  body: z.strictObject({ id: z.number().check(z.int(), z.positive()) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found', 'staff_reauth_required'],
  roles: everyRole,
});

// ---------------------------------------------------------------- audit log

export const AUDIT_PAGE_SIZE = 50;

export const auditEntry = z.object({
  id: z.number().check(z.int()),
  at: z.string(),
  staff_id: z.nullable(z.number().check(z.int())),
  staff_email: z.string(),
  roles: z.array(z.string()),
  action: z.string(),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  reason: z.nullable(z.string()),
  ip_hash: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const isoTime = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]);

const auditFilters = {
  /** A staff member's id. */
  staff: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  /** An action ('login_failed') or its prefix ending in a dot ('member.'). */
  action: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  target_type: z.optional(z.string().check(z.maxLength(40))),
  target_id: z.optional(z.string().check(z.maxLength(60))),
  /** From (inclusive) and to (exclusive), ISO dates or times. */
  from: z.optional(isoTime),
  to: z.optional(isoTime),
};

/**
 * GET /api/staff/audit?staff=&action=&target_type=&target_id=&from=&to=&before=: the audit
 * log, newest first, AUDIT_PAGE_SIZE a page; `before` (an entry id, the previous page's
 * `next`) pages on (keyset paging: every page is one index range).
 */
export const getStaffAudit = defineEndpoint({
  method: 'GET',
  path: '/api/staff/audit',
  query: z.looseObject({ ...auditFilters, before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))) }),
  response: z.object({ entries: z.array(auditEntry), next: z.nullable(z.number().check(z.int())) }),
  roles: ['admin'],
});

/** GET /api/staff/audit.csv: the filtered audit log as CSV (at most AUDIT_CSV_MAX rows, newest first). */
export const getStaffAuditCsv = defineEndpoint({
  method: 'GET',
  path: '/api/staff/audit.csv',
  query: z.looseObject(auditFilters),
  response: z.string(),
  roles: ['admin'],
});
export const AUDIT_CSV_MAX = 100_000;

// ---------------------------------------------------------------- members

/** Who may see members (search and a member's page). */
export const MEMBER_READERS = ['admin', 'moderator', 'finance'] as const satisfies readonly StaffRole[];
/** Who may ban, unban and log members out. */
export const MEMBER_MODERATORS = ['admin', 'moderator'] as const satisfies readonly StaffRole[];

export const MEMBERS_PAGE_SIZE = 25;
export const MEMBER_STATUSES = ['not_confirmed', 'confirmed', 'banned', 'deleted', 'purged'] as const;

export const staffMemberRow = z.object({
  id: z.number().check(z.int()),
  site: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  status: z.enum(MEMBER_STATUSES),
  credits: z.number().check(z.int()),
  signup_date: z.string(),
});
export type StaffMemberRow = z.infer<typeof staffMemberRow>;

/** The audit action of a staff note about a member (the note's text is the entry's reason). */
export const MEMBER_NOTE_ACTION = 'member.note';
/** How much of the latest note the search list shows (cut at a word). */
export const NOTE_PREVIEW_MAX = 80;

/** A search row with the member's staff notes: how many, and the latest one's first words. */
export const staffMemberSearchRow = z.extend(staffMemberRow, {
  notes: z.object({ count: z.number().check(z.int()), latest: z.nullable(z.string()) }),
});
export type StaffMemberSearchRow = z.infer<typeof staffMemberSearchRow>;

/**
 * GET /api/staff/members?q=&site=&after=: members by id (digits), IP hash (32 hex digits, or an
 * IP address the server hashes), e-mail prefix (with an @ or a dot) or name prefix, of one site
 * or all, newest first (name matches alphabetically), MEMBERS_PAGE_SIZE a page; `after` (the
 * previous page's `next`, an account id) pages on. Each row says how many staff notes the
 * member has and the latest's first words (NOTE_PREVIEW_MAX), from one grouped query.
 */
export const getStaffMembers = defineEndpoint({
  method: 'GET',
  path: '/api/staff/members',
  query: z.looseObject({
    q: z.optional(z.string().check(z.trim(), z.maxLength(254))),
    site: z.optional(z.string().check(z.maxLength(40))),
    after: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  }),
  response: z.object({ members: z.array(staffMemberSearchRow), next: z.nullable(z.number().check(z.int())) }),
  roles: MEMBER_READERS,
});

export const staffMemberPage = z.object({
  member: z.extend(staffMemberRow, {
    language: z.string(),
    paid_user: z.boolean(),
    profile: z.nullable(
      z.object({
        public_id: z.string(),
        gender: z.string(),
        birthdate: z.string(),
        country: z.string(),
        city: z.nullable(z.string()),
        status: z.string(),
      }),
    ),
  }),
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount_minor: z.number().check(z.int()),
      currency: z.string(),
      credits: z.number().check(z.int()),
      created_at: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().check(z.int()),
      delta: z.number().check(z.int()),
      balance_after: z.number().check(z.int()),
      reason: z.string(),
      reference: z.string(),
      created_at: z.string(),
    }),
  ),
  sessions: z.array(z.object({ id: z.number().check(z.int()), created_at: z.string(), last_seen_at: z.string() })),
  /** The latest audit entries about this member. */
  audit: z.array(auditEntry),
});
export type StaffMemberPage = z.infer<typeof staffMemberPage>;

/** GET /api/staff/member?id=: a member's page (profile, orders, ledger, sessions, audit entries). */
export const getStaffMember = defineEndpoint({
  method: 'GET',
  path: '/api/staff/member',
  query: z.looseObject({ id: z.string().check(z.regex(/^\d{1,18}$/)) }),
  response: staffMemberPage,
  errors: ['not_found'],
  roles: MEMBER_READERS,
});

const memberAction = z.strictObject({ id: z.number().check(z.int(), z.positive()), reason });

/** POST /api/staff/member/ban: bans a member (sessions end; login shows the access-ban page). */
export const postStaffMemberBan = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/ban',
  body: memberAction,
  response: z.object({ member: staffMemberRow }),
  errors: ['not_found'],
  roles: MEMBER_MODERATORS,
});

/** POST /api/staff/member/unban: lifts a ban (the member's status before it comes back). */
export const postStaffMemberUnban = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/unban',
  body: memberAction,
  response: z.object({ member: staffMemberRow }),
  errors: ['not_found'],
  roles: MEMBER_MODERATORS,
});

/** POST /api/staff/member/logout: ends every session of the member. */
export const postStaffMemberLogout = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/logout',
  body: memberAction,
  response: z.object({ ended: z.number().check(z.int()) }),
  errors: ['not_found'],
  roles: MEMBER_MODERATORS,
});

/** Largest credit correction in one step. */
export const MAX_CREDIT_ADJUSTMENT = 100_000;

/**
 * POST /api/staff/member/credits: a credit correction through the ledger (reason
 * 'correction'), finance only, with a second factor in the last REAUTH_MINUTES.
 */
export const postStaffMemberCredits = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/credits',
  body: z.strictObject({
    id: z.number().check(z.int(), z.positive()),
    delta: z.number().check(
      z.int(),
      z.gte(-MAX_CREDIT_ADJUSTMENT),
      z.lte(MAX_CREDIT_ADJUSTMENT),
      z.refine((n) => n !== 0),
    ),
    reason,
  }),
  response: z.object({ member: staffMemberRow }),
  errors: ['not_found', 'staff_reauth_required', 'insufficient_credits'],
  roles: ['finance'],
});
