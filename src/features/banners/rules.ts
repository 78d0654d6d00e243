/**
 * Visibility rules of the members layout's banners (SPEC §2.4). Pure functions of the
 * current user, the route name, the query, the push state and the stored dismissals, so
 * they are tested without rendering. docs/banners.md lists the rules in prose.
 */
import type { CurrentUser } from '#src/contract/user.ts';

type NotificationsDisabledReason = CurrentUser['notifications_disabled'][number];

/** (a) Not shown on signup, settings and notifications. */
export const NO_ACTIVATION_REMINDER: readonly string[] = ['signup', 'settings', 'notifications'];
/** (b) Not shown on profile, signup, activate-done, premium, notifications, directdebit and settings. */
export const NO_PHOTO_ALERT: readonly string[] = [
  'profile',
  'signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
];
/** (c) Not shown on signup, notifications, activate-done, directdebit and premium. */
export const NO_PUSH_BANNER: readonly string[] = ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'];
/** (d) Not shown on settings and notifications. */
export const NO_NOTIFICATIONS_DISABLED: readonly string[] = ['settings', 'notifications'];

const excluded = (list: readonly string[], route: string | null) => route !== null && list.includes(route);

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
  if (excluded(NO_ACTIVATION_REMINDER, route)) return null;
  if (user.notifications_disabled.length > 0) return null;
  if (user.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  return Object.hasOwn(search, 'api_signup_complete') ? 'modal' : 'alert';
}

/**
 * (b) Add a profile photo (PROFILE_PHOTO_ALERT): when (a) is not shown, the profile has no
 * main image and the member has not dismissed it before.
 */
export function photoAlert(
  user: CurrentUser,
  route: string | null,
  search: Readonly<Record<string, string>>,
  dismissedAt: number | null,
): boolean {
  if (excluded(NO_PHOTO_ALERT, route) || dismissedAt !== null) return false;
  if (activationReminder(user, route, search) !== null) return false;
  return user.profile.main_image === null;
}

/** What (c) needs of the push state (src/stores/push.ts `PushState`). */
export interface PushBannerInput {
  isCapable: boolean;
  isSubscribed: boolean;
  subscription: string | false;
}

/**
 * (c) Enable push notifications: in a browser that can receive pushes, that is not
 * subscribed yet and where the member has not refused notifications ('denied': the browser
 * would not ask again), unless dismissed before.
 */
export function pushBanner(push: PushBannerInput | null, route: string | null, dismissedAt: number | null): boolean {
  if (excluded(NO_PUSH_BANNER, route) || dismissedAt !== null || push === null) return false;
  return push.isCapable && !push.isSubscribed && push.subscription !== 'denied';
}

/** May (c) show on this route at all (before the push state is read)? */
export function pushBannerPossible(route: string | null, dismissedAt: number | null): boolean {
  return !excluded(NO_PUSH_BANNER, route) && dismissedAt === null;
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
  if (excluded(NO_NOTIFICATIONS_DISABLED, route)) return null;
  if (dismissedAt !== null) return null;
  const reasons = user.notifications_disabled;
  if (reasons.includes('bounce')) return 'bounce';
  return reasons[0] ?? null;
}
