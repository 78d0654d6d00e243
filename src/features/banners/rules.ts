/**
 * Visibility rules of the members layout's banners (SPEC §2.4). Pure functions of the
 * current user, the route name and the query, so they are tested without rendering.
 */
import type { CurrentUser } from '#src/contract/user.ts';

type NotificationsDisabledReason = CurrentUser['notifications_disabled'][number];

/** (a) Not shown on signup, settings and notifications. */
const NO_ACTIVATION_REMINDER = ['signup', 'settings', 'notifications'];
/** (d) Not shown on settings and notifications. */
const NO_NOTIFICATIONS_DISABLED = ['settings', 'notifications'];

/**
 * (a) The activation reminder: for a not-confirmed member whose profile is disabled and
 * who has no disabled notifications; a modal right after signup (query api_signup_complete),
 * an alert otherwise.
 */
export function activationReminder(
  user: CurrentUser,
  route: string | null,
  search: Readonly<Record<string, string>> = {},
): 'modal' | 'alert' | null {
  if (route !== null && NO_ACTIVATION_REMINDER.includes(route)) return null;
  if (user.notifications_disabled.length > 0) return null;
  if (user.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  return Object.hasOwn(search, 'api_signup_complete') ? 'modal' : 'alert';
}

/**
 * (d) Notifications disabled: the reason whose advice the banner shows, or null when it is
 * not shown (none disabled, dismissed before, or on settings / notifications). With several
 * reasons the one asking the member to act on the address (bounce) comes first.
 */
export function notificationsDisabledBanner(
  user: CurrentUser,
  route: string | null,
  dismissedAt: number | null,
): NotificationsDisabledReason | null {
  if (route !== null && NO_NOTIFICATIONS_DISABLED.includes(route)) return null;
  if (dismissedAt !== null) return null;
  const reasons = user.notifications_disabled;
  if (reasons.includes('bounce')) return 'bounce';
  return reasons[0] ?? null;
}
