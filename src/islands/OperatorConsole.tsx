/**
 * The operator console island (docs/operator.md), mounted on /operator of every site.
 * It resolves the session first: a guest is asked to log in, a member without the operator
 * or admin role is told there is no access, and operators get the inbox of chat pal
 * conversations (src/features/operator/). The header shows the site's brand and, once
 * logged in, who is signed in with a logout button. The server checks the role on every
 * call regardless.
 */
import '#src/styles/islands.css';
import type { Catalogue } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import StaffConsole from '#src/ui/StaffConsole.tsx';
import OperatorScreen from '#src/features/operator/OperatorScreen.tsx';
import type { ConsoleSite } from '#src/ui/console-frame.tsx';
import { OPERATOR_ROLES } from '#src/lib/constants.ts';

/** The catalogue namespaces the island uses: the page passes only these. */
export const OPERATOR_NAMESPACES = [
  'operator',
  'fictional',
  'interests',
  'errors',
  'nav',
] as const satisfies readonly (keyof Catalogue)[];
export type OperatorCatalogue = Pick<Catalogue, (typeof OPERATOR_NAMESPACES)[number]>;

interface Props {
  locale: Locale;
  catalogue: OperatorCatalogue;
  /** The sites of the network, for the site filter and the site names. */
  sites: readonly ConsoleSite[];
  /** The site's brand: the header's home link is named by it. */
  brand: string;
  /** The site's logo (inline SVG markup, decorative); the brand name when null. */
  logo?: string | null;
}

export default function OperatorConsole({ locale, catalogue, sites, brand, logo = null }: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <StaffConsole namespace="operator" roles={OPERATOR_ROLES} brand={brand} logo={logo} width="max-w-7xl">
        <OperatorScreen locale={locale} sites={sites} />
      </StaffConsole>
    </IslandI18n>
  );
}
