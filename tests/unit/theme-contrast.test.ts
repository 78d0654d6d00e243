/**
 * Every site's derived text colours keep WCAG AA contrast (4.5:1) on its page surfaces
 * (src/styles/theme-tokens.ts): the primary as text, and the danger colour of error texts
 * and Delete buttons, which as it is reaches only 4.4:1 on surface-alt and less on the dark
 * Kinkbound site.
 */
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { contrast, dangerInk, derivedThemeCss, primaryInk } from '#src/styles/theme-tokens.ts';

describe('derived theme text colours', () => {
  for (const site of sites) {
    it(`${site.id}: primary-ink and danger-ink reach 4.5:1 on surface and surface-alt`, () => {
      const { surface, surfaceAlt } = site.theme;
      for (const ink of [primaryInk(site.theme), dangerInk(site.theme)]) {
        expect(contrast(ink, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(ink, surfaceAlt)).toBeGreaterThanOrEqual(4.5);
      }
      expect(derivedThemeCss(site.theme)).toContain(`--site-danger-ink:${dangerInk(site.theme)}`);
    });
  }
});
