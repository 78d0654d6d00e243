/**
 * The landers' illustration pipeline: the manifest agrees with the art, every site's SVG is
 * deterministic and in its own palette, the picture markup pages ship is complete, and the
 * encoded files stay within their byte budgets.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { encodeLanderImage, writeSiteImages } from '../../scripts/lib/lander-images.ts';
import { LANDER_ART, landerArtSvg } from '#src/landers/art.ts';
import {
  LANDER_IMAGE_FORMATS,
  LANDER_IMAGE_NAMES,
  LANDER_IMAGES,
  LANDER_PORTRAITS,
  landerImageFile,
  landerImageUrl,
} from '#src/landers/images.ts';
import { landerPictureHtml } from '#src/landers/picture.ts';

const site = (id: string) => sites.find((s) => s.id === id)!;

describe('lander image manifest', () => {
  it('has art for every image and an image for every art', () => {
    expect(Object.keys(LANDER_ART).sort()).toEqual([...LANDER_IMAGE_NAMES].sort());
  });

  it('has the images the landers rely on', () => {
    expect(LANDER_IMAGE_NAMES).toEqual(expect.arrayContaining(['hero', 'night', 'map', 'phone']));
    expect(LANDER_PORTRAITS).toEqual(Array.from({ length: 9 }, (_, i) => `portrait-${i + 1}`));
  });

  it('lists ascending widths no larger than the drawing, and its budget width among them', () => {
    for (const name of LANDER_IMAGE_NAMES) {
      const { widths, width, budget } = LANDER_IMAGES[name];
      expect(
        [...widths].sort((a, b) => a - b),
        name,
      ).toEqual([...widths]);
      expect(new Set(widths).size, name).toBe(widths.length);
      expect(Math.max(...widths), name).toBeLessThanOrEqual(width);
      expect(widths, name).toContain(budget.width);
    }
  });

  it('names files and URLs by image, width and format', () => {
    expect(landerImageFile('portrait-3', 320, 'webp')).toBe('portrait-3-320.webp');
    expect(landerImageUrl('hero', 720, 'avif')).toBe('/img/hero-720.avif');
  });
});

describe('lander art', () => {
  it('draws the same SVG for the same site every time', () => {
    for (const s of sites) {
      for (const name of LANDER_IMAGE_NAMES) expect(landerArtSvg(s, name)).toBe(landerArtSvg(s, name));
    }
  });

  it('draws each site differently, in its own theme colours', () => {
    for (const name of LANDER_IMAGE_NAMES) {
      const drawings = new Set(sites.map((s) => landerArtSvg(s, name)));
      expect(drawings.size, name).toBe(sites.length);
    }
    const map = landerArtSvg(site('gay'), 'map').toLowerCase();
    expect(map).toContain(site('gay').theme.primary.toLowerCase());
  });

  it('draws nine different portraits', () => {
    const portraits = new Set(LANDER_PORTRAITS.map((name) => landerArtSvg(site('default'), name)));
    expect(portraits.size).toBe(9);
  });

  it('draws valid SVG of the manifest size', async () => {
    for (const name of ['hero', 'portrait-1', 'map', 'phone', 'night'] as const) {
      const svg = landerArtSvg(site('bdsm'), name);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.width, meta.height], name).toEqual([LANDER_IMAGES[name].width, LANDER_IMAGES[name].height]);
    }
  });
});

describe('lander picture markup', () => {
  const html = landerPictureHtml(site('default'), {
    name: 'hero',
    alt: 'Two "people" <at> a bar',
    sizes: '100vw',
    loading: 'eager',
    class: 'h-full w-full',
  });

  it('offers AVIF and WebP sources over every width', () => {
    expect(html).toContain('<source type="image/avif" srcset="/img/hero-360.avif 360w, /img/hero-720.avif 720w');
    expect(html).toContain('<source type="image/webp" srcset="/img/hero-360.webp 360w');
    for (const width of LANDER_IMAGES.hero.widths) expect(html).toContain(`/img/hero-${width}.avif ${width}w`);
  });

  it('gives the img width, height, sizes, alt (escaped) and eager loading for the LCP image', () => {
    const img = /<img [^>]+>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(/ width="1080" height="608"/);
    expect(img).toContain('sizes="100vw"');
    expect(img).toContain('alt="Two &quot;people&quot; &lt;at&gt; a bar"');
    expect(img).toContain('loading="eager" fetchpriority="high"');
    expect(img).toContain('class="h-full w-full"');
  });

  it('is lazy and decorative by default when asked', () => {
    const tile = landerPictureHtml(site('gay'), { name: 'portrait-2', alt: '', sizes: '160px' });
    expect(tile).toContain('alt=""');
    expect(tile).toContain('loading="lazy"');
    expect(tile).not.toContain('fetchpriority');
    expect(tile).toMatch(/ width="320" height="427"/);
  });
});

describe('encoded lander images', () => {
  it('keeps every site’s wide scenes and portraits within their AVIF budgets', async () => {
    for (const s of [site('default'), site('bdsm'), site('gay')]) {
      for (const name of ['hero', 'portrait-1'] as const) {
        const { budget } = LANDER_IMAGES[name];
        const bytes = await encodeLanderImage(landerArtSvg(s, name), name, budget.width, 'avif');
        expect(bytes.length, `${s.id} ${name}@${budget.width}`).toBeLessThanOrEqual(budget.bytes);
        const meta = await sharp(bytes).metadata();
        expect(meta.width).toBe(budget.width);
      }
    }
  }, 60_000);

  it('writes each image × width × format into <dir>/img, then serves them from the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lander-images-'));
    const names = ['portrait-4', 'portrait-5'] as const;
    try {
      const { files } = await writeSiteImages(site('gilf'), dir, { names });
      const expected = names.flatMap((name) =>
        LANDER_IMAGES[name].widths.flatMap((w) => LANDER_IMAGE_FORMATS.map((f) => landerImageFile(name, w, f))),
      );
      expect(files).toBe(expected.length);
      expect(readdirSync(join(dir, 'img')).sort()).toEqual(expected.sort());
      expect(await writeSiteImages(site('gilf'), dir, { names })).toEqual({ files, encoded: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
