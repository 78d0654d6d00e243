/**
 * The moderation console island (docs/profiles.md 'Moderation'), mounted on /moderation of every
 * site. It resolves the session first: a guest is asked to log in, a member without the
 * moderator or admin role is told there is no access, and moderators get the queue
 * (src/features/moderation/). The header shows the site's brand and, once logged in, who is
 * signed in with a logout button. The server checks the role on every call regardless.
 */
import '#src/styles/islands.css';
import type { Catalogue } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import StaffConsole from '#src/ui/StaffConsole.tsx';
import type { ConsoleSite } from '#src/ui/console-frame.tsx';
import ConsoleTabs from '#src/features/moderation/ConsoleTabs.tsx';
import { MODERATOR_ROLES } from '#src/lib/constants.ts';

/** The catalogue namespaces the island uses: the page passes only these. */
export const MODERATION_NAMESPACES = [
  'moderation',
  'photos',
  'nav',
  'complaints',
] as const satisfies readonly (keyof Catalogue)[];
export type ModerationCatalogue = Pick<Catalogue, (typeof MODERATION_NAMESPACES)[number]>;

interface Props {
  locale: Locale;
  catalogue: ModerationCatalogue;
  /** The sites of the network, for the site filter and the site names on the cards. */
  sites: readonly ConsoleSite[];
  /** The site's brand: the header's home link is named by it. */
  brand: string;
  /** The site's logo (inline SVG markup, decorative); the brand name when null. */
  logo?: string | null;
}

export default function ModerationConsole({ locale, catalogue, sites, brand, logo = null }: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <StaffConsole namespace="moderation" roles={MODERATOR_ROLES} brand={brand} logo={logo} width="max-w-6xl">
        <ConsoleTabs locale={locale} sites={sites} />
      </StaffConsole>
    </IslandI18n>
  );
}
