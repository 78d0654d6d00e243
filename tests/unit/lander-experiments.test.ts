/**
 * Lander experiments (src/landers/experiments.ts, docs/traffic.md "Lander experiments"): every
 * declared experiment names a site that publishes the lander in a locale it serves, its texts
 * are keys of the lander in the catalogue and say something else; the draw follows the
 * weights; the cookie keeps one variant per lander and a pinned or held variant wins.
 */
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { catalogues } from '#src/i18n/index.ts';
import {
  CONTROL,
  chooseVariant,
  drawVariant,
  landerExperiments,
  landerOfPath,
  readLandingCookie,
  readVariantCookie,
  variantOfSlug,
  type LanderExperiment,
} from '#src/landers/experiments.ts';
import { SWIPE_LANDER } from '#src/lib/constants.ts';

const EXPERIMENT: LanderExperiment = {
  site: 'default',
  locale: 'en',
  lander: 'gallery',
  controlWeight: 1,
  variants: [
    { id: 'b', weight: 2, texts: { headline: 'B' } },
    { id: 'c', weight: 1, texts: { headline: 'C' } },
  ],
};

describe('the declared experiments', () => {
  it.each(landerExperiments().map((e) => ({ ...e, name: `${e.site}/${e.locale}/${e.lander}` })))(
    '$name runs on a site that shows the lander, with texts of that lander in its locale',
    (experiment) => {
      const site = sites.find((s) => s.id === experiment.site);
      expect(site, experiment.site).toBeDefined();
      if (experiment.lander !== SWIPE_LANDER) expect(site?.landers).toContain(experiment.lander);
      const own = (catalogues[experiment.locale].landers as Record<string, Record<string, string>>)[experiment.lander];
      for (const variant of experiment.variants) {
        for (const [key, text] of Object.entries(variant.texts)) {
          expect(own?.[key], `${variant.id}: landers.${experiment.lander}.${key}`).toBeTypeOf('string');
          expect(text).not.toBe(own?.[key]);
        }
      }
    },
  );
});

describe('assignment', () => {
  it('draws by the weights: control 1, b 2, c 1 of 4', () => {
    expect(drawVariant(EXPERIMENT, 0)).toBe(CONTROL);
    expect(drawVariant(EXPERIMENT, 0.24)).toBe(CONTROL);
    expect(drawVariant(EXPERIMENT, 0.25)).toBe('b');
    expect(drawVariant(EXPERIMENT, 0.74)).toBe('b');
    expect(drawVariant(EXPERIMENT, 0.75)).toBe('c');
    expect(drawVariant(EXPERIMENT, 0.9999)).toBe('c');
  });

  it('keeps a held variant, pins an asked one, redraws a stale one, and keeps other landers in the cookie', () => {
    expect(chooseVariant(EXPERIMENT, 'gallery.c', undefined, () => 0)).toEqual({ variant: 'c', cookie: null });
    expect(chooseVariant(EXPERIMENT, 'video.b~gallery.c', 'b', () => 0)).toEqual({
      variant: 'b',
      cookie: 'video.b~gallery.b',
    });
    expect(chooseVariant(EXPERIMENT, 'gallery.gone', 'nope', () => 0.5)).toEqual({
      variant: 'b',
      cookie: 'gallery.b',
    });
    expect(chooseVariant(EXPERIMENT, undefined, undefined, () => 0)).toEqual({
      variant: CONTROL,
      cookie: 'gallery.control',
    });
  });

  it('reads cookies and paths defensively', () => {
    expect([...readVariantCookie('gallery.b~Bad.X~video.control~;x')]).toEqual([
      ['gallery', 'b'],
      ['video', 'control'],
    ]);
    expect(landerOfPath('/landers/gallery')).toBe('gallery');
    expect(landerOfPath('/landers/gallery/she-eng')).toBe('gallery');
    expect(landerOfPath('/landers/gallery/variant/b')).toBeNull();
    expect(landerOfPath('/landers/nosuch')).toBeNull();
    expect(variantOfSlug('variant/b')).toBe('b');
    expect(variantOfSlug('eng')).toBeNull();
    expect(readLandingCookie('gallery.b', 'default', 'en')).toEqual({ lander: 'gallery', variant: 'b' });
    expect(readLandingCookie('gallery.control', 'gay', 'fi')).toEqual({ lander: 'gallery', variant: 'control' });
    expect(readLandingCookie('gallery.b', 'gay', 'fi')).toBeNull();
    expect(readLandingCookie('nosuch.control', 'default', 'en')).toBeNull();
  });
});
