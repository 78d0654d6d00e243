/**
 * Who may have a time bonus (SPEC §4 'Time bonus'): a member who is not a paid user and
 * signed up less than TIME_BONUS_WINDOW_SECONDS ago. Pure, so the members shell decides
 * whether to load the time-bonus chunk at all without loading it.
 */
import { TIME_BONUS_WINDOW_SECONDS } from './constants.ts';

/** The window left by the signup date and this clock (epoch ms), in whole seconds. */
export function timeBonusSecondsLeft(user: { signup_date: string }, now: number): number {
  const since = Math.floor((now - Date.parse(user.signup_date)) / 1000);
  return TIME_BONUS_WINDOW_SECONDS - since;
}

export function mayHaveTimeBonus(user: { signup_date: string; paid_user: boolean }, now: number): boolean {
  return !user.paid_user && timeBonusSecondsLeft(user, now) > 0;
}

/** The members area (SPEC §2.1): where the time-bonus banner shows and the modal's 40 s run (§2.4 (e), §2.6). */
export const MEMBERS_AREA_ROUTES: readonly string[] = [
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-m-id',
  'premium',
];

/** Is this members route in the members area? Leaving it hides the banner and cancels the modal's wait. */
export function inMembersArea(route: string | null): boolean {
  return route !== null && MEMBERS_AREA_ROUTES.includes(route);
}
