/** The gender a site's teasers feature: men on the gay site (niche 7), women elsewhere. */
import type { SiteConfig } from '#sites-config';
import type { Gender } from '#src/lib/constants.ts';

export function featuredGender(site: Pick<SiteConfig, 'niche'>): Gender {
  return site.niche === 7 ? 'male' : 'female';
}
