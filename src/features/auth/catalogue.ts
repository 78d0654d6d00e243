/** The catalogue namespaces the auth islands use: pages pass only these as a prop. */
import { pickNamespaces, type Catalogue } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';

export const AUTH_NAMESPACES = [
  'auth',
  'common',
  'errors',
  'site_entry',
  'fictional',
  'attributes',
  'interests',
  'photos',
  'profile_details',
  'teasers',
] as const;
export type AuthCatalogue = Pick<Catalogue, (typeof AUTH_NAMESPACES)[number]>;

export function authCatalogue(catalogue: Catalogue): AuthCatalogue {
  return pickNamespaces(catalogue, AUTH_NAMESPACES);
}

/** The props every auth island gets from its page. */
export interface AuthIslandProps {
  locale: Locale;
  catalogue: AuthCatalogue;
}
