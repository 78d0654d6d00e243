/**
 * Lander visits and experiments (docs/traffic.md "Lander visits", "Lander experiments"): the
 * visit counter the marketing landers request with an image, one daily counter per site,
 * locale, lander, variant, network and sub-id in `lander_visits`, nothing about the visitor;
 * and the lander a member signed up from, read from the `lander` cookie the counter set.
 */
import { sql } from 'drizzle-orm';
import { parse as parseCookie } from 'hono/utils/cookie';
import { EXPERIMENT_LANDERS, LANDING_COOKIE, readLandingCookie, variantIdsOf } from '#src/landers/experiments.ts';
import { captureTrafficSource } from '#src/lib/traffic.ts';
import type { Db } from '#src/server/db/client.ts';
import { landerVisits } from '#src/server/db/schema.ts';
import { bounceDay } from './service.ts';

/** A transparent 1×1 GIF: the counter's answer to the image that asked. */
export const PIXEL_GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (char) =>
  char.charCodeAt(0),
);

export interface LanderVisit {
  siteId: string;
  locale: string;
  lander: string;
  variant: string;
  /** The page's address (the image request's Referer), for its network and sub-id. */
  referer: string | undefined;
  /** The request's host, port included: only a Referer of the same host is read. */
  host: string | undefined;
}

/** Whether a lander and variant are ones this site and locale show (the control always is). */
export function isShownVariant(siteId: string, locale: string, lander: string, variant: string): boolean {
  return (
    (EXPERIMENT_LANDERS as readonly string[]).includes(lander) && variantIdsOf(siteId, locale, lander).includes(variant)
  );
}

/** The network and sub-id of the page that asked, when it is a page of this host ('' otherwise). */
function sourceOfReferer(referer: string | undefined, host: string | undefined): { network: string; sub1: string } {
  try {
    const url = new URL(referer ?? '');
    if (url.host !== (host ?? '').trim().toLowerCase()) return { network: '', sub1: '' };
    const { source } = captureTrafficSource(url);
    return { network: source?.network ?? '', sub1: source?.sub1 ?? '' };
  } catch {
    return { network: '', sub1: '' };
  }
}

/** Counts one visit (atomic upsert). */
export async function countLanderVisit(db: Db, visit: LanderVisit, now: Date): Promise<void> {
  const { network, sub1 } = sourceOfReferer(visit.referer, visit.host);
  await db
    .insert(landerVisits)
    .values({
      day: bounceDay(now),
      siteId: visit.siteId,
      locale: visit.locale,
      lander: visit.lander,
      variant: visit.variant,
      network,
      sub1,
      count: 1,
    })
    .onConflictDoUpdate({
      target: [
        landerVisits.day,
        landerVisits.siteId,
        landerVisits.locale,
        landerVisits.lander,
        landerVisits.variant,
        landerVisits.network,
        landerVisits.sub1,
      ],
      set: { count: sql`${landerVisits.count} + 1` },
    });
}

/**
 * The lander and variant a signup came from: the `lander` cookie of the request, when it
 * names a lander and variant this site and locale show; null otherwise.
 */
export function signupLanding(
  cookieHeader: string | undefined,
  siteId: string,
  locale: string,
): { lander: string; variant: string } | null {
  const value = cookieHeader ? parseCookie(cookieHeader, LANDING_COOKIE)[LANDING_COOKIE] : undefined;
  return readLandingCookie(value, siteId, locale);
}
