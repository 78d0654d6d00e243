/**
 * Where a purchase leads back to (SPEC §2.6, §8 'Credits and rights': the chat's credit
 * alert leads to /credits). The alert's link names its conversation (`/credits?back=/chats/{id}`);
 * the credits screen keeps it in sessionStorage (the provider's checkout leaves the site and
 * returns to /transactions/{id} in the same tab), and a completed purchase offers 'Back to
 * the chat' first. Only a conversation path is taken (never another site: no open redirect);
 * /credits opened without one forgets it, and it is offered for RETURN_KEPT_MS at most.
 */
import { environment } from '#src/stores/environment.ts';

const STORAGE_KEY = 'credits.back';
/** How long the way back is offered after the member left the chat. */
export const RETURN_KEPT_MS = 2 * 60 * 60_000;
/** The paths a purchase may lead back to: a conversation. */
const BACK_PATH = /^\/chats\/[A-Za-z0-9_-]{1,64}$/;

/** The credits screen opened: keeps its `back` path, or forgets an older one. */
export function rememberReturn(): void {
  const { sessionStorage, location, now } = environment();
  const back = location().searchParams.get('back');
  try {
    if (back && BACK_PATH.test(back)) sessionStorage?.setItem(STORAGE_KEY, JSON.stringify({ path: back, at: now() }));
    else sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // A blocked storage only loses the way back; the result still links the chats.
  }
}

/** The conversation to go back to, or null. */
export function returnPath(): string | null {
  const { sessionStorage, now } = environment();
  try {
    const raw = sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof kept.path !== 'string' || !BACK_PATH.test(kept.path)) return null;
    if (typeof kept.at !== 'number' || now() - kept.at > RETURN_KEPT_MS) return null;
    return kept.path;
  } catch {
    return null;
  }
}

/** The member went back: the way is not offered again. */
export function forgetReturn(): void {
  try {
    environment().sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
