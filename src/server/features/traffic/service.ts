/**
 * Bounce counting (SPEC §4 "Page bounce logging"; contract src/contract/traffic.ts): one
 * daily counter per site, page path and network in `page_bounces`, nothing about the
 * visitor. The page is read from the beacon's Referer, which browsers send in full for a
 * same-origin request (the pages' Referrer-Policy is strict-origin-when-cross-origin).
 */
import { lt, sql } from 'drizzle-orm';
import { CONTROL, landerOfPath, readVariantCookie, variantIdsOf } from '#src/landers/experiments.ts';
import { LANDERS, SWIPE_LANDER } from '#src/lib/constants.ts';
import { cleanTrafficValue, trafficFieldMax } from '#src/lib/traffic.ts';
import type { Db } from '#src/server/db/client.ts';
import { pageBounces } from '#src/server/db/schema.ts';

/** The path counted when the Referer is missing, malformed or of another host. */
export const UNKNOWN_PATH = '(unknown)';
/** Longest stored path; longer ones are cut. */
export const PATH_MAX = 200;
/** How long daily counters are kept (dropped by the hourly purge). */
export const BOUNCE_RETENTION_DAYS = 400;

export interface BouncedPage {
  path: string;
  /** The page's `network` parameter, cleaned like the stored traffic source; '' for none. */
  network: string;
}

// A profile id or a campaign slug: one plain path segment.
const SEGMENT = '[A-Za-z0-9_-]{1,80}';
const LANDER_PATHS = [
  '/',
  '/signup',
  '/signup-matches',
  `/members/${SEGMENT}/(?:landing|signup)`,
  `/members/${SEGMENT}/landing[23](?:/${SEGMENT})?`,
  `/landers/(?:${LANDERS.join('|')})(?:/${SEGMENT})?`,
  `/landers/${SWIPE_LANDER}`,
];
const LANDER_PATH = new RegExp(`^(?:${LANDER_PATHS.join('|')})/?$`);

/**
 * The landing pages of SPEC §2.1 an affiliate sends visitors to (the home page, signup,
 * the profile landers, the marketing landers): only their bounces are counted, so a beacon
 * cannot make a row for any path it likes.
 */
export function isLanderPath(path: string): boolean {
  return LANDER_PATH.test(path);
}

/**
 * The page a beacon reports: the Referer's path and `network` parameter when the Referer is
 * a page of the request's own host (`host`, port included); the unknown path when the
 * Referer is missing or of another host; null (not counted) for an own page that is no
 * lander.
 */
export function bouncedPage(referer: string | undefined, host: string | undefined): BouncedPage | null {
  let url: URL;
  try {
    url = new URL(referer ?? '');
  } catch {
    return { path: UNKNOWN_PATH, network: '' };
  }
  const ownHost = (host ?? '').trim().toLowerCase();
  if (!ownHost || url.host !== ownHost || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return { path: UNKNOWN_PATH, network: '' };
  }
  if (!isLanderPath(url.pathname)) return null;
  return {
    path: url.pathname.slice(0, PATH_MAX),
    network: cleanTrafficValue(url.searchParams.get('network') ?? '', trafficFieldMax('network')),
  };
}

/** The UTC calendar day of a moment, as 'YYYY-MM-DD'. */
export function bounceDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The variant of a marketing lander the visitor was shown: the one the `lander_variants`
 * cookie names (the static server keeps the variant it served there) when this site and
 * locale show it, else the control; '' for a page that is no marketing lander.
 */
export function bouncedVariant(
  path: string,
  siteId: string,
  locale: string,
  variantCookie: string | undefined,
): string {
  const lander = landerOfPath(path);
  if (!lander) return '';
  const held = readVariantCookie(variantCookie).get(lander);
  return held !== undefined && variantIdsOf(siteId, locale, lander).includes(held) ? held : CONTROL;
}

/** Where a bounce happened: the site and locale of the request, the variant it was shown. */
export interface BounceAt {
  siteId: string;
  locale: string;
  variant: string;
}

/** Counts one bounce (atomic upsert). */
export async function countBounce(db: Db, at: BounceAt, page: BouncedPage, now: Date): Promise<void> {
  await db
    .insert(pageBounces)
    .values({ ...at, day: bounceDay(now), path: page.path, network: page.network, count: 1 })
    .onConflictDoUpdate({
      target: [
        pageBounces.siteId,
        pageBounces.day,
        pageBounces.path,
        pageBounces.network,
        pageBounces.locale,
        pageBounces.variant,
      ],
      set: { count: sql`${pageBounces.count} + 1` },
    });
}

/** Drops the counters of days more than BOUNCE_RETENTION_DAYS before `now`. */
export async function prunePageBounces(db: Db, now: Date): Promise<void> {
  const oldest = bounceDay(new Date(now.getTime() - BOUNCE_RETENTION_DAYS * 86_400_000));
  await db.delete(pageBounces).where(lt(pageBounces.day, oldest));
}
