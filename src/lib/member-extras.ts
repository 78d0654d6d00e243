/**
 * The members' banners and modals on static pages (docs/banners.md "On static pages"). A
 * static page cannot know its visitor at build time, so DefaultLayout ends with a one-line
 * inline loader that imports MEMBER_EXTRAS_SCRIPT only when the login marker is readable
 * (`html[data-member]`, set by the visitor hints before first paint): visitors download
 * nothing more. The build writes that script into each variant root
 * (scripts/lib/member-extras-script.ts): it imports the extras' entry, which the build makes
 * from src/pages/member-extras.astro and which shares the members island's chunks (a member
 * who has been in the members area has them cached), and the entry reads the variant's texts
 * from MEMBER_EXTRAS_OPTIONS.
 */
import type { Catalogue } from '#src/i18n/index.ts';
import type { Locale } from './locales.ts';

export const MEMBER_EXTRAS_SCRIPT = '/member-extras.js';
/** The variant's locale and texts (MemberExtrasOptions as JSON). */
export const MEMBER_EXTRAS_OPTIONS = '/member-extras.json';
/** The members island's whole stylesheet: static pages inline only the rules of their own markup. */
export const MEMBER_EXTRAS_STYLESHEET = '/member-extras.css';

/** Routes of DefaultLayout pages that get no extras: the members shell has its own, signup its flow. */
export const NO_MEMBER_EXTRAS: readonly string[] = ['members', 'complete-signup'];

/** The inline loader DefaultLayout puts at the end of the body (counted in the inline-script budget). */
export const MEMBER_EXTRAS_LOADER = `'member'in document.documentElement.dataset&&import('${MEMBER_EXTRAS_SCRIPT}')`;

/** The text namespaces of the banners, the like modal and the errors they can show. */
export const MEMBER_EXTRAS_NAMESPACES = [
  'common',
  'nav',
  'errors',
  'banners',
  'push',
  'likes',
  'fictional',
  'profile',
  'members',
] as const satisfies readonly (keyof Catalogue)[];
export type MemberExtrasCatalogue = Pick<Catalogue, (typeof MEMBER_EXTRAS_NAMESPACES)[number]>;

/** What MEMBER_EXTRAS_OPTIONS holds. */
export interface MemberExtrasOptions {
  locale: Locale;
  catalogue: MemberExtrasCatalogue;
}
