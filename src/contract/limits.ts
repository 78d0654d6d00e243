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
