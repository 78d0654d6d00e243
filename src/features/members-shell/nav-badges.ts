/** Badge rules of the logged-in top nav (SPEC §2.3). Pure, so they are tested without rendering. */
import { BADGE_CAP, CREDITS_BADGE_THRESHOLD } from '#src/lib/constants.ts';

/** A count as a badge shows it: nothing at 0, '99+' at 100 or more. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export interface CreditsBadge {
  text: string;
  tone: 'warning' | 'danger';
}

/** The credits badge: shown at 10 credits or fewer, warning colour above 0, danger at 0. */
export function creditsBadge(credits: number): CreditsBadge | null {
  if (credits > CREDITS_BADGE_THRESHOLD) return null;
  return { text: String(Math.max(0, credits)), tone: credits > 0 ? 'warning' : 'danger' };
}

/** Where the credits entry leads: paid users repeat their order, others get premium. */
export function creditsLink(paidUser: boolean): { route: 'credits-repeat-order' | 'premium'; path: string } {
  return paidUser
    ? { route: 'credits-repeat-order', path: '/credits/repeat-order' }
    : { route: 'premium', path: '/premium' };
}
