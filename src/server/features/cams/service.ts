/**
 * Webcam and reseller content of the member search (contract src/contract/cams.ts; SPEC §3
 * 'Webcam result', §6 'Webcam eligibility', §7). Who may see it is the shared rule of
 * src/lib/webcam.ts, checked here too: an ineligible member gets no cams and no redirects.
 */
import { eq } from 'drizzle-orm';
import type { SiteConfig } from '#sites-config';
import type { CamEntry } from '#src/contract/cams.ts';
import type { Gender } from '#src/lib/constants.ts';
import { webcamEligibility, type WebcamEligibility } from '#src/lib/webcam.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts } from '#src/server/db/schema.ts';
import type { CamProvider } from '#src/server/providers/cams/types.ts';
import { loadSite } from '#src/server/features/site/index.ts';

/** Cam entries one search answers at most: two pages of blocks, one cam per block of 12. */
export const CAM_SEARCH_LIMIT = 24;

/** What a logged-in member of the site may see: cam cards, ad cards, both or neither. */
export async function loadEligibility(
  db: Db,
  accountId: number,
  site: SiteConfig,
  now: Date,
): Promise<WebcamEligibility> {
  const [[account], loaded] = await Promise.all([
    db
      .select({ paidUser: accounts.paidUser, signupDate: accounts.signupDate })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1),
    loadSite(db, site),
  ]);
  if (!account) return { cams: false, camads: false };
  return webcamEligibility({
    paidUser: account.paidUser,
    signupDate: account.signupDate,
    now,
    memberResell: loaded.settings.member_resell,
  });
}

export interface CamSearchInput {
  gender?: Gender | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

/**
 * The live profiles for the search's filter, by account, at most CAM_SEARCH_LIMIT; none for a
 * member who may not see cam cards. A failing provider is logged and answers none: the cards
 * are an extra, the search goes on without them.
 */
export async function searchCams(
  provider: CamProvider,
  eligibility: WebcamEligibility,
  query: CamSearchInput,
  signal?: AbortSignal,
): Promise<Record<string, CamEntry>> {
  if (!eligibility.cams) return {};
  let found;
  try {
    found = await provider.search({ gender: query.gender, minAge: query.min_age, maxAge: query.max_age }, signal);
  } catch (error) {
    if (signal?.aborted) return {};
    console.error(`[cams] the ${provider.kind} provider failed:`, error instanceof Error ? error.message : error);
    return {};
  }
  // Only the contract's fields leave; an account the provider lists twice counts once.
  const entries = new Map<string, CamEntry>();
  for (const cam of found) {
    if (entries.size >= CAM_SEARCH_LIMIT) break;
    if (!entries.has(cam.account)) {
      entries.set(cam.account, { account: cam.account, name: cam.name, age: cam.age, snapshot: cam.snapshot });
    }
  }
  return Object.fromEntries(entries);
}

/** The reseller partner's URL for a flow of a site: the configured URL with flow and site added. */
export function resellPartnerTarget(partnerUrl: string, flow: string, siteId: string): string {
  const url = new URL(partnerUrl);
  url.searchParams.set('flow', flow);
  url.searchParams.set('site', siteId);
  return url.toString();
}
