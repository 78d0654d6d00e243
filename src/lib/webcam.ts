/**
 * Webcam and reseller content rules, shared by the server (cams search) and the search client
 * (SPEC §6 'Webcam eligibility', §9 'Webcam slots'). Pure functions, no I/O.
 *
 * Eligibility: the caller is a logged-in member (the cams calls require login, and visitors
 * never see the cards); on top of that the member must not be a paid user, must have signed up
 * more than WEBCAM_ELIGIBILITY_MS ago, and the site's member_resell must include 'cams' (cam
 * cards) or 'camads' (reseller ad cards).
 *
 * Slots: the whole list of profiles is cut into blocks of WEBCAM_BLOCK_SIZE; in each block a
 * cam card follows the profile at index WEBCAM_CAM_SLOT_AFTER and an ad card follows the one at
 * index WEBCAM_AD_SLOT_AFTER. Because the rule is applied to the whole list, a second page
 * simply continues the blocks of the first.
 */
import { WEBCAM_AD_SLOT_AFTER, WEBCAM_BLOCK_SIZE, WEBCAM_CAM_SLOT_AFTER, WEBCAM_ELIGIBILITY_MS } from './constants.ts';

export interface WebcamEligibility {
  cams: boolean;
  camads: boolean;
}

const NONE: WebcamEligibility = { cams: false, camads: false };

/**
 * Which webcam content a logged-in member may see. A signup date that cannot be read makes
 * the member ineligible (we cannot tell that the 4 days have passed).
 */
export function webcamEligibility(input: {
  paidUser: boolean;
  signupDate: Date | string;
  now: Date | number;
  memberResell: readonly string[];
}): WebcamEligibility {
  if (input.paidUser) return NONE;
  const signup = new Date(input.signupDate).getTime();
  const now = typeof input.now === 'number' ? input.now : input.now.getTime();
  if (!Number.isFinite(signup) || !Number.isFinite(now)) return NONE;
  if (now - signup <= WEBCAM_ELIGIBILITY_MS) return NONE;
  return { cams: input.memberResell.includes('cams'), camads: input.memberResell.includes('camads') };
}

/** Whether any webcam content may be shown (and the cams search is worth calling). */
export function anyWebcamContent(eligibility: WebcamEligibility): boolean {
  return eligibility.cams || eligibility.camads;
}

export type SearchItem<P, C> = { kind: 'profile'; profile: P } | { kind: 'cam'; cam: C } | { kind: 'ad' };

/**
 * The search list with cam and ad cards mixed in. Block k (profiles k*12 … k*12+11) gets
 * cams[k] after its profile at index 1 (when it has one and the member may see cams) and an
 * ad card after its profile at index 5 (when it has one and the member may see ads). A block
 * without an available cam gets no cam card; cams are never repeated.
 */
export function mixWebcamCards<P, C>(
  profiles: readonly P[],
  cams: readonly C[],
  eligibility: WebcamEligibility,
): SearchItem<P, C>[] {
  const items: SearchItem<P, C>[] = [];
  profiles.forEach((profile, index) => {
    items.push({ kind: 'profile', profile });
    const block = Math.floor(index / WEBCAM_BLOCK_SIZE);
    const inBlock = index % WEBCAM_BLOCK_SIZE;
    if (inBlock === WEBCAM_CAM_SLOT_AFTER && eligibility.cams && block < cams.length) {
      items.push({ kind: 'cam', cam: cams[block] as C });
    }
    if (inBlock === WEBCAM_AD_SLOT_AFTER && eligibility.camads) items.push({ kind: 'ad' });
  });
  return items;
}
