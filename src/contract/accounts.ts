/**
 * Accounts (SPEC §2.7, §4, §5, §8): signup, activation, login, logout, password reset,
 * password and e-mail change, deletion with reactivation. Error codes name the SPEC texts;
 * the server sends the message in the member's language (keys `accounts.errors.<code>`).
 */
import * as z from 'zod/mini';
import { LOCALES } from '#src/lib/locales.ts';
import { declareErrors, defineEndpoint, withStatus } from './define.ts';
import {
  DATE_OF_BIRTH_ERRORS,
  DELETE_REMARKS_MAX,
  EMAIL_MAX,
  LINK_TOKEN_MAX,
  LINK_TOKEN_MIN,
  NAME_ERRORS,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_INPUT_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGNUP_REASON_MAX,
} from './limits.ts';
import { currentUser } from './user.ts';

export const password = z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX));
const linkToken = z.string().check(z.minLength(LINK_TOKEN_MIN), z.maxLength(LINK_TOKEN_MAX));
const email = z.string().check(z.trim(), z.maxLength(EMAIL_MAX));
const passwordInput = z.string().check(z.maxLength(PASSWORD_INPUT_MAX));

/** Traffic source captured from the landing URL (SPEC §3 "Traffic source"). */
export const trafficSource = z.object({
  network: z.optional(z.string().check(z.maxLength(100))),
  ref: z.optional(z.string().check(z.maxLength(200))),
  sub1: z.optional(z.string().check(z.maxLength(200))),
  sub2: z.optional(z.string().check(z.maxLength(200))),
  sub3: z.optional(z.string().check(z.maxLength(200))),
});
export type TrafficSource = z.infer<typeof trafficSource>;

/** The password rules' error codes (signup, reset, change). */
export const PASSWORD_ERRORS = ['password_too_short', 'password_too_long', 'password_common'] as const;

/** Error codes of the account calls with their HTTP status; SPEC texts in `accounts.errors.<code>`. */
export const ACCOUNT_ERRORS = declareErrors('accounts.errors', {
  email_invalid: 400, // 'Invalid email' (+ suggestion)
  email_exists: 409, // 'An account with this e-mail address already exists' + 'Log in now'
  email_pending_deletion: 409, // pending-deletion message + customer service link
  signups_closed: 403, // 'currently invite-only'
  ...withStatus(NAME_ERRORS, 400),
  ...withStatus(DATE_OF_BIRTH_ERRORS, 400),
  ...withStatus(PASSWORD_ERRORS, 400),
  login_failed: 401, // 'Login failed, please try again'
  login_blocked: 429, // 'Too many incorrect attempts, account blocked for {minutes} min.'
  login_banned: 403, // 'login account banned' → ban page
  login_deleted: 403, // deleted within the reactivation window: says so, a new reactivation link is mailed
  reset_email_not_found: 404, // 'E-mail address not found'
  reset_daily_limit: 429, // 'Too many password reset emails sent, please try again tomorrow.'
  link_invalid: 400, // 'Link expired or invalid, request a new email'
  passwords_differ: 400, // 'The entered passwords are not the same.'
  old_password_wrong: 400, // 'Please check your old password.'
  password_wrong: 400, // the current password, asked before an e-mail change or a deletion
  new_email_invalid: 400, // 'New email adress is invalid.'
  new_email_taken: 409, // 'This email address already owns an account on this website.'
  already_confirmed: 409,
});
export type AccountError = (typeof ACCOUNT_ERRORS.codes)[number];

export const signupBody = z.object({
  email,
  /** The username shown to others. */
  name: z.string().check(z.trim(), z.minLength(NAME_MIN), z.maxLength(NAME_MAX)),
  password: passwordInput,
  /** YYYY-MM-DD */
  date_of_birth: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  gender: z.enum(['male', 'female']),
  seeking: z.optional(z.enum(['male', 'female'])),
  signup_message: z.optional(z.string().check(z.trim(), z.maxLength(SIGNUP_REASON_MAX))),
  trafficsource: z.optional(trafficSource),
});

/** POST /api/signup.php: creates a not-confirmed account, logs it in, sends the activation mail. */
export const postSignup = defineEndpoint({
  method: 'POST',
  path: '/api/signup.php',
  body: signupBody,
  response: z.object({ user: currentUser }),
  errors: [
    'unknown_site',
    'rate_limited',
    'signups_closed',
    'email_invalid',
    'email_exists',
    'email_pending_deletion',
    ...NAME_ERRORS,
    ...DATE_OF_BIRTH_ERRORS,
    ...PASSWORD_ERRORS,
  ],
  roles: 'public',
});

/** POST /api/activation-mail.php: sends a new confirmation e-mail (SPEC §2.4 a). */
export const postActivationMail = defineEndpoint({
  method: 'POST',
  path: '/api/activation-mail.php',
  response: z.object({ sent: z.literal(true) }),
  errors: ['authentication_required', 'rate_limited', 'unknown_site', 'already_confirmed'],
  roles: ['member'],
});

/**
 * GET /api/activate.php?token=…: the e-mailed link. Redirects (302) to /activate/done or
 * /activate/error on the site's domain; single use, expires after 7 days.
 */
export const getActivate = defineEndpoint({
  method: 'GET',
  path: '/api/activate.php',
  // Any token: a cut-off link must still land on /activate/error, not on a JSON 400.
  query: z.object({ token: z._default(z.string().check(z.maxLength(500)), '') }),
  response: z.never(),
  roles: 'public',
});

/**
 * POST /api/user.php: login with {email, password}; sets the session cookies. The right
 * password of an account deleted less than REACTIVATION_WINDOW_DAYS ago answers 403
 * `login_deleted` and mails a new reactivation link.
 */
export const postLogin = defineEndpoint({
  method: 'POST',
  path: '/api/user.php',
  // POST user.php?push=1 is the push subscription (src/contract/push.ts).
  matches: (query) => query['push'] === undefined,
  body: z.object({ email, password: passwordInput }),
  response: z.object({ user: currentUser }),
  errors: ['rate_limited', 'unknown_site', 'login_failed', 'login_blocked', 'login_banned', 'login_deleted'],
  roles: 'public',
});

/** POST /api/logout.php: ends the session; the client then goes to '/'. */
export const postLogout = defineEndpoint({
  method: 'POST',
  path: '/api/logout.php',
  response: z.object({ ok: z.literal(true) }),
  roles: 'public',
});

/**
 * GET /api/logout.php (SPEC §7): the same, for links and older clients, but only when the
 * browser says the request came from this site (Sec-Fetch-Site, Origin or Referer): an image
 * or link on another site cannot log members out (403 cross_site).
 */
export const getLogout = defineEndpoint({
  method: 'GET',
  path: '/api/logout.php',
  response: z.object({ ok: z.literal(true) }),
  errors: ['cross_site'],
  roles: 'public',
});

/** POST /api/password-reset.php {email}: sends a reset link (daily cap per account). */
export const postPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/password-reset.php',
  body: z.object({ email }),
  response: z.object({ sent: z.literal(true) }),
  errors: ['rate_limited', 'unknown_site', 'reset_email_not_found', 'reset_daily_limit'],
  roles: 'public',
});

/** PUT /api/password-reset.php {token, password}: sets the new password, ends all sessions. */
export const putPasswordReset = defineEndpoint({
  method: 'PUT',
  path: '/api/password-reset.php',
  body: z.object({ token: linkToken, password: passwordInput }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['rate_limited', 'unknown_site', 'link_invalid', ...PASSWORD_ERRORS],
  roles: 'public',
});

/** POST /api/password.php: change password in settings. */
export const postPasswordChange = defineEndpoint({
  method: 'POST',
  path: '/api/password.php',
  body: z.object({
    old_password: passwordInput,
    password: passwordInput,
    password_repeat: passwordInput,
  }),
  response: z.object({ ok: z.literal(true) }),
  errors: [
    'authentication_required',
    'rate_limited',
    'unknown_site',
    'passwords_differ',
    'old_password_wrong',
    ...PASSWORD_ERRORS,
  ],
  roles: ['member'],
});

/**
 * POST /api/mail-change.php {email, password}: after the current password, sends a
 * confirmation link to the new address.
 */
export const postMailChange = defineEndpoint({
  method: 'POST',
  path: '/api/mail-change.php',
  body: z.object({ email, password: passwordInput }),
  response: z.object({ sent: z.literal(true) }),
  errors: [
    'authentication_required',
    'rate_limited',
    'unknown_site',
    'new_email_invalid',
    'new_email_taken',
    'password_wrong',
  ],
  roles: ['member'],
});

/**
 * PUT /api/mail-change.php {token}: confirms the change (from /mail-change/do). It ends the
 * account's other sessions and unused links, and mails the old address a link that undoes
 * the change (the same page). `undone` says the link was such an undo: the old address is
 * back, every session ended, and a password reset link is on its way there.
 */
export const putMailChange = defineEndpoint({
  method: 'PUT',
  path: '/api/mail-change.php',
  body: z.object({ token: linkToken }),
  response: z.object({ email: z.string(), undone: z.optional(z.boolean()) }),
  errors: ['unknown_site', 'link_invalid', 'new_email_taken'],
  roles: 'public',
});

export const DELETE_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members_nearby',
  'too_much_time',
  'other',
] as const;

/**
 * DELETE /api/user.php {reason, remarks, password}: deletes the account at once (reactivation link by
 * e-mail, valid 14 days; purge after). Answers a partner redirect when one is configured.
 */
export const deleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/user.php',
  matches: (query) => query['push'] === undefined,
  body: z.object({
    reason: z.enum(DELETE_REASONS),
    remarks: z.optional(z.string().check(z.trim(), z.maxLength(DELETE_REMARKS_MAX))),
    /** The current password: a session left open somewhere cannot delete the account. */
    password: passwordInput,
  }),
  response: z.object({ redirect: z.nullable(z.url()) }),
  errors: ['authentication_required', 'unknown_site', 'rate_limited', 'password_wrong'],
  roles: ['member'],
});

/** GET /api/reactivate.php?token=…: the e-mailed link; redirects to /login?reactivated=1 or /activate/error. */
export const getReactivate = defineEndpoint({
  method: 'GET',
  path: '/api/reactivate.php',
  query: z.object({ token: z._default(z.string().check(z.maxLength(500)), '') }),
  response: z.never(),
  roles: 'public',
});

export { LOCALES };
