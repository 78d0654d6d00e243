/**
 * Theme tokens computed at build time from a site's `theme` (sites.config.ts), so every
 * site keeps WCAG AA contrast whatever colours it picks:
 *
 * - `--site-primary-ink`: the primary colour as text or icon colour on the page surface.
 *   It is the primary itself when that reaches 4.5:1 on surface and surfaceAlt, otherwise
 *   the primary moved towards the ink colour until it does (dark sites get a lighter tint).
 * - `--site-danger-ink`: the danger colour as text, made the same way (text-danger-ink).
 * - `--site-primary-deep`: a deeper primary for hover states and gradient ends.
 * - `--site-on-secondary` / `--site-on-unread`: the text colour for those backgrounds.
 * - `color-scheme`: dark when the surface is dark, so form controls and scroll bars match.
 *
 * BaseHtml writes them next to the `--site-*` properties of src/lib/variants.ts.
 */
import type { Theme } from '#sites-config';

type Rgb = readonly [number, number, number];

function parse(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `a` with `b`; `weight` is the share of `b` (0-1), in sRGB. */
function mix(a: string, b: string, weight: number): string {
  const [x, y] = [parse(a), parse(b)];
  return toHex(x.map((c, i) => c * (1 - weight) + (y[i] ?? 0) * weight) as unknown as Rgb);
}

/** True when the site's page surface is dark. */
export function isDarkTheme(theme: Theme): boolean {
  return luminance(parse(theme.surface)) < 0.18;
}

const AA = 4.5;

/**
 * A colour as text with at least 4.5:1 on surface, surfaceAlt and the other backgrounds:
 * moved towards the ink until it has.
 */
function readableInk(colour: string, theme: Theme, backgrounds: readonly string[] = []): string {
  const all = [theme.surface, theme.surfaceAlt, ...backgrounds];
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(colour, theme.ink, step / 20);
    if (all.every((background) => contrast(candidate, background) >= AA)) return candidate;
  }
  return theme.ink;
}

/**
 * The primary tint behind chips and badges (`--site-primary-soft`, 14 % primary in oklab),
 * over surface and surfaceAlt; mixed here in sRGB at 20 %, a little darker than the browser's
 * tint, so text checked against it keeps its margin.
 */
export function primarySoftBackgrounds(theme: Theme): string[] {
  return [mix(theme.surface, theme.primary, 0.2), mix(theme.surfaceAlt, theme.primary, 0.2)];
}

/** The primary as a text colour with at least 4.5:1 on surface, surfaceAlt and the primary tint. */
export function primaryInk(theme: Theme): string {
  return readableInk(theme.primary, theme, primarySoftBackgrounds(theme));
}

/** The danger colour as text (errors, Delete) with at least 4.5:1 on surface and surfaceAlt. */
export function dangerInk(theme: Theme): string {
  return readableInk(theme.danger, theme);
}

function bestOn(background: string, options: readonly string[]): string {
  return options.reduce((best, c) => (contrast(c, background) > contrast(best, background) ? c : best));
}

/** The derived custom properties as one CSS rule. */
export function derivedThemeCss(theme: Theme): string {
  const dark = isDarkTheme(theme);
  const vars: Record<string, string> = {
    'primary-ink': primaryInk(theme),
    'danger-ink': dangerInk(theme),
    'primary-deep': mix(theme.primary, dark ? theme.surface : '#000000', dark ? 0.55 : 0.35),
    'on-secondary': bestOn(theme.secondary, [theme.ink, theme.surface]),
    'on-unread': bestOn(theme.unread, ['#ffffff', theme.ink]),
  };
  const props = Object.entries(vars).map(([k, v]) => `--site-${k}:${v}`);
  return `:root{${props.join(';')};color-scheme:${dark ? 'dark' : 'light'}}`;
}
