/**
 * Field limits and rule codes shared by the contract's schemas, the server's validation and
 * the client's checks. No schemas here: a screen that needs a limit does not load the
 * schemas of every call with it.
 */

/** Passwords: 8 to 128 characters, no composition rules, common passwords refused. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** What a password field may carry: the server answers the rules' own errors up to this length. */
export const PASSWORD_INPUT_MAX = 1000;
/** The longest e-mail address (RFC 5321). */
export const EMAIL_MAX = 254;
/** The longest remark of an account deletion. */
export const DELETE_REMARKS_MAX = 2000;
/** The bounds of an e-mailed link's token (reset, e-mail change). */
export const LINK_TOKEN_MIN = 10;
export const LINK_TOKEN_MAX = 200;

/** How many interests a profile may have at most (all of them). */
export const INTERESTS_MAX = 51;
export const ABOUT_ME_MAX = 2000;
export const SIGNUP_REASON_MAX = 500;
export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const CITY_MAX = 80;

/** The window of LOOKUP_LIMITS: an hour. */
export const LOOKUP_WINDOW_MS = 3_600_000;
/**
 * How many times per hour the reading calls a scraper would loop over may be made, per
 * member account and per IP address. Beyond either, the call answers 429 rate_limited. A
 * person reading profiles one after the other stays far below: 600 an hour is ten a minute
 * for a whole hour. The IP numbers are higher because many people can share one address
 * (offices, mobile carriers' NAT); the home page loads teasers for every visitor.
 */
export const LOOKUP_LIMITS = {
  /** GET /api/search.php (members and, where open, visitors). */
  search: { account: 600, ip: 2400 },
  /** GET /api/member.php, a profile page. */
  member: { account: 600, ip: 2400 },
  /** GET /api/teasers.php and /api/teaser.php, for visitors. */
  teasers: { ip: 1200 },
  /** GET /api/cities.php, one per typed letter (debounced). */
  cities: { account: 600, ip: 2400 },
} as const;
export type LookupKind = keyof typeof LOOKUP_LIMITS;

/** The username rules' error codes (signup, profile), texts in `accounts.errors.<code>`. */
export const NAME_ERRORS = [
  'name_is_email', // 'Username may not be the same as your e-mail address'
  'name_starts_with_at', // 'Username may not start with @'
  'name_invalid',
] as const;

/** The date of birth rules' error codes (signup, profile), texts in `accounts.errors.<code>`. */
export const DATE_OF_BIRTH_ERRORS = [
  'date_of_birth_too_young', // 'Enter your date of birth ({min_age}+)'
  'date_of_birth_invalid', // 'Invalid date of birth.'
] as const;
