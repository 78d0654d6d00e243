/**
 * $session: who is using the app. States: loading → guest | member. The API client reports
 * a 403 authentication_required answer (SPEC §4 "Session"), and the session becomes guest.
 */
import { atom } from 'nanostores';
import { getUser, type CurrentUser } from '#src/contract/user.ts';
import { ApiError } from '#src/client/api.ts';
import { AUTH_MARKER_COOKIE_NAME } from '#src/lib/constants.ts';
import { environment } from './environment.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'guest' }
  | { status: 'member'; user: CurrentUser }
  | { status: 'error'; message: string };

export const $session = atom<SessionState>({ status: 'loading' });

/**
 * Loads the current user; a 403 authentication_required answer means a guest. Without the
 * readable login marker cookie (`auth.loggedIn`, set next to the HttpOnly session cookie)
 * the visitor is a guest and the server is not asked at all.
 */
export async function loadSession(options: { cookies?: string } = {}): Promise<void> {
  if (options.cookies !== undefined && !hasLoginMarker(options.cookies)) {
    $session.set({ status: 'guest' });
    return;
  }
  try {
    const { user } = await environment().api.call(getUser);
    $session.set({ status: 'member', user });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'authentication_required') $session.set({ status: 'guest' });
    else $session.set({ status: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

export function hasLoginMarker(cookies: string): boolean {
  return cookies.split(/;\s*/).some((c) => c.startsWith(`${AUTH_MARKER_COOKIE_NAME}=`));
}

/** The 403 rule: a logged-in session is logged out. */
export function onAuthenticationRequired(): void {
  if ($session.get().status === 'member') $session.set({ status: 'guest' });
}
