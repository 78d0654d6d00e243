/**
 * $session: who is using the app. States: loading → guest | member. The API client reports
 * a 403 authentication_required answer (SPEC §4 "Session"), and the session becomes guest.
 */
import { atom } from 'nanostores';
import { getUser, type CurrentUser } from '../contract/user.ts';
import { ApiError, type ApiClient } from '../client/api.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'guest' }
  | { status: 'member'; user: CurrentUser }
  | { status: 'error'; message: string };

export const $session = atom<SessionState>({ status: 'loading' });

/** Loads the current user; a 403 authentication_required answer means a guest. */
export async function loadSession(api: ApiClient): Promise<void> {
  try {
    const { user } = await api.call(getUser);
    $session.set({ status: 'member', user });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'authentication_required') $session.set({ status: 'guest' });
    else $session.set({ status: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The 403 rule: a logged-in session is logged out. */
export function onAuthenticationRequired(): void {
  if ($session.get().status === 'member') $session.set({ status: 'guest' });
}
