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

/**
 * Paths answered by one prerendered page whatever their parameters (SPEC §2.1): the profile
 * landers (their profile is filled in on the client) and landers at a campaign slug other
 * than their canonical one. `:lander` in a target is the lander segment of the path.
 * Static files win: a lander's canonical slug page exists and is served as it is.
 */
export const PAGE_REWRITES = [
  { from: '/members/:id/landing', to: '/profile-landing.html' },
  { from: '/members/:id/landing2', to: '/profile-landing2.html' },
  { from: '/members/:id/landing2/:slug', to: '/profile-landing2.html' },
  { from: '/members/:id/landing3', to: '/profile-landing3.html' },
  { from: '/members/:id/landing3/:slug', to: '/profile-landing3.html' },
  { from: '/members/:id/signup', to: '/profile-signup.html' },
  { from: '/landers/:lander/:slug', to: '/landers/:lander.html' },
] as const;

const REWRITE_MATCHERS = PAGE_REWRITES.map((rewrite) => ({
  re: new RegExp(
    `^${rewrite.from
      .split('/')
      .map((part) => (part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part))
      .join('/')}/?$`,
  ),
  to: rewrite.to,
}));

/** The page a path is rewritten to, or null. */
export function pageRewrite(pathname: string): string | null {
  for (const { re, to } of REWRITE_MATCHERS) {
    const match = re.exec(pathname);
    if (!match) continue;
    const lander = match.groups?.['lander'];
    if (to.includes(':lander') && (!lander || !/^[a-z0-9-]+$/.test(lander))) return null;
    return lander ? to.replace(':lander', lander) : to;
  }
  return null;
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
