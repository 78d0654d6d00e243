/**
 * What a lander page (`src/pages/[site]/[locale]/landers/<lander>/[...slug].astro`) needs
 * from its route: the page context (site, locale, `t`), `k` for its own texts, and the
 * LanderLayout props (title, description, canonical path).
 */
import type { TOptions } from 'i18next';
import type { KeysUnder, TranslationKey } from '#src/i18n/index.ts';
import type { Lander, SWIPE_LANDER } from '#src/lib/constants.ts';
import { pageContext, type PageContext } from '#src/layouts/page-context.ts';
import { CONTROL, experimentOf, variantOfSlug } from './experiments.ts';
import { landerPath } from './paths.ts';

export type LanderName = Lander | typeof SWIPE_LANDER;

export interface LanderContext<L extends LanderName> extends PageContext {
  /** A text of this lander (`landers.<lander>.<key>`), the brand filled in. */
  k: (key: KeysUnder<`landers.${L}`>, options?: TOptions) => string;
  /** The LanderLayout props: `<LanderLayout {...page.layout}>`. */
  layout: { title: string; description: string; path: string; visit: { lander: string; variant: string } };
}

export function landerContext<L extends LanderName>(
  lander: L,
  astro: Parameters<typeof pageContext>[0],
): LanderContext<L> {
  const page = pageContext(astro);
  // An experiment's variant page (./experiments.ts) says some of the lander's texts its own way.
  const variantId = variantOfSlug(astro.params['slug']);
  const variant = variantId
    ? experimentOf(page.site.id, page.locale, lander)?.variants.find((v) => v.id === variantId)
    : undefined;
  if (variantId && !variant)
    throw new Error(`lander ${lander} has no variant ${variantId} on ${page.site.id}/${page.locale}`);
  const text = (key: string, options?: TOptions) => {
    const own = variant?.texts[key];
    if (own !== undefined) return own.replaceAll('{{brand}}', page.site.brand);
    return page.t(`landers.${lander}.${key}` as TranslationKey, { brand: page.site.brand, ...options });
  };
  return {
    ...page,
    k: text,
    layout: {
      title: text('title'),
      description: text('description'),
      path: landerPath(lander, page.site, page.locale),
      visit: { lander, variant: variant?.id ?? CONTROL },
    },
  };
}
