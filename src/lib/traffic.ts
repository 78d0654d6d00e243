/**
 * Affiliate traffic source and bounce logging rules (SPEC §3 "Traffic source (stored)", §4
 * "Page bounce logging"), shared by the landing script (src/scripts/traffic.ts), the inline
 * loader in every page's head and the bounce beacon's server side. Pure: no DOM, no storage.
 *
 * - sub1 comes from `sub`, `sub1`, `aff_sub` or `aff_sub1`; sub2 from `sub2` or `aff_sub2`;
 *   sub3 from `sub3` or `aff_sub3`. The first of those names (in that order) with a value
 *   left after cleaning wins.
 * - network comes from `network`, ref from `ref` (SPEC leaves both open; docs/traffic.md).
 * - Values are cleaned: braces and control characters removed (an affiliate's unfilled
 *   macro '{clickid}' leaves 'clickid'), trimmed, cut to the lengths the signup contract
 *   accepts (`trafficSource` in src/contract/accounts.ts).
 * - The sub parameters, `cpc` and `ref` are then removed from the address; `network` stays
 *   because the visitor search sends it as its trafficsource, `lb` stays because it switches
 *   bounce logging on for the page (and its reloads).
 */
import type { TrafficSource } from '#src/contract/accounts.ts';

/** localStorage key of the captured source; the signup store reads it (TRAFFIC_SOURCE_KEY). */
export const TRAFFIC_STORAGE_KEY = 'trafficsource';

/** Where the bounce beacon goes (src/contract/traffic.ts `postPageHidden`). */
export const PAGE_HIDDEN_PATH = '/api/page-hidden.php';

/** The marketing landers' visit counter, an image request (src/contract/traffic.ts `getLanderVisit`). */
export const LANDER_VISIT_PATH = '/api/lander-visit.php';

/** The visit counter's address on a lander's page (its variant: docs/traffic.md "Lander experiments"). */
export function landerVisitUrl(visit: { lander: string; variant: string }): string {
  return `${LANDER_VISIT_PATH}?${new URLSearchParams({ lander: visit.lander, variant: visit.variant }).toString()}`;
}

/** The URL the inline loader imports; scripts/lib/traffic-script.ts writes it into each site root. */
export const TRAFFIC_SCRIPT_PATH = '/traffic.js';

/** The query parameter that switches bounce logging on (SPEC §4). */
export const BOUNCE_PARAM = 'lb';

export type TrafficField = keyof TrafficSource;

/** Query parameters per field, in the order of precedence. */
export const TRAFFIC_ALIASES: Readonly<Record<TrafficField, readonly string[]>> = {
  network: ['network'],
  ref: ['ref'],
  sub1: ['sub', 'sub1', 'aff_sub', 'aff_sub1'],
  sub2: ['sub2', 'aff_sub2'],
  sub3: ['sub3', 'aff_sub3'],
};

/** The longest value each field keeps: the limits of `trafficSource` in the signup contract. */
export const trafficFieldMax = (field: TrafficField): number => (field === 'network' ? 100 : 200);

/** Parameters taken out of the address once read: SPEC §3 (the sub parameters, cpc) and ref. */
export const REMOVED_PARAMS: ReadonlySet<string> = new Set([
  ...TRAFFIC_ALIASES.sub1,
  ...TRAFFIC_ALIASES.sub2,
  ...TRAFFIC_ALIASES.sub3,
  ...TRAFFIC_ALIASES.ref,
  'cpc',
]);

/**
 * A RegExp source that matches a `location.search` holding any parameter this module reads
 * or removes, `lb` included, with or without a value ('?lb', '?lb=1&x', '&sub=…').
 */
export const TRAFFIC_QUERY_PATTERN = '[?&]((aff_)?sub[123]?|cpc|network|ref|lb)(=|&|$)';

/**
 * The inline script for every page's head: loads the landing script only when the address
 * has something for it, so ordinary visits load nothing. A failed load stays silent.
 */
export const TRAFFIC_LOADER: string = /* @__PURE__ */ [
  // A pure call (not a template literal) lets esbuild leave this out of /traffic.js.
  `/${TRAFFIC_QUERY_PATTERN}/.test(location.search)`,
  `&&import('${TRAFFIC_SCRIPT_PATH}').catch(()=>{})`,
].join('');

// Control characters have no place in a stored label; braces are unfilled macro marks.
// eslint-disable-next-line no-control-regex
const NOISE = /[{}\u0000-\u001f\u007f]/g;

/** A parameter value as stored: braces and control characters removed, trimmed, cut to `max`. */
export function cleanTrafficValue(value: string, max: number): string {
  return value.replace(NOISE, '').trim().slice(0, max);
}

/** The decoded name of one `name=value` part of a query string (never throws). */
const paramName = (part: string): string | undefined => [...new URLSearchParams(part).keys()][0];

export interface CapturedTraffic {
  /** The traffic source the address carries; null when no field has a value. */
  source: TrafficSource | null;
  /** The address without the removed parameters; null when it has none of them. */
  cleanUrl: URL | null;
}

/** Reads the traffic source from a landing address (SPEC §3 "Traffic source (stored)"). */
export function captureTrafficSource(url: URL): CapturedTraffic {
  const params = url.searchParams;
  const source: TrafficSource = {};
  for (const field of Object.keys(TRAFFIC_ALIASES) as TrafficField[]) {
    for (const name of TRAFFIC_ALIASES[field]) {
      const value = params
        .getAll(name)
        .map((v) => cleanTrafficValue(v, trafficFieldMax(field)))
        .find(Boolean);
      if (value) {
        source[field] = value;
        break;
      }
    }
  }

  // The query is filtered part by part, so the parameters that stay keep their exact
  // spelling (URLSearchParams would re-encode them, e.g. '%20' as '+').
  const parts = url.search.slice(1).split('&').filter(Boolean);
  const kept = parts.filter((part) => !REMOVED_PARAMS.has(paramName(part) ?? ''));
  let cleanUrl: URL | null = null;
  if (kept.length < parts.length) {
    cleanUrl = new URL(url.href);
    cleanUrl.search = kept.join('&');
  }
  return { source: Object.keys(source).length > 0 ? source : null, cleanUrl };
}
