/**
 * The markup of one lander illustration (LanderPicture.astro renders it): a <picture> with
 * AVIF and WebP sources over every encoded width of the manifest, and an <img> with the
 * intrinsic width and height (no layout shift), lazy or eager loading, and the
 * illustration's main colour behind it while it loads. Kept as a pure function so unit
 * tests check exactly what pages ship.
 */
import type { SiteConfig } from '#sites-config';
import { landerArtBackdrop } from './art.ts';
import { LANDER_IMAGES, landerImageHeight, landerImageUrl, landerSrcset, type LanderImageName } from './images.ts';

export interface LanderPictureOptions {
  name: LanderImageName;
  /** Text alternative; '' marks the illustration as decorative. */
  alt: string;
  /** The `sizes` attribute: the width the image takes in the layout. */
  sizes: string;
  /** 'eager' for the largest image above the fold (it also gets fetchpriority high). */
  loading?: 'lazy' | 'eager' | undefined;
  /** Classes of the <img> (the <picture> box is `display: contents`). */
  class?: string | undefined;
  /** Extra inline style of the <img>. */
  style?: string | undefined;
  /** Value-less attributes for the <img> (the caller's data-astro-cid-* scope). */
  attributes?: readonly string[] | undefined;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function attr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}

/** The <picture> markup of one illustration for a site. */
export function landerPictureHtml(site: SiteConfig, options: LanderPictureOptions): string {
  const { name, alt, sizes, loading = 'lazy' } = options;
  const { widths } = LANDER_IMAGES[name];
  // The fallback src is the middle width in WebP: a reasonable size for any browser.
  const fallback = widths[Math.floor(widths.length / 2)] ?? LANDER_IMAGES[name].width;
  const style = `background-color:${landerArtBackdrop(site, name)}${options.style ? `;${options.style}` : ''}`;
  const img = [
    `src="${landerImageUrl(name, fallback, 'webp')}"`,
    `srcset="${landerSrcset(name, 'webp')}"`,
    `sizes="${attr(sizes)}"`,
    `width="${fallback}"`,
    `height="${landerImageHeight(name, fallback)}"`,
    `alt="${attr(alt)}"`,
    `loading="${loading}"`,
    loading === 'eager' ? 'fetchpriority="high"' : '',
    'decoding="async"',
    options.class ? `class="${attr(options.class)}"` : '',
    `style="${attr(style)}"`,
    ...(options.attributes ?? []).filter((a) => /^[a-z][a-z0-9-]*$/.test(a)),
  ].filter(Boolean);
  return (
    '<picture style="display:contents">' +
    `<source type="image/avif" srcset="${landerSrcset(name, 'avif')}" sizes="${attr(sizes)}">` +
    `<source type="image/webp" srcset="${landerSrcset(name, 'webp')}" sizes="${attr(sizes)}">` +
    `<img ${img.join(' ')}></picture>`
  );
}
