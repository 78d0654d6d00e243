/**
 * Every site's derived text colours keep WCAG AA contrast (4.5:1) on its page surfaces
 * (src/styles/theme-tokens.ts): the primary as text (on the primary tint of chips and badges
 * too, where it reached 4.24:1 on the pricing page), and the danger colour of error texts
 * and Delete buttons, which as it is reaches only 4.4:1 on surface-alt and less on the dark
 * Kinkbound site.
 */
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { contrast, dangerInk, derivedThemeCss, primaryInk, primarySoftBackgrounds } from '#src/styles/theme-tokens.ts';

describe('derived theme text colours', () => {
  for (const site of sites) {
    it(`${site.id}: primary-ink and danger-ink reach 4.5:1 on surface and surface-alt`, () => {
      const { surface, surfaceAlt } = site.theme;
      for (const ink of [primaryInk(site.theme), dangerInk(site.theme)]) {
        expect(contrast(ink, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(ink, surfaceAlt)).toBeGreaterThanOrEqual(4.5);
      }
      // Chips and badges: primary-ink on the primary tint (the pricing page's 'Popular').
      for (const tint of primarySoftBackgrounds(site.theme))
        expect(contrast(primaryInk(site.theme), tint)).toBeGreaterThanOrEqual(4.5);
      expect(derivedThemeCss(site.theme)).toContain(`--site-danger-ink:${dangerInk(site.theme)}`);
    });
  }
});
