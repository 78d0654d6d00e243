import { describe, expect, it } from 'vitest';
import { likeIcon, profileLanguageName, showLanguageBadge } from '#src/lib/profile-rules.ts';

describe('showLanguageBadge (SPEC §5)', () => {
  it('is hidden when the profile speaks the interface language, by its 2-letter prefix', () => {
    expect(showLanguageBadge('de', 'DE', 'de')).toBe(false);
    expect(showLanguageBadge('de_AT', 'AT', 'de')).toBe(false);
    expect(showLanguageBadge('en-GB', 'GB', 'en')).toBe(false);
  });

  it('shows when the profile speaks another language', () => {
    expect(showLanguageBadge('nl', 'NL', 'de')).toBe(true);
    expect(showLanguageBadge('fr_FR', 'FR', 'en')).toBe(true);
  });

  it('always shows for profiles in CA, BE, CH or FI, even in the interface language', () => {
    for (const country of ['CA', 'BE', 'CH', 'FI']) expect(showLanguageBadge('fr', country, 'fr'), country).toBe(true);
    expect(showLanguageBadge('fi', 'FI', 'fi')).toBe(true);
  });

  it('decides by language alone when the country is not shown', () => {
    expect(showLanguageBadge('nl', undefined, 'nl')).toBe(false);
    expect(showLanguageBadge('nl', undefined, 'en')).toBe(true);
  });
});

describe('likeIcon (SPEC §4)', () => {
  it('is a match when both liked, else who liked, else none', () => {
    expect(likeIcon({ did_like_profile: true, liked_by_profile: true })).toBe('match');
    expect(likeIcon({ did_like_profile: true, liked_by_profile: false })).toBe('did-like');
    expect(likeIcon({ did_like_profile: false, liked_by_profile: true })).toBe('like-received');
    expect(likeIcon({ did_like_profile: false, liked_by_profile: false })).toBeNull();
  });
});

describe('profileLanguageName', () => {
  it('names the profile language in the interface language', () => {
    expect(profileLanguageName('de_CH', 'en')).toBe('German');
    expect(profileLanguageName('nl', 'de')).toBe('Niederländisch');
  });
});
