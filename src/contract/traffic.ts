/**
 * The bounce beacon (SPEC §4 "Page bounce logging", §7 page-hidden.php). A landing page
 * with `lb` in its address sends it once when it becomes hidden while the visitor has not
 * gone on into the site (src/scripts/traffic.ts). The server counts it per site, day, page
 * path and network, taken from the beacon's Referer (docs/traffic.md).
 */
import { LANDER_VISIT_PATH, PAGE_HIDDEN_PATH } from '#src/lib/traffic.ts';
import { defineEndpoint, noInput } from './define.ts';
import * as z from 'zod/mini';

/**
 * POST /api/page-hidden.php with an empty JSON body (`{}`, or no body at all): always
 * answers 204 No Content, also when the request is not counted (unknown host, over the
 * per-IP limit), because a beacon's answer is never read. Only a body that is not an
 * empty JSON object, or a non-JSON content type, is refused (400 / 415).
 */
export const postPageHidden = defineEndpoint({
  method: 'POST',
  path: PAGE_HIDDEN_PATH,
  body: noInput,
  response: z.never(),
  roles: 'public',
});

/**
 * GET /api/lander-visit.php?lander=&variant=: a marketing lander's visit counter, requested
 * by an image on the lander's page (no JavaScript; docs/traffic.md "Lander visits"). Counted
 * per site, locale, day, lander, variant and the page's network and sub-id (from the
 * Referer); the answer keeps the lander and variant in the `lander` cookie, which the signup
 * stores with the traffic source. Always a 1×1 transparent GIF (200), also when it counts
 * nothing (an unknown lander or variant, over the per-IP limit); a missing or malformed
 * parameter is 400.
 */
export const getLanderVisit = defineEndpoint({
  method: 'GET',
  path: LANDER_VISIT_PATH,
  query: z.object({
    lander: z.string().check(z.regex(/^[a-z]{1,40}$/)),
    variant: z.string().check(z.regex(/^[a-z0-9]{1,12}$/)),
  }),
  response: z.never(),
  roles: 'public',
});
