/**
 * Display rules for other members' profiles, shared by the profile card and the member
 * profile page (SPEC §4 'Likes', §5 'Language badge on a card'). Pure functions.
 */

/** Countries with more than one language, where the badge always shows (SPEC §5). */
export const MULTILINGUAL_COUNTRIES: readonly string[] = ['CA', 'BE', 'CH', 'FI'];

/**
 * Whether a profile shows its language badge: when the profile's language (its 2-letter
 * prefix) is not the interface language, or when the profile lives in CA, BE, CH or FI.
 */
export function showLanguageBadge(
  profileLanguage: string,
  profileCountry: string | null | undefined,
  uiLocale: string,
): boolean {
  if (profileCountry && MULTILINGUAL_COUNTRIES.includes(profileCountry.toUpperCase())) return true;
  const language = profileLanguage.slice(0, 2).toLowerCase();
  return language !== uiLocale.slice(0, 2).toLowerCase();
}

export type LikeIcon = 'match' | 'did-like' | 'like-received';

/** The like icon of a profile (SPEC §4): match when both liked, else who liked, else none. */
export function likeIcon(flags: { did_like_profile: boolean; liked_by_profile: boolean }): LikeIcon | null {
  if (flags.did_like_profile && flags.liked_by_profile) return 'match';
  if (flags.did_like_profile) return 'did-like';
  if (flags.liked_by_profile) return 'like-received';
  return null;
}

/** The name of a profile's language in the interface language ('de_CH' in English: 'German'). */
export function profileLanguageName(profileLanguage: string, uiLocale: string): string {
  const code = profileLanguage.slice(0, 2).toLowerCase();
  try {
    const name = new Intl.DisplayNames([uiLocale], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(uiLocale) + name.slice(1);
  } catch {
    return code.toUpperCase();
  }
}
