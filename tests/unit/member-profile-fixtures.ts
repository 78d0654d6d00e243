/** Fixtures of other members as the viewer gets them (src/contract/members.ts DTOs). */
import type { MemberProfile, ProfileCard } from '#src/contract/members.ts';

export function profileCard(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id: 'k3x9q',
    name: 'Sanne',
    age: 34,
    type: 'member',
    language: 'en',
    city: 'Utrecht',
    main_image: {
      thumb_filename: '/api/photo.php?id=ph1&v=thumb',
      thumb_width: 240,
      thumb_height: 320,
      status: 'active',
      match: '/api/photo.php?id=ph1&v=match',
    },
    like_new: false,
    did_like_profile: false,
    liked_by_profile: false,
    ...overrides,
  };
}

export function memberProfile(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    ...profileCard(),
    about_me: 'I like long walks.',
    interests: ['hiking', 'gangbang'],
    photos: [
      {
        id: 'ph1',
        url: '/api/photo.php?id=ph1&v=full',
        thumb_url: '/api/photo.php?id=ph1&v=thumb',
        width: 900,
        height: 1200,
        locked: false,
      },
    ],
    blocked_by_me: false,
    ...overrides,
  };
}
