/**
 * $router: the members island's client routing (ARCHITECTURE "One members island"). Route
 * names are those of SPEC §2.1; every path of SHELL_ROUTES (src/lib/routes.ts) has one.
 * Order matters: fixed segments ('/likes/m/:id', '/credits/repeat-order') come before the
 * parameter they would otherwise match.
 *
 * The router's own link interception is off: it would also swallow links to static pages
 * (the footer's legal pages, /login, /account-deleted) and push them without loading them.
 * `interceptLinks` only takes over links whose path is a members route. Both it and `navigate`
 * ask the current screen's leave guard first (`setLeaveGuard`).
 */
import { createRouter, getPagePath, type ConfigFromRouter, type ParamsArg } from '@nanostores/router';
import { environment } from './environment.ts';

export const MEMBERS_ROUTES = {
  members: '/members',
  'members-id-chat': '/members/:id/chat',
  'members-id': '/members/:id',
  chats: '/chats',
  'chats-id': '/chats/:id',
  likes: '/likes',
  'likes-m-id': '/likes/m/:id',
  'likes-type': '/likes/:type',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  notifications: '/notifications',
  settings: '/settings',
  profile: '/profile',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  directdebit: '/directdebit',
  premium: '/premium',
  'transactions-id': '/transactions/:id?',
  complaints: '/complaints',
  'lang-config': '/lang-config',
} as const;

export const $router = createRouter(MEMBERS_ROUTES, { links: false });

export type MembersRoute = keyof typeof MEMBERS_ROUTES;
type Config = ConfigFromRouter<typeof $router>;

/** The route name a path belongs to, or null for a path outside the members area. */
export function routeNameOf(path: string): MembersRoute | null {
  const pathname = new URL(path, 'http://x').pathname.replace(/\/$/, '') || '/';
  for (const [name, pattern] of $router.routes) {
    if (pattern.test(pathname)) return name as MembersRoute;
  }
  return null;
}

/** The path of a route, e.g. `pathOf('chats-id', { id: 7 })`. */
export function pathOf<Name extends MembersRoute>(name: Name, ...args: ParamsArg<Config, Name>): string {
  return getPagePath($router, name, ...args);
}

/** A check before the member moves to another members route: false keeps them where they are. */
export type LeaveGuard = () => boolean;
let leaveGuard: LeaveGuard | undefined;

/** Sets the current screen's leave guard (e.g. unsaved edits); returns the function that removes it. */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = undefined;
  };
}

/** Whether the current screen lets the member go (asks its guard, if any). */
export function mayLeave(): boolean {
  return leaveGuard?.() ?? true;
}

let inShell = true;

/**
 * Says the page is a static page, not the members shell (the members' extras of static
 * pages, src/features/members-shell/StaticPageExtras.tsx): `navigate` loads the path instead.
 */
export function outsideShell(): void {
  inShell = false;
}

/**
 * Opens a members path without a reload (a page load outside the members shell), unless the
 * current screen's guard keeps the member.
 */
export function navigate(path: string): void {
  if (!mayLeave()) return;
  if (inShell) $router.open(path);
  else environment().navigate(path);
}

/**
 * Takes over clicks on same-origin links to members routes (left button, no modifier key,
 * no target or download). Returns the function that stops it.
 */
export function interceptLinks(root: HTMLElement = document.body): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.altKey || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || link.target || link.hasAttribute('download') || link.rel === 'external') return;
    if (link.origin !== location.origin || routeNameOf(link.pathname) === null) return;
    event.preventDefault();
    if (!mayLeave()) return;
    $router.open(link.pathname + link.search + link.hash);
    if (link.hash) document.getElementById(link.hash.slice(1))?.scrollIntoView();
    else window.scrollTo({ top: 0 });
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
