/**
 * Paths of SPEC §2.1 that the single members shell page answers. The static build writes
 * rewrite rules from this list for common hosts, and `npm start` applies the same list.
 * Patterns use ':name' for one segment and a trailing '*' for any rest.
 */
export const SHELL_PAGE = '/members.html';

export const SHELL_ROUTES = [
  '/members',
  '/members/:id',
  '/members/:id/chat',
  '/chats',
  '/chats/:id',
  '/likes',
  '/likes/:type',
  '/likes/m/:id',
  '/match-finder',
  '/swipe-game',
  '/notifications',
  '/settings',
  '/profile',
  '/credits',
  '/credits/repeat-order',
  '/credits/:id',
  '/credits/:id/:paymentmethod',
  '/directdebit',
  '/premium',
  '/transactions',
  '/transactions/:id',
  '/complaints',
  '/lang-config',
] as const;

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const SHELL_MATCHERS = SHELL_ROUTES.map(patternToRegExp);

/** True when a request path belongs to the members shell. */
export function isShellPath(pathname: string): boolean {
  return SHELL_MATCHERS.some((re) => re.test(pathname));
}

/** Lander slug prefix per niche (SPEC §1 "Site variants"). */
export const NICHE_SLUG_PREFIX: Readonly<Record<number, string>> = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
};

/** The static legal and info pages under /pages/ (SPEC §2.1). */
export const LEGAL_PAGES = ['terms', 'privacy', 'cookies', 'faq', 'service', 'return-policy', 'ban'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
