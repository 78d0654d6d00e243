/**
 * Lander experiments (A/B variants; docs/traffic.md "Lander experiments"): a lander can have
 * variants per site and locale. The control is the lander as it is; a variant replaces some
 * of the lander's own texts (the keys of `landers.<lander>` in the catalogue, written here
 * in the experiment's locale, `{{brand}}` filled in). The build writes each variant's page
 * next to the control (`landers/<lander>/variant/<id>.html`); the static server assigns a
 * visitor a variant by the weights on their first visit, keeps it in the `lander_variants`
 * cookie and serves that variant's page for it (src/server/static-sites.ts). Visitors without
 * the cookie (and hosts without these rules) get the control. No JavaScript runs for any of it.
 *
 * Adding an experiment: one entry below (the site id, the locale, the lander, the variants
 * with their weights and texts); `tests/unit/lander-experiments.test.ts` checks the entries
 * against sites.config.ts and the catalogue. Changing a running experiment's variants starts
 * it over for visitors whose cookie names a variant that is gone (they are drawn again).
 */
import * as z from 'zod/mini';
import { LANDERS, SWIPE_LANDER } from '#src/lib/constants.ts';
import { LOCALES } from '#src/lib/locales.ts';

/** The lander as it is: every lander has it, with or without an experiment. */
export const CONTROL = 'control';
/** The cookie with the variant of each lander this browser was given: `gallery.b~video.control`. */
export const VARIANT_COOKIE = 'lander_variants';
/** The cookie with the lander (and its variant) a visitor last landed on: `gallery.b`; read at signup. */
export const LANDING_COOKIE = 'lander';
/** Both cookies live this long (a campaign's visitor often signs up days later). */
export const LANDER_COOKIE_MAX_AGE_S = 30 * 86_400;
/** `?variant=b` on a lander pins that variant (marketing's preview of a variant; campaign links). */
export const VARIANT_PARAM = 'variant';

export const EXPERIMENT_LANDERS = [...LANDERS, SWIPE_LANDER] as const;
export type ExperimentLander = (typeof EXPERIMENT_LANDERS)[number];

const variantId = z.string().check(z.regex(/^[a-z0-9]{1,12}$/, 'a variant id is 1-12 lower-case letters or digits'));
const weight = z.number().check(z.int(), z.positive());

const experimentSchema = z
  .object({
    /** The site id (sites.config.ts). */
    site: z.string(),
    locale: z.enum(LOCALES),
    lander: z.enum(EXPERIMENT_LANDERS),
    /** The control's share against the variants' weights. */
    controlWeight: weight,
    variants: z
      .array(
        z.object({
          /** Short and stable: it names the variant in the cookie, the funnel and the page file. */
          id: variantId,
          weight,
          /** Texts of `landers.<lander>` this variant says differently, in the experiment's locale. */
          texts: z.record(z.string(), z.string().check(z.minLength(1))),
        }),
      )
      .check(z.minLength(1)),
  })
  .check(
    z.refine((e) => e.variants.every((v) => v.id !== CONTROL), 'a variant cannot be called control'),
    z.refine((e) => new Set(e.variants.map((v) => v.id)).size === e.variants.length, 'variant ids are unique'),
  );

export type LanderExperiment = z.infer<typeof experimentSchema>;

/** The running experiments. */
const EXPERIMENTS: LanderExperiment[] = z.parse(
  z
    .array(experimentSchema)
    .check(
      z.refine(
        (list) => new Set(list.map((e) => `${e.site}/${e.locale}/${e.lander}`)).size === list.length,
        'one experiment per site, locale and lander',
      ),
    ),
  [
    {
      site: 'default',
      locale: 'en',
      lander: 'gallery',
      controlWeight: 1,
      variants: [
        {
          id: 'b',
          weight: 1,
          texts: {
            headline: 'Who catches your eye tonight?',
            subline:
              'Adults near you are online right now. Sign up free in a minute, look around and write to whoever catches your eye.',
          },
        },
      ],
    },
    {
      site: 'bdsm',
      locale: 'de',
      lander: 'gallery',
      controlWeight: 1,
      variants: [
        {
          id: 'b',
          weight: 1,
          texts: {
            headline: 'Wer fällt dir heute Abend auf?',
            subline:
              'Erwachsene in deiner Nähe sind gerade online. Melde dich in einer Minute kostenlos an, sieh dich um und schreib, wer dir gefällt.',
          },
        },
      ],
    },
  ],
);

export function landerExperiments(): readonly LanderExperiment[] {
  return EXPERIMENTS;
}

/** The experiment of a lander on a site and locale, if one runs. */
export function experimentOf(siteId: string, locale: string, lander: string): LanderExperiment | undefined {
  return EXPERIMENTS.find((e) => e.site === siteId && e.locale === locale && e.lander === lander);
}

/** The variant ids of a lander on a site and locale: the control first. */
export function variantIdsOf(siteId: string, locale: string, lander: string): string[] {
  return [CONTROL, ...(experimentOf(siteId, locale, lander)?.variants.map((v) => v.id) ?? [])];
}

/** A variant drawn by the weights; `random` is in [0, 1). */
export function drawVariant(experiment: LanderExperiment, random: number): string {
  const total = experiment.controlWeight + experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  let point = random * total - experiment.controlWeight;
  if (point < 0) return CONTROL;
  for (const variant of experiment.variants) {
    point -= variant.weight;
    if (point < 0) return variant.id;
  }
  return experiment.variants.at(-1)?.id ?? CONTROL;
}

/** The page file of a variant below a site root (the control's is the lander's own page). */
export function variantFile(lander: string, variant: string): string {
  return `landers/${lander}/variant/${variant}.html`;
}

/** `[...slug]` of a variant's page (`landerStaticPaths`). */
export function variantSlug(variant: string): string {
  return `variant/${variant}`;
}

/** The variant a page's slug names, or null for the control's pages. */
export function variantOfSlug(slug: string | undefined): string | null {
  const match = /^variant\/([a-z0-9]{1,12})$/.exec(slug ?? '');
  return match?.[1] ?? null;
}

const LANDER_PAGE = new RegExp(`^/landers/(${EXPERIMENT_LANDERS.join('|')})(?:/[A-Za-z0-9_-]{1,80})?/?$`);

/** The lander a visitor's path shows (`/landers/gallery`, `/landers/gallery/she-eng`), or null. */
export function landerOfPath(path: string): ExperimentLander | null {
  return (LANDER_PAGE.exec(path)?.[1] as ExperimentLander | undefined) ?? null;
}

/** The lander → variant pairs of the `lander_variants` cookie (malformed parts skipped). */
export function readVariantCookie(value: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (value ?? '').split('~')) {
    const match = /^([a-z]{1,40})\.([a-z0-9]{1,12})$/.exec(part);
    if (match?.[1] && match[2]) pairs.set(match[1], match[2]);
  }
  return pairs;
}

export function writeVariantCookie(pairs: ReadonlyMap<string, string>): string {
  return [...pairs].map(([lander, variant]) => `${lander}.${variant}`).join('~');
}

export interface VariantChoice {
  variant: string;
  /** The new `lander_variants` cookie value, or null when the cookie stays as it is. */
  cookie: string | null;
}

/**
 * The variant a request for an experiment's lander is served: the one `?variant=` names
 * (when it is one of the experiment's), else the cookie's (when still one of them), else one
 * drawn by the weights, then kept in the cookie.
 */
export function chooseVariant(
  experiment: LanderExperiment,
  cookie: string | undefined,
  asked: string | undefined,
  random: () => number,
): VariantChoice {
  const ids = [CONTROL, ...experiment.variants.map((v) => v.id)];
  const pairs = readVariantCookie(cookie);
  const held = pairs.get(experiment.lander);
  const variant =
    asked !== undefined && ids.includes(asked)
      ? asked
      : held !== undefined && ids.includes(held)
        ? held
        : drawVariant(experiment, random());
  if (variant === held) return { variant, cookie: null };
  pairs.delete(experiment.lander);
  pairs.set(experiment.lander, variant);
  return { variant, cookie: writeVariantCookie(pairs) };
}

/** The lander and variant of the `lander` cookie when both are known on this site and locale. */
export function readLandingCookie(
  value: string | undefined,
  siteId: string,
  locale: string,
): { lander: ExperimentLander; variant: string } | null {
  const match = /^([a-z]{1,40})\.([a-z0-9]{1,12})$/.exec(value ?? '');
  const lander = EXPERIMENT_LANDERS.find((l) => l === match?.[1]);
  const variant = match?.[2];
  if (!lander || !variant || !variantIdsOf(siteId, locale, lander).includes(variant)) return null;
  return { lander, variant };
}
