/**
 * Webcam and reseller content in the member search (SPEC §2.7 'Webcam card', §3 'Webcam
 * result', §6 'Webcam eligibility', §7, §9 'Webcam slots'). The calls live under the fixed
 * segment CAM_PROVIDER_SEGMENT. The provider behind them is chosen by configuration; the
 * offline default is a demo feed whose snapshots are served by this server.
 *
 * Eligible: a logged-in member who is not a paid user, signed up more than
 * WEBCAM_ELIGIBILITY_MS ago, on a site whose member_resell includes 'cams' (cam cards) or
 * 'camads' (reseller ad cards). The server checks it too: an ineligible member gets no cams.
 */
import * as z from 'zod/mini';
import { CAM_PROVIDER_SEGMENT, GENDERS } from '#src/lib/constants.ts';
import { defineEndpoint, optionalQueryValue } from './define.ts';

const blank = (value: unknown) => (value === '' ? undefined : value);
const age = optionalQueryValue(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(120)));

export const camSearchQuery = z.looseObject({
  gender: optionalQueryValue(z.enum(GENDERS)),
  min_age: age,
  max_age: age,
});

/** One live webcam profile (SPEC §3 'Webcam result': the account; the rest is ours). */
export const camEntry = z.object({
  account: z.string().check(z.minLength(1), z.maxLength(80)),
  name: z.string(),
  age: z.nullable(z.number().check(z.int())),
  /** The snapshot image, loaded from the provider by account. */
  snapshot: z.string(),
});
export type CamEntry = z.infer<typeof camEntry>;

/** GET /api/{cam-provider}/search.php: `cams` is an object of entries by account. */
export const getCamSearch = defineEndpoint({
  method: 'GET',
  path: `/api/${CAM_PROVIDER_SEGMENT}/search.php`,
  query: camSearchQuery,
  response: z.object({ cams: z.record(z.string(), camEntry) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/** Opened in a new window: redirects (302) to the provider's page of the account. */
export const CAM_REDIRECT_PATH = `/api/${CAM_PROVIDER_SEGMENT}/redirect.php`;
/** The demo feed's snapshot images (`?account=`); a real provider serves its own. */
export const CAM_SNAPSHOT_PATH = `/api/${CAM_PROVIDER_SEGMENT}/snapshot.php`;
/** Opened in a new window with flow=profile-search&redirect=1: redirects to the reseller partner. */
export const RESELL_PARTNER_PATH = '/api/resellpartner.php';

const accountQuery = z.object({ account: z.string().check(z.minLength(1), z.maxLength(80)) });

/**
 * GET CAM_REDIRECT_PATH?account=: 302 to the provider's page of the account, for members who
 * may see cam cards (403 forbidden otherwise); 404 for an account the provider does not know.
 */
export const getCamRedirect = defineEndpoint({
  method: 'GET',
  path: CAM_REDIRECT_PATH,
  query: accountQuery,
  response: z.never(),
  errors: ['authentication_required', 'unknown_site', 'forbidden', 'not_found'],
  roles: ['member'],
});

/** GET CAM_SNAPSHOT_PATH?account=: the demo feed's snapshot image (image/jpeg); 404 when unknown. */
export const getCamSnapshot = defineEndpoint({
  method: 'GET',
  path: CAM_SNAPSHOT_PATH,
  query: accountQuery,
  response: z.never(),
  errors: ['not_found'],
  roles: 'public',
});

/**
 * GET RESELL_PARTNER_PATH?flow=&redirect=1: 302 to the configured reseller partner, with the
 * flow and the site as query parameters, for members who may see ad cards (403 otherwise).
 */
export const getResellPartner = defineEndpoint({
  method: 'GET',
  path: RESELL_PARTNER_PATH,
  query: z.looseObject({
    flow: z.pipe(z.transform(blank), z._default(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)), 'profile-search')),
    redirect: z.optional(z.string()),
  }),
  response: z.never(),
  errors: ['authentication_required', 'unknown_site', 'forbidden'],
  roles: ['member'],
});

export function camRedirectUrl(account: string): string {
  return `${CAM_REDIRECT_PATH}?account=${encodeURIComponent(account)}`;
}
export function resellPartnerUrl(flow = 'profile-search'): string {
  return `${RESELL_PARTNER_PATH}?flow=${encodeURIComponent(flow)}&redirect=1`;
}
