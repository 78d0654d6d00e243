/**
 * Lighthouse CI of one site (docs/sites-ci.md "Lighthouse CI"): the configuration
 * `npm run workflows` writes to .github/lighthouse/<site>.json from sites.config.ts, which the
 * site's pull-request job runs with `lhci autorun` over the built static root of the site's
 * default locale. Four page types, each with its budgets: performance ≥ 98 and accessibility
 * 100 on every page, and a page weight per type (everything the page loads, as transferred).
 */
import type { SiteConfig } from '#sites-config';
import { landerPath } from '#src/landers/paths.ts';
import type { Lander } from '#src/lib/constants.ts';

/** The `@lhci/cli` release the workflow runs (`npm exec`, not a dependency of the project). */
export const LHCI_PACKAGE = '@lhci/cli@0.15.1';

/** Where `lhci upload` writes each run's HTML and JSON report (with its screenshots). */
export const LHCI_REPORTS = '.lighthouseci/reports';

export const SCORE_BUDGETS = { performance: 0.98, accessibility: 1 } as const;

export type PageType = 'lander' | 'home' | 'pricing' | 'legal';

/**
 * Page weight budgets in KB (1,024 bytes), Lighthouse's `total-byte-weight`: HTML, CSS, scripts,
 * images and fonts as transferred (gzip from LHCI's static server; no API behind it). Measured
 * on 2026-11-29 with this setup on default/en: home 18.0 KB, pricing 15.5 KB, terms 17.4 KB; by
 * `npm run bench` through the app with the API and brotli (docs/benchmarks.md): home 45 KB
 * (with the members the API fills in), legal 15 KB, pricing 14 KB. Each budget is about a third
 * over the heavier of the two, so a real regression fails and the next small change does not.
 */
export const WEIGHT_BUDGETS_KB: Record<Exclude<PageType, 'lander'>, number> = { home: 60, pricing: 21, legal: 24 };

/**
 * The landers' designs weigh from 19 to 68 KB (measured as above on default/en: iconslanding
 * 19.1, collagelanding 26.5, video 35.6, alonetonight 38.2, maplanding 39.1, gallery 44.1,
 * socialnetwork 53.3, transitionsvideolanding 68.4; `npm run bench`: 36 KB the median), so
 * each design has its budget, about 30 % over its weight, rounded up to 5 KB.
 */
export const LANDER_WEIGHT_BUDGETS_KB: Record<Lander, number> = {
  alonetonight: 50,
  collagelanding: 35,
  gallery: 60,
  iconslanding: 25,
  maplanding: 55,
  socialnetwork: 70,
  transitionsvideolanding: 90,
  video: 50,
};

/** The legal page every site is checked on (the longest of them). */
const LEGAL_PAGE = 'terms';

export interface LighthousePage {
  type: PageType;
  /** Its page weight budget, KB. */
  weightKb: number;
  /** The page's path on the static root: its file's (LHCI's server maps no extensionless paths). */
  path: string;
}

/**
 * The pages of a site that Lighthouse CI checks, in its default locale. Each site checks one
 * lander design, a different one per site (by its place in sites.config.ts), so the matrix
 * covers the designs without running every design on every site.
 */
export function lighthousePages(site: SiteConfig, index: number): LighthousePage[] {
  const lander = site.landers[index % site.landers.length];
  return [
    ...(lander
      ? [
          {
            type: 'lander' as const,
            path: `${landerPath(lander, site, site.defaultLocale)}.html`,
            weightKb: LANDER_WEIGHT_BUDGETS_KB[lander],
          },
        ]
      : []),
    { type: 'home', path: '/', weightKb: WEIGHT_BUDGETS_KB.home },
    { type: 'pricing', path: '/pricing.html', weightKb: WEIGHT_BUDGETS_KB.pricing },
    { type: 'legal', path: `/pages/${LEGAL_PAGE}.html`, weightKb: WEIGHT_BUDGETS_KB.legal },
  ];
}

/** An LHCI assertion: a failure of the job when the audit misses the bound. */
type Assertion = ['error', { minScore?: number; maxNumericValue?: number; aggregationMethod?: 'median-run' }];

/** Assertions for the pages whose URL matches the pattern (every matching entry applies). */
interface AssertMatrixEntry {
  matchingUrlPattern: string;
  assertions: Record<string, Assertion>;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The `lighthouserc` of a site (its `ci` key); paths are relative to the repository. */
export function lighthouseConfig(site: SiteConfig, index: number) {
  const pages = lighthousePages(site, index);
  const weight = (page: LighthousePage): AssertMatrixEntry => ({
    matchingUrlPattern: `^http://localhost:\\d+${escapeRegex(page.path)}$`,
    assertions: {
      'total-byte-weight': ['error', { maxNumericValue: page.weightKb * 1024 }],
    },
  });
  const scores: AssertMatrixEntry = {
    matchingUrlPattern: '.*',
    assertions: {
      'categories:performance': ['error', { minScore: SCORE_BUDGETS.performance, aggregationMethod: 'median-run' }],
      'categories:accessibility': ['error', { minScore: SCORE_BUDGETS.accessibility }],
    },
  };
  return {
    ci: {
      collect: {
        staticDistDir: `dist/sites/${site.id}/${site.defaultLocale}`,
        url: pages.map((page) => `http://localhost${page.path}`),
        numberOfRuns: 3,
        settings: {
          // Mobile, simulated throttling: Lighthouse's defaults, as `npm run bench` measures.
          onlyCategories: ['performance', 'accessibility'],
          chromeFlags: '--no-sandbox --disable-gpu',
        },
      },
      assert: { assertMatrix: [scores, ...pages.map(weight)] },
      upload: { target: 'filesystem', outputDir: LHCI_REPORTS },
    },
  };
}

/** The file of .github/lighthouse/ for a site. */
export function lighthouseConfigFile(site: SiteConfig): string {
  return `${site.id}.json`;
}
