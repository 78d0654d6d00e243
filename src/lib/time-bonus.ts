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
